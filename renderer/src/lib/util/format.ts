// Words and numbers for the screens: verdicts in plain language, their colours, figures with sensible precision,
// file locations shortened to what a reader needs.
import type { FindingKind, FrameCategory, RunPhase, Severity } from '../../../../app/contract/index.js';

export type Tone = 'problem' | 'warning' | 'healthy' | 'neutral';

const VERDICT_WORDS: Record<FindingKind, string> = {
  'event-loop-blocked': 'The event loop is blocked',
  'hot-path': 'Requests spend their time in one function',
  overloaded: 'More load than the server can take',
  'io-bound': 'Waiting on slow I/O',
  'gc-pressure': 'The garbage collector is busy',
  'memory-leak': 'Memory keeps growing',
  'listener-leak': 'Event listeners are leaking',
  'slow-startup': 'Slow to start',
  'target-crashed': 'The app crashed',
  'load-errors': 'Requests are failing',
  'insufficient-data': 'Not enough data to judge',
  healthy: 'Healthy',
};

export function verdictWords(kind: FindingKind | string | undefined): string {
  return (kind && VERDICT_WORDS[kind as FindingKind]) || (kind ? kind.replace(/-/g, ' ') : 'No verdict');
}

export function severityTone(severity: Severity | undefined, kind?: FindingKind | string): Tone {
  if (kind === 'healthy') return 'healthy';
  if (kind === 'insufficient-data') return 'neutral';
  if (severity === 'problem') return 'problem';
  if (severity === 'warning') return 'warning';
  return 'neutral';
}

/** The tone of a verdict alone (the session list has no severities): healthy green, unknown grey, else red. */
export function verdictTone(kind: FindingKind | string | undefined): Tone {
  if (kind === 'healthy') return 'healthy';
  if (!kind || kind === 'insufficient-data') return 'neutral';
  if (kind === 'slow-startup') return 'warning';
  return 'problem';
}

export const CATEGORY_LABELS: Record<FrameCategory, string> = {
  app: 'your code',
  dependency: 'dependency',
  'node-core': 'Node core',
  v8: 'V8',
  native: 'native',
  gc: 'GC',
  idle: 'idle',
  program: 'program',
};

export const PHASE_LABELS: Record<RunPhase, string> = {
  starting: 'Starting the app',
  'waiting-for-port': 'Waiting for the app to listen',
  warmup: 'Warming up',
  measuring: 'Measuring',
  collecting: 'Collecting the profile',
  diagnosing: 'Diagnosing',
  repeating: 'Measuring again in a fresh process',
  saving: 'Saving the session',
  done: 'Done',
  failed: 'Failed',
  stopped: 'Stopped',
};

/** A number with about three significant figures, never in exponent form. */
export function num(value: number | undefined | null, maxDecimals = 1): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return '–';
  const abs = Math.abs(value);
  const decimals = abs >= 100 ? 0 : abs >= 10 ? Math.min(1, maxDecimals) : maxDecimals;
  return value.toLocaleString('en-US', { maximumFractionDigits: decimals, minimumFractionDigits: 0 });
}

export function ms(value: number | undefined | null): string {
  return value === undefined || value === null ? '–' : `${num(value)} ms`;
}

export function bytes(value: number | undefined | null): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return '–';
  if (value >= 1024 ** 3) return `${num(value / 1024 ** 3, 2)} GB`;
  if (value >= 1024 ** 2) return `${num(value / 1024 ** 2)} MB`;
  if (value >= 1024) return `${num(value / 1024)} kB`;
  return `${value} B`;
}

export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return s >= 60 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` : `${s} s`;
}

export function dateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** With seconds: runs of one tuning session are often minutes apart, and two in the same minute must differ. */
export function dateTimeSeconds(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** `file:///home/me/app/src/x.js` → `src/x.js` relative to the project when it is inside it, else the path. */
export function shortPath(url: string, project?: string): string {
  if (!url) return '(native)';
  let path = url;
  if (path.startsWith('file://')) {
    try {
      path = decodeURIComponent(new URL(path).pathname);
    } catch {
      path = path.slice('file://'.length);
    }
  }
  if (project && path.startsWith(project.replace(/\/?$/, '/'))) return path.slice(project.replace(/\/?$/, '/').length);
  const nm = path.lastIndexOf('/node_modules/');
  if (nm >= 0) return path.slice(nm + 1);
  return path;
}

/** The last two path segments and the line (`blocking/slow.js:12`); the full location goes in a tooltip. */
export function tailLocation(url: string, line: number): string {
  const full = location(url, line);
  const parts = full.split('/');
  return parts.length > 2 ? '…/' + parts.slice(-2).join('/') : full;
}

export function location(url: string, line: number, project?: string): string {
  const file = shortPath(url, project);
  return line > 0 && url ? `${file}:${line}` : file;
}
