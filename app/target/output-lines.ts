// The target's stdout and stderr, cut into lines: delivered as events (the session writer appends them to target.log),
// and the last few kept for error messages.
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
