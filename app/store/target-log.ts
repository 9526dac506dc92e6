// target.log, bounded: an app that floods its output (hundreds of MB in seconds) must grow neither Checkup's memory
// nor the disk. The first HEAD_BYTES are written as they come; after that only the last TAIL_BYTES are kept, in a
// ring in memory, and written when the log closes, behind one line that says how much was dropped between them (the
// start of a flood says what began it, the end what the app was doing last). Writes respect the file's backpressure:
// writeLine() returns false while the file is behind, and the caller may pause its source until 'drain'.
// A hard kill of the engine loses the tail (the head is on disk); a normal end, a crash or a stop keep both.
import { EventEmitter } from 'node:events';
import { LineAppender } from './line-appender.js';
import type { CheckupError } from '../errors.js';

/** Bytes of the log's beginning written to disk as they come. */
export const HEAD_BYTES = 8 * 1024 * 1024;
/** Bytes of the log's end kept in memory and written at close. */
export const TAIL_BYTES = 4 * 1024 * 1024;

/** What a bounded log left out (SessionFile.log). */
interface DroppedOutput {
  droppedLines: number;
  droppedBytes: number;
}

export class TargetLog extends EventEmitter<{ drain: [] }> {
  private readonly file: LineAppender;
  private headBytes = 0;
  private tail: string[] = [];
  /** Index of the oldest line still in `tail` (dropping from the front without shifting the array). */
  private tailStart = 0;
  private tailBytes = 0;
  private droppedLines = 0;
  private droppedBytes = 0;

  constructor(
    readonly path: string,
    private readonly limits = { headBytes: HEAD_BYTES, tailBytes: TAIL_BYTES },
  ) {
    super();
    this.file = new LineAppender(path);
    this.file.onDrain(() => this.emit('drain'));
  }

  get error(): CheckupError | undefined {
    return this.file.error;
  }

  /** What was left out so far; undefined when nothing was. */
  get dropped(): DroppedOutput | undefined {
    return this.droppedLines ? { droppedLines: this.droppedLines, droppedBytes: this.droppedBytes } : undefined;
  }

  /** false: the file is behind; wait for 'drain' before feeding more, if the source can wait. */
  writeLine(line: string): boolean {
    const bytes = Buffer.byteLength(line) + 1;
    if (this.headBytes + bytes <= this.limits.headBytes && this.tailLength() === 0) {
      this.headBytes += bytes;
      return this.file.writeLine(line);
    }
    this.tail.push(line);
    this.tailBytes += bytes;
    while (this.tailBytes > this.limits.tailBytes && this.tailLength() > 1) {
      const gone = this.tail[this.tailStart]!;
      this.tail[this.tailStart++] = '';
      const goneBytes = Buffer.byteLength(gone) + 1;
      this.tailBytes -= goneBytes;
      this.droppedLines++;
      this.droppedBytes += goneBytes;
    }
    // Compact now and then, so the array holds about the kept lines, not every line ever seen.
    if (this.tailStart > 4096 && this.tailStart > this.tail.length / 2) {
      this.tail = this.tail.slice(this.tailStart);
      this.tailStart = 0;
    }
    return true;
  }

  /** Writes the kept tail (behind the note of what was dropped), flushes and closes; resolves with a write error. */
  close(): Promise<CheckupError | undefined> {
    if (this.droppedLines) {
      const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
      this.file.writeLine(
        `[checkup: ${this.droppedLines} lines (${mb(this.droppedBytes)}) of output were dropped here; the log keeps the first ${mb(this.headBytes)} and the last ${mb(this.tailBytes)}]`,
      );
    }
    if (this.tailLength()) this.file.writeLine(this.tail.slice(this.tailStart).join('\n'));
    this.tail = [];
    this.tailStart = 0;
    return this.file.close();
  }

  private tailLength(): number {
    return this.tail.length - this.tailStart;
  }
}
