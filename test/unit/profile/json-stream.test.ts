import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JsonParseError, JsonStreamParser, parseJsonBytes } from '../../../app/profile/import/json/stream-parser.js';
import { PROFILE_FIXTURES } from '../../helpers/fixtures.js';
import { seeded } from '../../../scripts/seeded.js';

/** Typed arrays back to plain arrays, for comparing with JSON.parse. */
function plain(v: unknown): unknown {
  if (ArrayBuffer.isView(v)) return Array.from(v as unknown as ArrayLike<number>);
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

function parseChunked(bytes: Uint8Array, sizes: () => number, options = {}) {
  const parser = new JsonStreamParser(options);
  for (let at = 0; at < bytes.length; ) {
    const n = Math.max(1, sizes());
    parser.write(bytes.subarray(at, at + n));
    at += n;
  }
  return parser.end();
}

function errorOf(fn: () => unknown): JsonParseError {
  try {
    fn();
  } catch (err) {
    if (err instanceof JsonParseError) return err;
    throw err;
  }
  throw new Error('expected a JsonParseError');
}

// Every JSON fixture, <tool>/<version>/<file>: all but the V8 tick logs and the deliberately unterminated trace.
const jsonFixtures = (readdirSync(PROFILE_FIXTURES, { recursive: true }) as string[])
  .filter((f) => f.includes(sep) && statSync(join(PROFILE_FIXTURES, f)).isFile())
  .filter((f) => !f.endsWith('.log') && !f.includes('partial') && /\.(json|cpuprofile|heapprofile)$/.test(f))
  .sort();

describe('JsonStreamParser', () => {
  it.each(jsonFixtures)('parses %s like JSON.parse, whatever the chunking', (file) => {
    const bytes = readFileSync(join(PROFILE_FIXTURES, file));
    const expected = JSON.parse(bytes.toString('utf8'));
    const rand = seeded(file.length);
    for (const sizes of [() => bytes.length, () => 1 + Math.floor(rand() * 7), () => 1 + Math.floor(rand() * 5000)]) {
      const { value, truncated } = parseChunked(bytes, sizes, { packThreshold: 8 });
      expect(truncated).toBe(false);
      expect(plain(value)).toEqual(expected);
    }
  });

  it('packs long number arrays into typed arrays, Int32 while they fit and Float64 after', () => {
    const ints = Array.from({ length: 5000 }, (_, i) => i * 3 - 7);
    const mixed = [...ints, 2 ** 40, 0.5];
    const { value } = parseJsonBytes(JSON.stringify({ ints, mixed, short: [1, 2, 3], objs: ints.map(() => ({})).slice(0, 5) }));
    const v = value as Record<string, unknown>;
    expect(v.ints).toBeInstanceOf(Int32Array);
    expect(Array.from(v.ints as Int32Array)).toEqual(ints);
    expect(v.mixed).toBeInstanceOf(Float64Array);
    expect(Array.from(v.mixed as Float64Array)).toEqual(mixed);
    expect(v.short).toEqual([1, 2, 3]);
  });

  it('unpacks a number array that turns out to hold something else', () => {
    const list: unknown[] = [...Array.from({ length: 5000 }, (_, i) => i), 'x', { a: 1 }];
    const { value } = parseJsonBytes(JSON.stringify(list));
    expect(value).toEqual(list);
  });

  it('reads numbers, escapes and UTF-8 exactly like JSON.parse, cut anywhere', () => {
    const text = JSON.stringify({
      n: [0, -0, 1.5, -2.25e-3, 1e21, 123456789012345, 1234567890123456789, -1, 5e-324],
      s: ['plain', 'quote " back \\ slash / tab \t nl \n', '\u00e9t\u00e9 \u65e5\u672c \ud83d\ude80', '\u0000\u001f'],
      t: [true, false, null, {}, [], [[]], { '': 1, __proto__: 2 }],
    });
    const bytes = new TextEncoder().encode(text);
    const expected = JSON.parse(text);
    for (let cut = 1; cut < bytes.length; cut++) {
      const parser = new JsonStreamParser({ packThreshold: 4 });
      parser.write(bytes.subarray(0, cut));
      parser.write(bytes.subarray(cut));
      const { value } = parser.end();
      expect(plain(value)).toEqual(plain(expected));
    }
  });

  it('keeps __proto__ as an own property instead of changing the prototype', () => {
    const { value } = parseJsonBytes('{"__proto__": {"polluted": true}}');
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(value as object)).toEqual(['__proto__']);
  });

  it('skips a UTF-8 byte order mark', () => {
    expect(parseJsonBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x5b, 0x31, 0x5d])).value).toEqual([1]);
  });

  it.each([
    ['{"a":1', 'truncated'],
    ['{"a":"bc', 'truncated'],
    ['[1,2', 'truncated-array'],
    ['[{"a":1},{"b"', 'truncated-array'],
    ['', 'empty'],
    ['   \n ', 'empty'],
    ['{"a":1}}', 'malformed'],
    ['{"a":01}', 'malformed'],
    ['[1.]', 'malformed'],
    ['[-]', 'malformed'],
    ['[1e]', 'malformed'],
    ['[tru]', 'malformed'],
    ['[NaN]', 'malformed'],
    ["{'a':1}", 'malformed'],
    ['{"a" 1}', 'malformed'],
    ['[1 2]', 'malformed'],
    ['["a\nb"]', 'malformed'],
    ['["\\x"]', 'malformed'],
    ['["\\u12g4"]', 'malformed'],
    ['{"a":1,}', 'malformed'],
  ])('%j is %s', (text, kind) => {
    if (kind === 'truncated-array') {
      const r = parseJsonBytes(text);
      expect(r.truncated).toBe(true);
      expect(Array.isArray(r.value)).toBe(true);
      return;
    }
    expect(errorOf(() => parseJsonBytes(text)).kind).toBe(kind);
  });

  it('keeps the complete elements of a root array cut off mid-element', () => {
    const r = parseJsonBytes('[{"ph":"B","ts":1},{"ph":"E","ts":2},{"ph":"X","ts');
    expect(r).toEqual({ value: [{ ph: 'B', ts: 1 }, { ph: 'E', ts: 2 }], truncated: true });
  });

  it('refuses a million nested arrays quickly, without a stack overflow', () => {
    const deep = new Uint8Array(2_000_000);
    deep.fill(0x5b, 0, 1_000_000);
    deep.fill(0x5d, 1_000_000);
    const started = performance.now();
    const err = errorOf(() => parseJsonBytes(deep));
    expect(err.kind).toBe('too-deep');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a string longer than its limit', () => {
    expect(errorOf(() => parseJsonBytes(`["${'x'.repeat(5000)}"]`, { maxStringBytes: 1000 })).kind).toBe('too-large');
  });

  it('reports the byte offset of a syntax error', () => {
    const err = errorOf(() => parseChunked(new TextEncoder().encode('{"a": [1, 2, x]}'), () => 3));
    expect(err.offset).toBe(13);
    expect(err.message).toMatch(/found 'x'/);
  });
});
