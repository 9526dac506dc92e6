// A push-based JSON parser over UTF-8 bytes, for profiles too big to hold as one string and parse at once.
// - Chunks are fed as they are read; only a token cut by a chunk boundary is copied and carried over.
// - No recursion: containers live on an explicit stack, limited by maxDepth (1e6 nested arrays is an error, not a
//   stack overflow).
// - Long arrays of plain numbers (samples, timeDeltas) are packed into Int32Array/Float64Array as they grow: a 200 MB
//   .cpuprofile is mostly two such arrays. Consumers must accept typed arrays wherever a number array is allowed.
// - A root array cut off before its `]` can be recovered (the Trace Event Format allows it); anything else cut off
//   is reported as truncated.
import { PackedNumbers } from './packed-numbers.js';
import { INCOMPLETE, JsonParseError, decodeString, scanNumber, scanStringEnd, scanned, unexpected, type Fail, type JsonErrorKind } from './tokens.js';

export { JsonParseError, type JsonErrorKind } from './tokens.js';

export interface JsonStreamOptions {
  /** Deepest nesting of arrays and objects accepted. Real profiles nest ~2 levels per stack frame (a few hundred). */
  maxDepth?: number;
  /** Length at which an all-number array is packed into a typed array. */
  packThreshold?: number;
  /** Longest string accepted, in bytes. */
  maxStringBytes?: number;
}

export interface JsonParseResult {
  value: unknown;
  /** True when the root array was cut off and closed here; its last, incomplete element was dropped. */
  truncated: boolean;
}

const enum State {
  Value,
  FirstValueOrClose,
  FirstKeyOrClose,
  Key,
  Colon,
  After,
  Done,
}
const enum Kind {
  Obj,
  Arr,
  Packed,
}

export class JsonStreamParser {
  private readonly maxDepth: number;
  private readonly packThreshold: number;
  private readonly maxStringBytes: number;
  private state: State = State.Value;
  private depth = 0;
  private readonly kinds: Kind[] = [];
  private readonly values: unknown[] = [];
  private readonly keys: string[] = [];
  private readonly numeric: boolean[] = [];
  private root: unknown = undefined;
  private carry: Uint8Array | null = null;
  /** Absolute offset of the first byte of the buffer being parsed. */
  private base = 0;
  private seenValue = false;
  /** Length of the last packed array closed: the next one is likely as long (samples, then timeDeltas). */
  private lastPackedLength = 0;

  constructor(options: JsonStreamOptions = {}) {
    this.maxDepth = options.maxDepth ?? 10_000;
    this.packThreshold = options.packThreshold ?? 4096;
    this.maxStringBytes = options.maxStringBytes ?? 64 * 1024 * 1024;
  }

  /** Bytes fully parsed so far. */
  get bytesConsumed(): number {
    return this.base;
  }

  write(bytes: Uint8Array): void {
    // File chunks arrive as Buffers, joined carries are plain Uint8Arrays: one kind of array keeps the byte loops
    // compiled for one shape instead of falling back to the interpreter when the other first appears.
    const chunk = bytes.constructor === Uint8Array ? bytes : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const carry = this.carry;
    if (!carry) return this.feed(chunk);
    this.carry = null;
    // Finish the token cut at the previous boundary on a small joined buffer, then go on in the chunk itself:
    // copying every whole chunk would double the bytes moved.
    const head = Math.min(chunk.length, 64 * 1024);
    const joined = new Uint8Array(carry.length + head);
    joined.set(carry);
    joined.set(chunk.subarray(0, head), carry.length);
    const stop = this.run(joined, false);
    if (stop >= carry.length) {
      this.base += stop;
      this.feed(chunk.subarray(stop - carry.length));
      return;
    }
    // The carried token (a very long string) needs more than that: join the whole chunk.
    const all = new Uint8Array(carry.length + chunk.length);
    all.set(carry);
    all.set(chunk, carry.length);
    this.feed(all);
  }

  private feed(buf: Uint8Array): void {
    const stop = this.run(buf, false);
    if (stop < buf.length) this.carry = buf.slice(stop);
    this.base += stop;
  }

  end(): JsonParseResult {
    if (this.carry) {
      const buf = this.carry;
      this.carry = null;
      try {
        this.base += this.run(buf, true);
      } catch (err) {
        // A token cut by the end of the input: recoverable below when it sits inside a root array.
        const recoverable = err instanceof JsonParseError && err.kind === 'truncated' && this.depth > 0 && this.kinds[0] !== Kind.Obj;
        if (!recoverable) throw err;
      }
    }
    if (this.state === State.Done) return { value: this.root, truncated: false };
    if (!this.seenValue) throw new JsonParseError('empty', 'there is no JSON value', this.base);
    if (this.depth > 0 && this.kinds[0] !== Kind.Obj) {
      // Close the root array over its complete elements; whatever was open inside it is dropped.
      return { value: this.closed(0), truncated: true };
    }
    const inside = this.depth > 0 ? 'inside an object' : 'inside a value';
    throw new JsonParseError('truncated', `the JSON ends ${inside}`, this.base);
  }

