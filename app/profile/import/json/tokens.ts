// Token scanning for the streaming JSON parser: errors, numbers and strings over UTF-8 bytes. Offsets passed to
// `fail` are relative to the buffer being scanned; the parser adds its absolute position.

export type JsonErrorKind = 'empty' | 'malformed' | 'truncated' | 'too-deep' | 'too-large';

export class JsonParseError extends Error {
  constructor(
    readonly kind: JsonErrorKind,
    readonly detail: string,
    readonly offset: number,
  ) {
    super(`${detail} (byte ${offset})`);
    this.name = 'JsonParseError';
  }
}

export type Fail = (kind: JsonErrorKind, detail: string, at: number) => never;

/** The token is cut by the end of the buffer; more bytes may complete it. */
export const INCOMPLETE = -1;

/** The value of the last number scanNumber read (no allocation per number). */
export const scanned = { value: 0 };

export function unexpected(fail: Fail, buf: Uint8Array, i: number, expected: string): never {
  const c = buf[i]!;
  const shown = c >= 0x20 && c < 0x7f ? `'${String.fromCharCode(c)}'` : `byte 0x${c.toString(16).padStart(2, '0')}`;
  return fail('malformed', `expected ${expected} but found ${shown}`, i);
}

const utf8 = new TextDecoder('utf-8');
const ESCAPES: Record<number, string> = { 0x22: '"', 0x5c: '\\', 0x2f: '/', 0x62: '\b', 0x66: '\f', 0x6e: '\n', 0x72: '\r', 0x74: '\t' };

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

/**
 * Scans the number starting at `start`: returns its end (and leaves its value in `scanned.value`), or INCOMPLETE when
 * the buffer ends inside it and more may follow.
 */
export function scanNumber(buf: Uint8Array, start: number, final: boolean, fail: Fail): number {
  const len = buf.length;
  let j = start;
  if (buf[j] === 0x2d) j++;
  if (j >= len) return final ? fail('truncated', 'the JSON ends inside a number', start) : INCOMPLETE;
  const first = buf[j]!;
  let integer = 0;
  let digits = 0;
  if (first === 0x30) {
    j++;
    digits = 1;
  } else if (first >= 0x31 && first <= 0x39) {
    while (j < len) {
      const d = buf[j]! - 0x30;
      if (d < 0 || d > 9) break;
      integer = integer * 10 + d;
      digits++;
      j++;
    }
  } else {
    unexpected(fail, buf, j, 'a digit');
  }
  let plain = true;
  if (j < len && buf[j] === 0x2e) {
    plain = false;
    j++;
    const from = j;
    while (j < len && buf[j]! >= 0x30 && buf[j]! <= 0x39) j++;
    if (j === from && j < len) unexpected(fail, buf, j, 'a digit after the decimal point');
  }
  if (j < len && (buf[j] === 0x65 || buf[j] === 0x45)) {
    plain = false;
    j++;
    if (j < len && (buf[j] === 0x2b || buf[j] === 0x2d)) j++;
    const from = j;
    while (j < len && buf[j]! >= 0x30 && buf[j]! <= 0x39) j++;
    if (j === from && j < len) unexpected(fail, buf, j, 'a digit in the exponent');
  }
  if (j >= len && !final) return INCOMPLETE;
  let value: number;
  if (plain && digits <= 15) {
    value = buf[start] === 0x2d ? -integer : integer;
  } else {
    let text = '';
    for (let k = start; k < j; k++) text += String.fromCharCode(buf[k]!);
    if (!/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(text)) fail('truncated', 'the JSON ends inside a number', start);
    value = Number(text);
  }
  scanned.value = value;
  return j;
}

/** Index of the closing quote of the string starting at `start`, or INCOMPLETE. */
export function scanStringEnd(buf: Uint8Array, start: number, maxBytes: number, fail: Fail): number {
  const len = buf.length;
  let j = start + 1;
  while (j < len) {
    const c = buf[j]!;
    if (c === 0x22) return j;
    if (c === 0x5c) j += 2;
    else if (c < 0x20) fail('malformed', 'a control character inside a string', j);
    else j++;
    if (j - start > maxBytes) fail('too-large', `a string longer than ${maxBytes} bytes`, start);
  }
  return INCOMPLETE;
}

// Short plain strings are interned: a profile repeats the same keys, function names and URLs for every node, so
// most short strings are seen before and cost one hash and one comparison instead of a new string.
const INTERN_SLOTS = 1 << 14;
const interned: Array<string | undefined> = new Array<string | undefined>(INTERN_SLOTS).fill(undefined);

function sameBytes(s: string, buf: Uint8Array, from: number, to: number): boolean {
  if (s.length !== to - from) return false;
  for (let k = from; k < to; k++) if (s.charCodeAt(k - from) !== buf[k]) return false;
  return true;
}

/** The string between the quotes at `start` and `end`. */
export function decodeString(buf: Uint8Array, start: number, end: number, fail: Fail): string {
  let plainAscii = end - start <= 64;
  let hash = 0x811c9dc5;
  for (let k = start + 1; k < end && plainAscii; k++) {
    const c = buf[k]!;
    if (c >= 0x80 || c === 0x5c) plainAscii = false;
    hash = Math.imul(hash ^ c, 0x01000193);
  }
  if (plainAscii) {
    const slot = (hash >>> 0) & (INTERN_SLOTS - 1);
    const known = interned[slot];
    if (known !== undefined && sameBytes(known, buf, start + 1, end)) return known;
    const s = String.fromCharCode.apply(null, buf.subarray(start + 1, end) as unknown as number[]);
    interned[slot] = s;
    return s;
  }
  let out = '';
  let from = start + 1;
  for (let k = from; k < end; k++) {
    if (buf[k] !== 0x5c) continue;
    if (k > from) out += utf8.decode(buf.subarray(from, k));
    const e = buf[k + 1]!;
    const simple = ESCAPES[e];
    if (simple !== undefined) {
      out += simple;
      k += 1;
    } else if (e === 0x75) {
      let code = 0;
      for (let h = 2; h <= 5; h++) {
        const v = k + h < end ? hexValue(buf[k + h]!) : -1;
        if (v < 0) fail('malformed', 'a bad \\u escape in a string', k);
        code = code * 16 + v;
      }
      out += String.fromCharCode(code);
      k += 5;
    } else {
      fail('malformed', 'a bad escape in a string', k);
    }
    from = k + 1;
  }
  if (from < end) out += utf8.decode(buf.subarray(from, end));
  return out;
}
