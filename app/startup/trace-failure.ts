// Which module a failed traced start failed in, and why: the probe's own record when it saw the error go through
// require(), else the app's last output (the first stack frame in a file that is neither Node's nor Checkup's, and
// the error's first line). Pure: the record's fields and the output's lines in, words out.

interface TraceFailure {
  /** The module's path (or file: URL), or null when nothing named one. */
  module: string | null;
  /** The error in one line. */
  reason: string;
}

const FRAME = /^\s*at (?:.*? \()?((?:file:\/\/)?\/[^()]*?|[A-Za-z]:\\[^()]*?):\d+:\d+\)?\s*$/;
const ERROR_LINE = /^\s*(?:Uncaught )?([A-Z][A-Za-z]*(?:Error|Exception)|Error)(?: \[[A-Z0-9_]+\])?: .+/;

/** The first frame of the app's code or its dependencies, skipping Node's internals and Checkup's probe files. */
export function firstAppFrame(lines: string[], probeDir: string): string | null {
  for (const line of lines) {
    const m = FRAME.exec(line);
    if (!m) continue;
    const file = m[1]!;
    const path = file.startsWith('file://') ? decodeURIComponent(file.slice('file://'.length)) : file;
    if (path.startsWith(probeDir)) continue;
    return file;
  }
  return null;
}

export function errorLine(lines: string[]): string | null {
  for (const line of lines) {
    const m = ERROR_LINE.exec(line);
    if (m) return line.trim().slice(0, 300);
  }
  return null;
}

/**
 * What to tell the user. `recorded` is what the probe saw (the innermost module being required when the last error
 * went through require()); the output is read when the probe saw nothing (an ES module, a timeout).
 */
export function describeTraceFailure(recorded: { file: string; error: string } | undefined, output: string[], probeDir: string, fallback: string): TraceFailure {
  const fromOutput = errorLine(output);
  if (recorded) return { module: recorded.file, reason: recorded.error || fromOutput || fallback };
  return { module: firstAppFrame(output, probeDir), reason: fromOutput ?? fallback };
}
