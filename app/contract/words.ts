// What the faces say about the engine's data and judgements, said once: the names of frame categories, finding kinds
// and verdicts, a culprit's name and place, figures with their display rounding, a comparison's changes and outcomes.
// The CLI, the HTML report and the renderer all print these words; none of them words the same thing its own way.
// Dependency-free on purpose (no zod, no Node, no DOM; only contract types), so the renderer may import it as a value.
import type { SetupOutcome } from './setup.js';
import type { FigureComparison, FunctionDelta } from './compare.js';
import type { Culprit, Evidence, FindingKind, RunFigures, Severity } from './diagnosis.js';
import type { FrameCategory } from './profile.js';
import type { MachineLoad } from './session.js';
import type { LoadTick } from './metrics.js';
import type { UnitRole } from './units.js';
import type { RouteEntry, RouteTable } from './routes.js';

// ---- Numbers ----------------------------------------------------------------------------------------------------

/** About three significant figures, never in exponent form: 13,964 · 45.3 · 4.6 (`maxDecimals` below 10). */
export function num(value: number | undefined | null, maxDecimals = 1): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return '–';
  const abs = Math.abs(value);
  const decimals = abs >= 100 ? 0 : abs >= 10 ? Math.min(1, maxDecimals) : maxDecimals;
  return value.toLocaleString('en-US', { maximumFractionDigits: decimals, minimumFractionDigits: 0 });
}

/** A number with `digits` significant figures, never in exponent form (p-values, ratios of a few hundredths). */
export function sig(value: number | undefined | null, digits = 2): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return '–';
  if (value === 0) return '0';
  const abs = Math.abs(value);
  // Whole numbers of three or more figures read better with separators than with rounding to `digits` figures.
  if (abs >= 10 ** digits) return Math.round(value).toLocaleString('en-US');
  const decimals = Math.min(12, Math.max(0, digits - 1 - Math.floor(Math.log10(abs))));
  return value.toLocaleString('en-US', { maximumFractionDigits: decimals, minimumFractionDigits: 0 });
}

/**
 * A value with its unit, rounded for display: milliseconds and percentages to three significant figures (a 0.3 ms
 * latency keeps its digits), everything else as `num` with up to two decimals below 10.
 */
export function quantity(value: number, unit: string): string {
  const n = unit === 'ms' || unit === '%' ? sig(value, 3) : num(value, 2);
  return unit ? `${n} ${value === 1 ? (SINGULAR[unit] ?? unit) : unit}` : n;
}

/** Counted units as a count of one reads them: "1 window", not "1 windows". */
const SINGULAR: Record<string, string> = {
  windows: 'window',
  requests: 'request',
  listeners: 'listener',
  calls: 'call',
  runs: 'run',
  modules: 'module',
  processes: 'process',
  samples: 'sample',
  threads: 'thread',
  errors: 'error',
  warnings: 'warning',
  routes: 'route',
};

/** A piece of evidence: "Event-loop delay p99: 412 ms (threshold 100 ms)". */
export function evidenceWords(e: Pick<Evidence, 'label' | 'value' | 'unit' | 'threshold'>): string {
  return `${e.label}: ${quantity(e.value, e.unit)}${e.threshold !== undefined ? ` (threshold ${quantity(e.threshold, e.unit)})` : ''}`;
}

/** `p = 0.0003`; below one in a million the exact figure means nothing more than "tiny". */
export function pValue(p: number): string {
  if (!Number.isFinite(p)) return 'p = ?';
  if (p < 1e-6) return 'p < 0.000001';
  return `p = ${sig(p, p < 0.01 ? 1 : 2)}`;
}

export function ratioText(ratio: number): string {
  return `${sig(ratio, ratio >= 1 ? 3 : 2)}×`;
}

/** µs as the eye reads it: 21,564 µs → "21.6 ms". */
export function micros(us: number | undefined): string {
  if (us === undefined || !Number.isFinite(us)) return '–';
  const abs = Math.abs(us);
  if (abs >= 1000) return `${sig(us / 1000, 3)} ms`;
  return `${sig(us, abs >= 1 ? 3 : 2)} µs`;
}

