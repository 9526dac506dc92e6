// The names of things judged: frame categories, finding kinds and verdicts with their tones, a culprit's name,
// share and place.
import type { Culprit, FindingKind, Severity } from '../diagnosis.js';
import type { FrameCategory } from '../profile.js';
import { sig } from './numbers.js';

export const FRAME_CATEGORY_NAMES: Record<FrameCategory, string> = {
  app: 'your code',
  dependency: 'dependency',
  'node-core': 'Node core',
  v8: 'V8',
  native: 'native',
  gc: 'GC',
  idle: 'idle',
  program: 'program',
};

export function categoryName(category: FrameCategory | string): string {
  return FRAME_CATEGORY_NAMES[category as FrameCategory] ?? category;
}

/** A finding kind, which is also a diagnosis' verdict, in plain words. */
export const FINDING_KIND_NAMES: Record<FindingKind, string> = {
  'event-loop-blocked': 'The event loop is blocked',
  'hot-path': 'Requests spend their time in one function',
  overloaded: 'More load than the server can take',
  'io-bound': 'Waiting on slow I/O',
  'n-plus-one': 'The same query runs many times per request',
  'slow-query': 'A slow database query',
  'db-pool-exhausted': 'Requests wait for a database connection',
  'db-transaction-held': 'A transaction is held open across other waits',
  'database-bound': 'Waiting on the database',
  'gc-pressure': 'The garbage collector is busy',
  'memory-leak': 'Memory keeps growing',
  'listener-leak': 'Event listeners are leaking',
  'slow-startup': 'Slow to start',
  'target-crashed': 'The app crashed',
  'load-errors': 'Requests are failing',
  'insufficient-data': 'Not enough data to judge',
  'start-failed': 'The app did not start',
  'setup-failed': 'The set-up step failed',
  'worker-pool-saturated': 'The worker threads are saturated',
  'threadpool-saturated': 'The threadpool is saturated',
  healthy: 'Healthy',
};

export function verdictWords(kind: FindingKind | string | undefined): string {
  return (kind && FINDING_KIND_NAMES[kind as FindingKind]) || (kind ? kind.replace(/-/g, ' ') : 'No verdict');
}

/** The colour family a judgement is shown in. */
export type Tone = 'problem' | 'warning' | 'healthy' | 'neutral';

export function severityTone(severity: Severity | undefined, kind?: FindingKind | string): Tone {
  if (kind === 'healthy') return 'healthy';
  if (kind === 'insufficient-data') return 'neutral';
  if (severity === 'problem') return 'problem';
  if (severity === 'warning') return 'warning';
  return 'neutral';
}

/** The tone of a verdict alone (a session list has no severities): healthy green, unknown grey, else red. */
export function verdictTone(kind: FindingKind | string | undefined): Tone {
  if (kind === 'healthy') return 'healthy';
  if (!kind || kind === 'insufficient-data') return 'neutral';
  if (kind === 'slow-startup') return 'warning';
  return 'problem';
}

/** A function's name; profiles name callbacks "(anonymous)" or leave them empty. */
export function functionLabel(name: string | undefined): string {
  return name || '(anonymous)';
}

/** A culprit's name as people say it: "(anonymous) in orderStats" for a callback, with the function that called it. */
export function culpritName(c: Pick<Culprit, 'functionName' | 'calledFrom' | 'via'>): string {
  const name = functionLabel(c.functionName);
  return (c.calledFrom ? `${name} in ${c.calledFrom}` : name) + (c.via ? `, from ${c.via}` : '');
}

/** What a culprit's share is a share of, by how it was measured. */
export const CULPRIT_MEASURES: Record<Culprit['measure'], string> = {
  cpu: 'of CPU time',
  allocation: 'of live memory',
  'io-wait': 'of request time',
  stack: '',
};

/** "42.1 % of CPU time"; nothing for a frame of a warning's or a crash's stack, which has no share. */
export function culpritShare(c: Pick<Culprit, 'selfPercent' | 'measure' | 'role'>): string | undefined {
  return c.measure === 'stack' ? c.role : `${sig(c.selfPercent, 3)} % ${CULPRIT_MEASURES[c.measure]}`;
}

/**
 * The file of a frame as a reader needs it: a path, relative to `base` (the project, or the terminal's working
 * directory) when it lies inside it, from `node_modules/` on when it is in a package; "(native)" without one.
 */
export function filePath(url: string, base?: string): string {
  if (!url) return '(native)';
  let path = url;
  if (path.startsWith('file://')) {
    try {
      path = decodeURIComponent(new URL(path).pathname);
    } catch {
      path = path.slice('file://'.length);
    }
    if (/^\/[A-Za-z]:\//.test(path)) path = path.slice(1); // file:///C:/app/x.js → C:/app/x.js
  }
  const root = base?.replace(/\\/g, '/').replace(/\/?$/, '/');
  if (root && root !== '/' && path.startsWith(root)) return path.slice(root.length);
  const nm = path.lastIndexOf('/node_modules/');
  if (nm >= 0) return path.slice(nm + 1);
  return path;
}

/** Where a frame is, as one function for every face: "src/orders.js:29" (see filePath for `base`). */
export function location(frame: { url: string; line: number }, base?: string): string {
  const file = filePath(frame.url, base);
  return frame.url && frame.line > 0 ? `${file}:${frame.line}` : file;
}

/**
 * How a culprit's place was found when its compiled file had no source map: "found by name: dist/ has no source
 * maps" (the compiled file's own folder, where its path leaves the source's); undefined for a place as recorded.
 */
export function mappedByWords(c: { url: string; mappedBy?: 'name'; compiledAt?: { url: string; line: number } }): string | undefined {
  if (c.mappedBy !== 'name') return undefined;
  const compiled = filePath(c.compiledAt?.url ?? '').split('/');
  const source = filePath(c.url).split('/');
  let i = 0;
  while (i < compiled.length - 1 && compiled[i] === source[i]) i++;
  const folder = c.compiledAt && i < compiled.length - 1 ? `${compiled[i]}/` : 'the compiled code';
  return `found by name: ${folder} has no source maps`;
}