  private readonly fail: Fail = (kind: JsonErrorKind, detail: string, at: number): never => {
    throw new JsonParseError(kind, detail, this.base + at);
  };

  private unexpected(buf: Uint8Array, i: number, expected: string): never {
    return unexpected(this.fail, buf, i, expected);
  }

  /** Parses as far as the buffer allows; returns where an incomplete token starts (or buf.length). */
  private run(buf: Uint8Array, final: boolean): number {
    const len = buf.length;
    let i = 0;
    while (i < len) {
      const c = buf[i]!;
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
        i++;
        continue;
      }
      // A UTF-8 byte order mark before the root value.
      if (c === 0xef && !this.seenValue && this.state === State.Value && this.depth === 0) {
        if (i + 2 >= len) return final ? this.unexpected(buf, i, 'a JSON value') : i;
        if (buf[i + 1] === 0xbb && buf[i + 2] === 0xbf) {
          i += 3;
          continue;
        }
      }
      // Packed number arrays (samples, timeDeltas) are most of a big profile: read runs of plain integers here.
      if (this.state === State.Value && this.kinds[this.depth - 1] === Kind.Packed && ((c >= 0x30 && c <= 0x39) || c === 0x2d)) {
        const next = this.integerRun(buf, i);
        if (next !== i) {
          i = next;
          continue;
        }
      }
      // An empty container closes right after it opens.
      if ((this.state === State.FirstValueOrClose && c === 0x5d) || (this.state === State.FirstKeyOrClose && c === 0x7d)) {
        this.emit(this.closed(this.depth - 1));
        i++;
        continue;
      }
      switch (this.state) {
        case State.FirstValueOrClose:
        case State.Value: {
          const next = this.value(buf, i, final);
          if (next === INCOMPLETE) return i;
          i = next;
          continue;
        }
        case State.FirstKeyOrClose:
        case State.Key: {
          if (c !== 0x22) this.unexpected(buf, i, 'a property name in double quotes');
          const end = scanStringEnd(buf, i, this.maxStringBytes, this.fail);
          if (end === INCOMPLETE) {
            if (final) this.fail('truncated', 'the JSON ends inside a string', i);
            return i;
          }
          this.keys[this.depth - 1] = decodeString(buf, i, end, this.fail);
          this.state = State.Colon;
          i = end + 1;
          continue;
        }
        case State.Colon:
          if (c !== 0x3a) this.unexpected(buf, i, "':'");
          this.state = State.Value;
          i++;
          continue;
        case State.After: {
          const kind = this.kinds[this.depth - 1]!;
          if (c === 0x2c) {
            this.state = kind === Kind.Obj ? State.Key : State.Value;
          } else if (c === 0x5d && kind !== Kind.Obj) {
            this.emit(this.closed(this.depth - 1));
          } else if (c === 0x7d && kind === Kind.Obj) {
            this.emit(this.closed(this.depth - 1));
          } else {
            this.unexpected(buf, i, kind === Kind.Obj ? "',' or '}'" : "',' or ']'");
          }
          i++;
          continue;
        }
        case State.Done:
          this.unexpected(buf, i, 'the end of the file after the JSON value');
      }
    }
    return len;
  }

  /**
   * Consumes `int,int,...` into the packed array at the top of the stack while the integers are plain (no fraction,
   * exponent or leading zero, at most 15 digits) and followed by `,`; returns where it stopped. Anything else,
   * including a number cut by the end of the buffer, is left to the general path.
   */
  private integerRun(buf: Uint8Array, start: number): number {
    const packed = this.values[this.depth - 1] as PackedNumbers;
    const len = buf.length;
    // Values of up to 9 digits are int32: written straight into the packed array's current block.
    let block = packed.int32Block();
    let fill = packed.fill;
    let i = start;
    for (;;) {
      let j = i;
      const neg = buf[j] === 0x2d;
      if (neg) j++;
      const first = j;
      let v = 0;
      while (j < len) {
        const d = buf[j]! - 0x30;
        if (d < 0 || d > 9) break;
        v = v * 10 + d;
        j++;
      }
      const digits = j - first;
      if (j >= len || digits === 0 || digits > 15 || (digits > 1 && buf[first] === 0x30)) break;
      const t = buf[j];
      if (t !== 0x2c && t !== 0x5d) break;
      if (block !== undefined && digits <= 9 && !(neg && v === 0)) {
        if (fill === block.length) {
          packed.fill = fill;
          block = packed.nextBlock();
          fill = 0;
        }
        block![fill++] = neg ? -v : v;
      } else {
        if (block !== undefined) packed.fill = fill;
        packed.push(neg ? -v : v);
        block = packed.int32Block();
        fill = packed.fill;
      }
      if (t === 0x5d) {
        if (block !== undefined) packed.fill = fill;
        this.state = State.After;
        return j;
      }
      this.seenValue = true;
      i = j + 1;
      if (i >= len || buf[i]! > 0x39 || (buf[i]! < 0x30 && buf[i] !== 0x2d)) break;
    }
    if (block !== undefined) packed.fill = fill;
    return i;
  }

  private value(buf: Uint8Array, i: number, final: boolean): number {
    const c = buf[i]!;
    this.seenValue = true;
    if (c === 0x7b || c === 0x5b) {
      if (this.depth >= this.maxDepth) this.fail('too-deep', `nesting deeper than ${this.maxDepth} levels`, i);
      const isObj = c === 0x7b;
      this.kinds[this.depth] = isObj ? Kind.Obj : Kind.Arr;
      this.values[this.depth] = isObj ? {} : [];
      this.numeric[this.depth] = true;
      this.depth++;
      this.state = isObj ? State.FirstKeyOrClose : State.FirstValueOrClose;
      return i + 1;
    }
    if (c === 0x22) {
      const end = scanStringEnd(buf, i, this.maxStringBytes, this.fail);
      if (end === INCOMPLETE) {
        if (final) this.fail('truncated', 'the JSON ends inside a string', i);
        return INCOMPLETE;
      }
      this.emit(decodeString(buf, i, end, this.fail));
      return end + 1;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const end = scanNumber(buf, i, final, this.fail);
      if (end !== INCOMPLETE) this.emit(scanned.value);
      return end;
    }
    const literal = c === 0x74 ? 'true' : c === 0x66 ? 'false' : c === 0x6e ? 'null' : '';
    if (!literal) this.unexpected(buf, i, 'a JSON value');
    for (let k = 1; k < literal.length; k++) {
      if (i + k >= buf.length) {
        if (final) this.fail('truncated', 'the JSON ends inside a literal', i);
        return INCOMPLETE;
      }
      if (buf[i + k] !== literal.charCodeAt(k)) this.unexpected(buf, i + k, `'${literal}'`);
    }
    this.emit(literal === 'true' ? true : literal === 'false' ? false : null);
    return i + literal.length;
  }

  /** The finished value of the container at `level`, popping it (and anything above it). */
  private closed(level: number): unknown {
    const kind = this.kinds[level];
    const value = this.values[level];
    this.depth = level;
    this.values.length = level;
    if (kind !== Kind.Packed) return value;
    const packed = (value as PackedNumbers).finish();
    this.lastPackedLength = packed.length;
    return packed;
  }

  private emit(value: unknown): void {
    const d = this.depth;
    if (d === 0) {
      this.root = value;
      this.state = State.Done;
      return;
    }
    const top = d - 1;
    const kind = this.kinds[top]!;
    if (kind === Kind.Obj) {
      const key = this.keys[top]!;
      const obj = this.values[top] as Record<string, unknown>;
      if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
      else obj[key] = value;
    } else if (kind === Kind.Packed) {
      const packed = this.values[top] as PackedNumbers;
      if (typeof value === 'number') {
        packed.push(value);
      } else {
        const arr: unknown[] = packed.toArray();
        arr.push(value);
        this.values[top] = arr;
        this.kinds[top] = Kind.Arr;
        this.numeric[top] = false;
      }
    } else {
      const arr = this.values[top] as unknown[];
      arr.push(value);
      if (typeof value !== 'number') this.numeric[top] = false;
      else if (this.numeric[top] && arr.length >= this.packThreshold) {
        this.values[top] = new PackedNumbers(arr as number[], this.lastPackedLength);
        this.kinds[top] = Kind.Packed;
      }
    }
    this.state = State.After;
  }
}

/** Parses a whole buffer or string at once (small inputs, tests). */
export function parseJsonBytes(data: Uint8Array | string, options?: JsonStreamOptions): JsonParseResult {
  const parser = new JsonStreamParser(options);
  parser.write(typeof data === 'string' ? new TextEncoder().encode(data) : data);
  return parser.end();
}