// ---- Names ------------------------------------------------------------------------------------------------------

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
export function culpritShare(c: Pick<Culprit, 'selfPercent' | 'measure'>): string | undefined {
  return c.measure === 'stack' ? undefined : `${sig(c.selfPercent, 3)} % ${CULPRIT_MEASURES[c.measure]}`;
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

// ---- Comparisons ------------------------------------------------------------------------------------------------

/** The change of a figure as one reads it fastest: a percentage for moderate changes, a factor beyond 2×. */
export function changeText(fig: Pick<FigureComparison, 'before' | 'after' | 'ratio' | 'changePercent'>): string {
  if (fig.before === 0 && fig.after === 0) return 'no change';
  if (fig.before === 0) return 'new';
  if (!Number.isFinite(fig.ratio)) return '–';
  if (fig.ratio >= 2) return `×${sig(fig.ratio, 3)}`;
  if (fig.ratio > 0 && fig.ratio <= 0.5) return `÷${sig(1 / fig.ratio, 3)}`;
  const pct = fig.changePercent;
  if (Math.abs(pct) < 0.05) return '±0 %';
  return `${pct > 0 ? '+' : '−'}${sig(Math.abs(pct), 2)} %`;
}

/** A figure's outcome; "real" because the engine told it from run-to-run noise. */
export const OUTCOME_WORDS: Record<FigureComparison['outcome'], string> = {
  improved: 'real improvement',
  regressed: 'real regression',
  unchanged: 'no real change',
  untested: 'not tested',
};

/** "real improvement: p = 0.0003; after/before between 82× and 191×", "no real change: within run-to-run noise (p = 0.4)". */
export function outcomeWords(fig: Pick<FigureComparison, 'outcome' | 'judgement'>): string {
  return `${OUTCOME_WORDS[fig.outcome]}: ${fig.judgement.reason}`;
}

/** The distinct test methods in order of first use, to print once as numbered notes; each figure points to its number. */
export function methodNotes(figures: FigureComparison[]): { notes: string[]; index: (fig: FigureComparison) => number | undefined } {
  const notes: string[] = [];
  for (const f of figures) if (f.test && !notes.includes(f.test.method)) notes.push(f.test.method);
  return { notes, index: (fig) => (fig.test ? notes.indexOf(fig.test.method) + 1 : undefined) };
}

export interface VerdictChange {
  tone: Tone;
  /** One short sentence. */
  headline: string;
  before: string;
  after: string;
}

const rank = (kind: FindingKind | undefined): number => {
  const tone = verdictTone(kind);
  return tone === 'healthy' ? 0 : tone === 'warning' ? 1 : tone === 'problem' ? 2 : -1;
};

/** Which way the verdict moved: "Fixed: from “The event loop is blocked” to healthy". */
export function verdictChange(before: FindingKind | undefined, after: FindingKind | undefined): VerdictChange {
  const b = verdictWords(before);
  const a = verdictWords(after);
  const rb = rank(before);
  const ra = rank(after);
  if (before === after) {
    if (after === 'healthy') return { tone: 'healthy', headline: 'Healthy before and after', before: b, after: a };
    return { tone: verdictTone(after), headline: `Same verdict: ${a.charAt(0).toLowerCase()}${a.slice(1)}`, before: b, after: a };
  }
  if (rb < 0 || ra < 0) return { tone: 'neutral', headline: `The verdict changed from “${b}” to “${a}”`, before: b, after: a };
  if (ra < rb) return { tone: 'healthy', headline: after === 'healthy' ? `Fixed: from “${b}” to healthy` : `Better: from “${b}” to “${a}”`, before: b, after: a };
  if (ra > rb) return { tone: 'problem', headline: `Worse: from “${b}” to “${a}”`, before: b, after: a };
  return { tone: 'warning', headline: `A different problem: from “${b}” to “${a}”`, before: b, after: a };
}

/** The change used to sort and split: per request when both runs had load, else share of the profile. */
export function functionChange(f: FunctionDelta): { value: number; perRequest: boolean; perSecond?: boolean } {
  if (f.deltaPerRequestUs !== undefined) return { value: f.deltaPerRequestUs, perRequest: true };
  if (f.deltaMsPerSecond !== undefined) return { value: f.deltaMsPerSecond, perRequest: false, perSecond: true };
  return { value: f.delta, perRequest: false };
}

/** Functions that got faster and slower (as the engine classed them), largest change first. */
export function fasterSlower(functions: FunctionDelta[], limit = 12): { faster: FunctionDelta[]; slower: FunctionDelta[] } {
  const sorted = [...functions].sort((x, y) => Math.abs(functionChange(y).value) - Math.abs(functionChange(x).value));
  return {
    faster: sorted.filter((f) => f.change === 'faster').slice(0, limit),
    slower: sorted.filter((f) => f.change === 'slower').slice(0, limit),
  };
}

/** A function's change in words: its size ("−21.6 ms per request", "+1.2 points") and what it was before and after. */
export function functionChangeWords(f: FunctionDelta): { change: string; perRequest?: string; shares: string } {
  const c = functionChange(f);
  const sign = c.value < 0 ? '−' : '+';
  return {
    change: c.perRequest ? `${sign}${micros(Math.abs(c.value))} per request` : c.perSecond ? `${sign}${sig(Math.abs(c.value), 2)} ms per second` : `${sign}${sig(Math.abs(c.value), 2)} points`,
    ...(f.perRequestUsBefore !== undefined && f.perRequestUsAfter !== undefined ? { perRequest: `${micros(f.perRequestUsBefore)} → ${micros(f.perRequestUsAfter)} per request` } : {}),
    ...(f.msPerSecondBefore !== undefined && f.msPerSecondAfter !== undefined ? { perRequest: `${sig(f.msPerSecondBefore, 3)} → ${sig(f.msPerSecondAfter, 3)} ms per second of profile` } : {}),
    shares: `self ${sig(f.selfBefore, 3)} % → ${sig(f.selfAfter, 3)} % of the profile`,
  };
}

/**
 * When the machine's other load is worth telling: a quarter of a core taken by other programs moves a CPU-bound
 * server's throughput by several per cent on a small machine; a load generator above nine tenths of a core may be the
 * limit being measured; 5 % steal is a hypervisor taking noticeable time. Judgements, not fitted.
 */
export const MACHINE_NOTICE = { otherCores: 0.25, checkupCores: 0.9, stealPercent: 5 } as const;

/** What the machine's load during a run means for its figures, in sentences; none on a quiet machine. */
export function machineNotes(m: MachineLoad | undefined, run = 'this run'): string[] {
  if (!m) return [];
  const out: string[] = [];
  if (m.otherCores >= MACHINE_NOTICE.otherCores) out.push(`The machine was busy: other programs used ${num(m.otherCores, 1)} of its ${m.cores} cores during ${run}, so requests/s and latency are lower than the app alone would give.`);
  if (m.checkupCores >= MACHINE_NOTICE.checkupCores) out.push(`Checkup's load generator used ${num(m.checkupCores, 2)} cores during ${run}: it may have been the bottleneck, not the app.`);
  if ((m.stealPercent ?? 0) >= MACHINE_NOTICE.stealPercent) out.push(`The hypervisor gave ${num(m.stealPercent, 0)} % of the CPU time to other guests during ${run}.`);
  return out;
}

/** A command as one line the user can read exactly: an argument with spaces, quotes or shell characters is quoted. */
export function commandLine(command: readonly string[]): string {
  return command.map((a) => (a === '' || /[\s'"\\$`;&|<>()*?!#~]/.test(a) ? JSON.stringify(a) : a)).join(' ');
}

/**
 * Share of the requests sent so far that failed (non-2xx answers, errors and timeouts) from which the live screen
 * warns: half. A wrong path or port fails every request, so it shows from the first second of load; a server shedding
 * some load fails far fewer, and the diagnosis judges that.
 */
export const FAILING_REQUESTS_WARN_SHARE = 0.5;

/** The live screen's warning when most requests fail so far ("98 % of requests failed: 404 Not Found …"), or undefined. */
export function failingRequestsWarning(ticks: ReadonlyArray<Pick<LoadTick, 'requests' | 'errors' | 'non2xx' | 'failedStatuses'>>, url?: string): string | undefined {
  let sent = 0;
  let failed = 0;
  const statuses: Record<string, number> = {};
  for (const t of ticks) {
    sent += t.requests + t.errors;
    failed += t.non2xx + t.errors;
    for (const [code, n] of Object.entries(t.failedStatuses ?? {})) statuses[code] = (statuses[code] ?? 0) + n;
  }
  if (sent === 0 || failed / sent < FAILING_REQUESTS_WARN_SHARE) return undefined;
  const top = Object.entries(statuses).sort((a, b) => b[1] - a[1])[0];
  const what = top ? `the app answers ${top[0]}${STATUS_NAMES[top[0]] ? ` ${STATUS_NAMES[top[0]]}` : ''}` : 'requests get no answer (connection errors or timeouts)';
  const where = url ? ` at ${url}` : '';
  const advice = top?.[0] === '404' || top?.[0] === '405' ? 'Check the request path and method in the recipe.' : 'Check the address and what the app logs.';
  return `${Math.round((failed / sent) * 100)} % of requests failed so far: ${what}${where}. ${advice}`;
}

const STATUS_NAMES: Record<string, string> = {
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '405': 'Method Not Allowed',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '502': 'Bad Gateway',
  '503': 'Service Unavailable',
};

/** How a unit's role reads (app/contract/units.ts): the process tree panel, the thread picker, the CLI. */
export const UNIT_ROLE_NAMES: Record<UnitRole, string> = {
  primary: 'primary',
  'cluster-worker': 'cluster worker',
  child: 'child process',
  'worker-thread': 'worker thread',
};

// ---- routes ---------------------------------------------------------------------------

/** `express 4.22.3` */
export function frameworkName(table: Pick<RouteTable, 'framework' | 'version'>): string {
  return table.version ? `${table.framework} ${table.version}` : table.framework;
}

/** What the faces say of a table: why it is unknown, that it is empty, or how many routes it lists. */
export function routeTableWords(table: Pick<RouteTable, 'framework' | 'version' | 'unknown' | 'routes' | 'truncated'>): string {
  // The probe words it "routes unknown: why" or "routes unknown for <framework> <version>".
  if (table.unknown) return `${table.unknown.charAt(0).toUpperCase()}${table.unknown.slice(1)}.`;
  const n = table.routes.length;
  if (n === 0) return `${frameworkName(table)} registered no routes.`;
  return `${frameworkName(table)}: ${n}${table.truncated ? '+' : ''} route${n === 1 ? '' : 's'}.`;
}

/** `GET /users/:id` */
export function routeLabel(route: Pick<RouteEntry, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** The warning for load requests that no registered route takes (said as soon as the table is read). */
export function unmatchedRoutesWords(unmatched: ReadonlyArray<{ method: string; path: string }>, table: Pick<RouteTable, 'framework' | 'version'>): string | undefined {
  if (!unmatched.length) return undefined;
  const list = unmatched.slice(0, 3).map(routeLabel).join(', ') + (unmatched.length > 3 ? ` and ${unmatched.length - 3} more` : '');
  return `No route of the app (${frameworkName(table)}) takes ${list}: expect 404s. Check the recipe's paths against the app's routes.`;
}

/** The value a route's `:param` is given in a request path, for the user to edit. */
export const ROUTE_PARAM_PLACEHOLDER = '1';

/**
 * A route's path as a request path the user can edit: each `:param` (and `*`) given ROUTE_PARAM_PLACEHOLDER
 * (`/users/:id` -> `/users/1`), and where the first placeholder is, to select it for editing.
 */
export function requestPathFor(route: Pick<RouteEntry, 'path'>): { path: string; edit?: { start: number; end: number } } {
  if (!route.path.startsWith('/')) return { path: '/' };
  let path = '';
  let edit: { start: number; end: number } | undefined;
  for (const part of route.path.split(/(:[A-Za-z_$][\w$]*(?:\([^)]*\))?\??|\*)/)) {
    if (part.startsWith(':') || part === '*') {
      edit ??= { start: path.length, end: path.length + ROUTE_PARAM_PLACEHOLDER.length };
      path += ROUTE_PARAM_PLACEHOLDER;
    } else {
      path += part;
    }
  }
  return { path, ...(edit ? { edit } : {}) };
}

/** One line that says the set-up step worked and what it carries: every face words it so. */
export function setupWords(outcome: SetupOutcome): string {
  const answers = outcome.answers.map((a) => `${a.method} ${a.path} → ${a.status}${a.statusText ? ` ${a.statusText}` : ''}`).join(', ');
  const carried: string[] = [];
  if (outcome.cookies.length) carried.push(`cookie${outcome.cookies.length > 1 ? 's' : ''} ${outcome.cookies.join(', ')}`);
  if (outcome.token) carried.push(`a ${outcome.token.length}-character token from "${outcome.token.from}" in ${outcome.token.header}`);
  return `${answers}; ${carried.length ? `carrying ${carried.join(' and ')} into every load request` : 'no cookie or token to carry'}`;
}

/** A run's headline figures, labelled as every face shows them (Diagnosis, Comparison, Flame, the HTML report). */
export function runFigureWords(f: RunFigures | undefined): Array<{ key: 'requestsPerSecond' | 'delayP99Ms' | 'loopMsPerRequest'; label: string; text: string }> {
  if (!f) return [];
  return [
    ...(f.requestsPerSecond !== undefined ? [{ key: 'requestsPerSecond' as const, label: 'req/s', text: num(f.requestsPerSecond, 0) }] : []),
    { key: 'delayP99Ms' as const, label: 'event-loop delay p99', text: quantity(f.delayP99Ms, 'ms') },
    ...(f.loopMsPerRequest !== undefined ? [{ key: 'loopMsPerRequest' as const, label: 'event-loop time per request', text: quantity(f.loopMsPerRequest, 'ms') }] : []),
  ];
}

/**
 * What "Open in editor" did, said where the user clicked: the file goes to an editor on the machine running Checkup
 * (in browser mode that may not be the screen being looked at), so the words say which program was asked.
 */
export function editorOpenedWords(opened: 'editor' | 'os' | undefined, where: string, host: 'desktop' | 'browser'): string {
  const machine = host === 'browser' ? ' on the machine running Checkup' : '';
  return opened === 'editor' ? `Asked VS Code to open ${where}${machine}.` : `Handed ${where} to the system's default application${machine}; it opens the file, not always at the line.`;
}

/**
 * The catalogue's hints name the command line's options (it is shared with the CLI); in the app the same advice names
 * the fields on screen. Each pattern is a whole option mention as the catalogue writes it.
 */
const FIELDS_FOR_OPTIONS: ReadonlyArray<[RegExp, string]> = [
  [/ \(--ready-timeout\)/g, ' (“Ready timeout” on the Recipe screen)'],
  [/ \(--path, -m, -b\)/g, ' (“Request paths”, “Method” and “Body” on the Recipe screen)'],
  [/Pass --allow-remote \(or confirm in the app\)/g, 'Confirm it in the app'],
  [/raise --timeout/g, 'run it again with a longer time limit'],
  [/ with --out DIR \(or CHECKUP_DATA_DIR\)/g, ' (set CHECKUP_DATA_DIR to a folder there before starting Checkup)'],
  [/name an older commit with --against \(e\.g\. HEAD~1\)/g, 'compare with an older commit (e.g. HEAD~1)'],
];

/** An error's words as the app shows them: the fields on screen rather than the CLI's options. */
export function inAppWords(text: string): string {
  return FIELDS_FOR_OPTIONS.reduce((t, [pattern, words]) => t.replace(pattern, words), text);
}
