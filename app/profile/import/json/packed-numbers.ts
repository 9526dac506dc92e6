// A growable array of numbers kept in typed-array blocks: Int32 while every value is a 32-bit integer (sample ids,
// time deltas), Float64 from the first value that is not. Half the memory of a JS array of small integers; blocks
// mean growing never copies, and the final array is allocated once at its exact size.

// Blocks start small (many modest arrays must stay cheap) and double up to 1 M elements.
const FIRST_BLOCK = 8192;
const MAX_BLOCK = 1 << 20;

function isInt32(v: number): boolean {
  return (v | 0) === v && !Object.is(v, -0);
}

export class PackedNumbers {
  private blocks: Array<Int32Array | Float64Array> = [];
  private current: Int32Array | Float64Array;
  private pos = 0;
  private ints = true;
  /** Elements in all blocks before the current one. */
  private before = 0;

  /**
   * `expected`: a likely final length (a .cpuprofile's timeDeltas is as long as its samples). The first block gets
   * that size, and an array that ends exactly there is handed over without a copy.
   */
  constructor(initial: readonly number[], expected = 0) {
    this.ints = initial.every(isInt32);
    const first = expected > initial.length ? expected : FIRST_BLOCK;
    this.current = this.ints ? new Int32Array(first) : new Float64Array(first);
    this.blocks.push(this.current);
    for (const v of initial) this.push(v);
  }

  get length(): number {
    return this.before + this.pos;
  }

  /**
   * For a loop that appends 32-bit integers itself (the parser's integer run): the current block while every value
   * so far is an int32, else undefined. Write at `block[packed.fill++]` while `fill < block.length`, then call
   * nextBlock(); values that are not int32 go through push().
   */
  int32Block(): Int32Array | undefined {
    return this.ints ? (this.current as Int32Array) : undefined;
  }

  /** Position of the next value in the current block. */
  get fill(): number {
    return this.pos;
  }

  set fill(at: number) {
    this.pos = at;
  }

  /** A full current block is left behind and a new one started; returns it (undefined once values are Float64). */
  nextBlock(): Int32Array | undefined {
    if (this.pos === this.current.length) this.grow();
    return this.int32Block();
  }

  push(v: number): void {
    if (this.ints && !isInt32(v)) this.toFloat64();
    if (this.pos === this.current.length) this.grow();
    this.current[this.pos++] = v;
  }

  private grow(): void {
    this.before += this.pos;
    const size = Math.min(MAX_BLOCK, this.current.length * 2);
    this.current = this.ints ? new Int32Array(size) : new Float64Array(size);
    this.blocks.push(this.current);
    this.pos = 0;
  }

  /** The values as one typed array of exactly `length` elements; the blocks are released. */
  finish(): Int32Array | Float64Array {
    if (this.blocks.length === 1 && this.pos === this.current.length) {
      this.blocks = [];
      return this.current;
    }
    const out = this.ints ? new Int32Array(this.length) : new Float64Array(this.length);
    let at = 0;
    for (let b = 0; b < this.blocks.length; b++) {
      const block = this.blocks[b]!;
      const n = b === this.blocks.length - 1 ? this.pos : block.length;
      out.set(n === block.length ? block : block.subarray(0, n), at);
      at += n;
    }
    this.blocks = [];
    return out;
  }

  toArray(): number[] {
    return Array.from(this.finish());
  }

  private toFloat64(): void {
    this.blocks = this.blocks.map((b) => Float64Array.from(b));
    this.current = this.blocks[this.blocks.length - 1]!;
    this.ints = false;
  }
}
