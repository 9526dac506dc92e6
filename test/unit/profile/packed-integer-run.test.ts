// The packed integer run (samples, timeDeltas past the pack threshold): values, the kind of typed array they land in,
// and errors, against JSON.parse, whole and cut into chunks at every boundary.
import { describe, expect, it } from 'vitest';
import { JsonParseError, JsonStreamParser, parseJsonBytes } from '../../../app/profile/import/json/stream-parser.js';

const OPTIONS = { packThreshold: 2 };
const LEAD = '1,2,3,';

function inChunksAt(text: string, cut: number): unknown {
  const bytes = new TextEncoder().encode(text);
  const parser = new JsonStreamParser(OPTIONS);
  parser.write(bytes.subarray(0, cut));
  parser.write(bytes.subarray(cut));
  return parser.end().value;
}

function errorOf(fn: () => unknown): JsonParseError {
  try {
    fn();
  } catch (err) {
    if (err instanceof JsonParseError) return err;
    throw err;
  }
  throw new Error('no error');
}

const VALID: Array<[string, string]> = [
  ['nine-digit integers', '999999999,-999999999,100000000'],
  ['32-bit limits', '2147483647,-2147483648'],
  ['past 32 bits', '2147483648,-2147483649,1234567890'],
  ['15 and 16 digits', '123456789012345,1234567890123456,-9007199254740993'],
  ['huge', '1' + '0'.repeat(30)],
  ['minus zero', '-0,0,-0'],
  ['exponents', '1e3,1E3,-2e-2,5e+1,1e400'],
  ['fractions', '1.5,-0.25,0.0'],
  ['whitespace', ' 7 ,\n8\t,\r\n9 '],
  ['negatives', '-1,-22,-333'],
];

describe('packed integer runs', () => {
  for (const [what, body] of VALID) {
    it(`${what}: the same numbers as JSON.parse, whole and at every chunk boundary`, () => {
      const text = `{"samples":[${LEAD}${body}],"n":1}`;
      const expected = JSON.parse(text) as { samples: number[] };
      const whole = parseJsonBytes(text, OPTIONS).value as { samples: ArrayLike<number> };
      expect(ArrayBuffer.isView(whole.samples)).toBe(true);
      expect(Array.from(whole.samples)).toEqual(expected.samples);
      // -0 and non-32-bit values keep their exact value: the array becomes a Float64Array.
      const exact = expected.samples.every((v) => (v | 0) === v && !Object.is(v, -0));
      expect(whole.samples instanceof Int32Array).toBe(exact);
      for (let cut = 1; cut < text.length; cut++) {
        const chunked = inChunksAt(text, cut) as { samples: ArrayLike<number> };
        expect(Array.from(chunked.samples), `cut at ${cut}`).toEqual(expected.samples);
      }
    });
  }

  it('keeps minus zero as minus zero', () => {
    const v = parseJsonBytes(`[${LEAD}-0,4]`, OPTIONS).value as Float64Array;
    expect(Object.is(v[3], -0)).toBe(true);
  });

  it('a value of another type in the run turns it into a plain array', () => {
    const v = parseJsonBytes(`[${LEAD}4,"x",5]`, OPTIONS).value as unknown[];
    expect(v).toEqual([1, 2, 3, 4, 'x', 5]);
  });

  // The second packed array starts with a block as long as the first: exactly as long (handed over whole), shorter,
  // longer, and turned into floats part way.
  const SECOND: Array<[string, string]> = [
    ['as long', '7,8,9,10,11'],
    ['shorter', '7,8'],
    ['longer', '7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22'],
    ['with a float', '7,8.5,9,10,11'],
    ['with a 10-digit value', '7,8,9,10,12345678901'],
  ];
  for (const [what, second] of SECOND) {
    it(`a second packed array ${what} than the first: the same numbers as JSON.parse, at every chunk boundary`, () => {
      const text = `{"samples":[${LEAD}4,5],"timeDeltas":[${second}],"n":[${LEAD}4,5]}`;
      const expected = JSON.parse(text) as Record<string, number[]>;
      const plain = (v: unknown) => Object.fromEntries(Object.entries(v as Record<string, ArrayLike<number>>).map(([k, a]) => [k, Array.from(a)]));
      expect(plain(parseJsonBytes(text, OPTIONS).value)).toEqual(expected);
      for (let cut = 1; cut < text.length; cut++) expect(plain(inChunksAt(text, cut)), `cut at ${cut}`).toEqual(expected);
    });
  }

  const MALFORMED: Array<[string, string, string]> = [
    ['leading zero', `[${LEAD}012]`, 'malformed'],
    ['a lone minus', `[${LEAD}-,4]`, 'malformed'],
    ['two commas', `[${LEAD}4,,5]`, 'malformed'],
    ['a trailing comma', `[${LEAD}4,]`, 'malformed'],
    ['an exponent without digits', `[${LEAD}4e,5]`, 'malformed'],
    ['a letter after a number', `[${LEAD}45x]`, 'malformed'],
    ['cut inside the run', `{"samples":[${LEAD}45,67`, 'truncated'],
    ['cut after a comma', `{"samples":[${LEAD}45,`, 'truncated'],
  ];
  for (const [what, text, kind] of MALFORMED) {
    it(`${what}: ${kind}, whole and at every chunk boundary`, () => {
      expect(() => JSON.parse(text)).toThrow();
      const whole = errorOf(() => parseJsonBytes(text, OPTIONS));
      expect(whole.kind).toBe(kind);
      for (let cut = 1; cut < text.length; cut++) {
        const chunked = errorOf(() => inChunksAt(text, cut));
        expect([chunked.kind, chunked.offset], `cut at ${cut}`).toEqual([whole.kind, whole.offset]);
      }
    });
  }
});
