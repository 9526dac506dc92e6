// The target's stdout and stderr, cut into lines: delivered as events, appended to the session log, and the last few
// kept for error messages.
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { StringDecoder } from 'node:string_decoder';

export type StreamName = 'stdout' | 'stderr';

export interface LogLine {
  stream: StreamName;
  text: string;
  /** Unix epoch ms when the line was read. */
  ts: number;
}

/** A line longer than this is cut into pieces (a program printing a megabyte without a newline). */
const MAX_LINE_CHARS = 16 * 1024;

/** Splits a byte stream into lines (\n or \r\n), decoding UTF-8 across chunk boundaries. */
export class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';

  constructor(private readonly onLine: (text: string) => void) {}

  push(chunk: Buffer | string): void {
    this.pending += typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    let nl: number;
    while ((nl = this.pending.indexOf('\n')) >= 0) {
      const line = this.pending.slice(0, nl);
      this.pending = this.pending.slice(nl + 1);
      this.onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
    }
    while (this.pending.length > MAX_LINE_CHARS) {
      this.onLine(this.pending.slice(0, MAX_LINE_CHARS));
      this.pending = this.pending.slice(MAX_LINE_CHARS);
    }
  }

  /** The stream ended: emit what is left as a last line. */
  end(): void {
    this.pending += this.decoder.end();
    if (this.pending) this.onLine(this.pending);
    this.pending = '';
  }
}

/** The last N lines, per stream. */
export class TailBuffer {
  private readonly lines: Record<StreamName, string[]> = { stdout: [], stderr: [] };
  constructor(private readonly size = 20) {}

  add(stream: StreamName, text: string): void {
    const list = this.lines[stream];
    list.push(text);
    if (list.length > this.size) list.shift();
  }

  /** stderr's last lines; stdout's when stderr said nothing. */
  errorTail(): string[] {
    return this.lines.stderr.length ? [...this.lines.stderr] : [...this.lines.stdout];
  }

  get(stream: StreamName): string[] {
    return [...this.lines[stream]];
  }
}

/** Appends `<ISO time> <stream> <text>` lines to the session's target.log. */
export class LogFile {
  private readonly stream: WriteStream;
  private failed = false;

  constructor(path: string) {
    try {
      mkdirSync(dirname(path), { recursive: true });
    } catch {
      // createWriteStream reports the failure through 'error' below
    }
    this.stream = createWriteStream(path, { flags: 'a' });
    // A full disk must not take the run down; the log simply stops.
    this.stream.on('error', () => {
      this.failed = true;
    });
  }

  write(line: LogLine): void {
    if (!this.failed) this.stream.write(`${new Date(line.ts).toISOString()} ${line.stream} ${line.text}\n`);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.stream.closed || this.stream.destroyed) return resolve();
      this.stream.end(() => resolve());
      this.stream.once('error', () => resolve());
    });
  }
}
