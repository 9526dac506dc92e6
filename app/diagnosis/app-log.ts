// The app's own structured log, read from its output as it runs: JSON lines as pino, bunyan and winston write them
// (level, msg or message, err.code / code, err.stack / stack). Warnings and errors are grouped by code and message,
// counted, and the last stack of each kept, so the doctor can say why requests failed and who produced the answer.
// Bounded: at most MAX_GROUPS groups, a stack of at most MAX_STACK_CHARS; lines that are not JSON objects are skipped
// at the cost of one character test. Log contents are data: the faces show them as text.

/** One kind of warning or error the app logged. */
export interface AppLogGroup {
  level: 'warn' | 'error' | 'fatal';
  message: string;
  code?: string;
  /** The error's type or name (FastifyError, TypeError). */
  type?: string;
  /** HTTP status the error carried (statusCode / status), when it said. */
  status?: number;
  count: number;
  /** The last stack logged for it, cut to MAX_STACK_CHARS. */
  stack?: string;
}

export interface AppLogSummary {
  /** JSON log lines read, of any level. */
  lines: number;
  groups: AppLogGroup[];
}

const MAX_GROUPS = 50;
const MAX_STACK_CHARS = 4096;
const MAX_TEXT_CHARS = 300;

/** pino and bunyan write levels as numbers (40 warn, 50 error, 60 fatal); winston and others as words. */
function levelOf(value: unknown): AppLogGroup['level'] | undefined {
  if (typeof value === 'number') return value >= 60 ? 'fatal' : value >= 50 ? 'error' : value >= 40 ? 'warn' : undefined;
  if (typeof value !== 'string') return undefined;
  const v = value.toLowerCase();
  if (v === 'fatal' || v === 'crit' || v === 'critical' || v === 'emerg' || v === 'alert') return 'fatal';
  if (v === 'error' || v === 'err') return 'error';
  if (v === 'warn' || v === 'warning') return 'warn';
  return undefined;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v.slice(0, MAX_TEXT_CHARS) : undefined);

export class AppLogReader {
  private lines = 0;
  private readonly groups = new Map<string, AppLogGroup>();

  add(line: string): void {
    const t = line.trimStart();
    if (t[0] !== '{') return;
    let record: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(t);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return;
      record = parsed as Record<string, unknown>;
    } catch {
      return;
    }
    this.lines++;
    const level = levelOf(record.level ?? record.severity);
    if (!level) return;
    const errValue = record.err ?? record.error;
    const err = errValue && typeof errValue === 'object' ? (errValue as Record<string, unknown>) : {};
    const message = text(record.msg) ?? text(record.message) ?? text(err.message) ?? '';
    const code = text(err.code) ?? text(record.code);
    const type = text(err.type) ?? text(err.name);
    const statusValue = err.statusCode ?? err.status ?? record.statusCode;
    const status = typeof statusValue === 'number' ? statusValue : undefined;
    const key = `${level}|${code ?? ''}|${message}`;
    let group = this.groups.get(key);
    if (!group) {
      if (this.groups.size >= MAX_GROUPS) return;
      group = { level, message, ...(code ? { code } : {}), ...(type ? { type } : {}), ...(status !== undefined ? { status } : {}), count: 0 };
      this.groups.set(key, group);
    }
    group.count++;
    const stack = err.stack ?? record.stack;
    if (typeof stack === 'string' && stack) group.stack = stack.slice(0, MAX_STACK_CHARS);
  }

  summary(): AppLogSummary {
    return { lines: this.lines, groups: [...this.groups.values()].sort((a, b) => b.count - a.count).map((g) => ({ ...g })) };
  }
}
