// Append-only NDJSON / text log files written while a run is live. Each line is written whole; a crash loses at
// most the line being written, and readers skip a torn last line. The first write error (e.g. a full disk) is kept
// and reported when the appender is closed, instead of failing the run at a random moment.
import { createWriteStream, type WriteStream } from 'node:fs';
import { storeError } from './atomic.js';
import type { CheckupError } from '../errors.js';

export class LineAppender {
  private readonly stream: WriteStream;
  private failure: CheckupError | undefined;
  private closed = false;

  constructor(readonly path: string) {
    this.stream = createWriteStream(path, { flags: 'a' });
    this.stream.on('error', (err) => {
      this.failure ??= storeError(err, path);
    });
  }

  get error(): CheckupError | undefined {
    return this.failure;
  }

  /** false: the stream is behind (its buffer is full); 'drain' (onDrain) says when it caught up. */
  writeLine(line: string): boolean {
    if (this.closed || this.failure) return true;
    return this.stream.write(line.endsWith('\n') ? line : line + '\n');
  }

  /** Called when the stream caught up after a false from writeLine, or failed (then writes are dropped anyway). */
  onDrain(listener: () => void): void {
    this.stream.on('drain', listener);
    this.stream.once('error', listener);
  }

  writeJson(value: unknown): void {
    this.writeLine(JSON.stringify(value));
  }

  /** Flushes and closes; resolves with the first write error, if any. */
  close(): Promise<CheckupError | undefined> {
    if (this.closed) return Promise.resolve(this.failure);
    this.closed = true;
    return new Promise((resolve) => {
      this.stream.end(() => resolve(this.failure));
      this.stream.once('error', () => resolve(this.failure));
    });
  }
}
