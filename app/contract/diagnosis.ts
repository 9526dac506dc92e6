// The doctor's report: findings and a verdict.
import type { AppCallSite, DbSystem } from './metrics.js';
import type { FrameCategory } from './profile.js';

/**
 * Every kind of finding, in one list (the contract's schemas, the advice files and the type are read from it).
 * hot-path and overloaded were added in thresholds-3: requests expensive with most of their cost in one function the
 * user can change; more requests in flight than the server can serve at once (a warning at most). start-failed was
 * the app never served (it exited before it listened, never listened within the ready timeout, or
 * its port was taken), so nothing was measured and that is said instead of "not enough data". worker-pool-saturated was
 * requests wait for a pool of worker threads that are all busy, while the main loop idles.
 * threadpool-saturated was added in thresholds-7: requests queue for libuv's threadpool (crypto, zlib, fs, native
 * addons such as bcrypt), whose threads are all occupied, while the main loop idles. db-transaction-held: a
 * transaction kept open on its connection while the request waits on something else (an HTTP call, a hash, a timer).
 */
export const FINDING_KINDS = [
  'event-loop-blocked',
  'worker-pool-saturated',
  'threadpool-saturated',
  'hot-path',
  'overloaded',
  'io-bound',
  'n-plus-one',
  'slow-query',
  'db-pool-exhausted',
  'db-transaction-held',
  'database-bound',
  'gc-pressure',
  'memory-leak',
  'listener-leak',
  'slow-startup',
  'target-crashed',
  'load-errors',
  'insufficient-data',
  'start-failed',
  'setup-failed',
  'healthy',
] as const;

export type FindingKind = (typeof FINDING_KINDS)[number];

export type Severity = 'problem' | 'warning' | 'info';

/** The series a figure was read from, so the UI can draw and annotate it. */
export type SeriesName =
  | 'delay.p99'
  | 'delay.max'
  | 'elu'
  | 'cpu'
  | 'memory.heapUsed'
  | 'memory.rss'
  | 'gc.share'
  | 'handles'
  | 'load.rps'
  | 'load.latencyP99'
  | 'load.errors'
  | 'io.wait'
  | 'profile'
  /** Per-route figures the probe measured (thresholds-3). */
  | 'routes'
  /** Listener counts the probe followed (thresholds-3). */
  | 'listeners'
  /** The heap weighed after a full GC before and after the load (thresholds-3). */
  | 'memory.afterLoad'
  | 'warnings'
  | 'target';

export interface Evidence {
  label: string;
  value: number;
  unit: string;
  series: SeriesName;
  /** The threshold the value was compared with, when there is one. */
  threshold?: number;
  /** When it held: ms offsets from the start of the measured window. */
  fromMs?: number;
  toMs?: number;
}

export interface Culprit {
  functionName: string;
  url: string;
  line: number;
  column: number;
  selfPercent: number;
  totalPercent: number;
  category: FrameCategory;
  package?: string;
  /** Where the share was measured: CPU self time, allocated bytes, I/O wait, a warning's stack. */
  measure: 'cpu' | 'allocation' | 'io-wait' | 'stack';
  /** For anonymous functions: the named function of the user's that most often called it ("in orderStats"). */
  calledFrom?: string;
  /** For I/O culprits: the user's function that called the one named (a helper such as getJson is called for it). */
  via?: string;
  /**
   * For allocation culprits: the user's functions this one calls (from the CPU profile). V8's heap sampler drops
   * frames of functions inlined by the optimiser, so the memory may really be allocated in one of these.
   */
  mayInclude?: Array<{ functionName: string; url: string; line: number }>;
  /** For a line named without a share of the time (measure 'stack'): what it is to the finding ("sets the pool's size"). */
  role?: string;
  /**
   * 'name': the file had no source map, and url:line is its TypeScript source's, found by the function's name
   * (app/profile/source-maps/name-map.ts); `compiledAt` is where the compiled code ran.
   */
  mappedBy?: 'name';
  compiledAt?: { url: string; line: number };
}

export interface Finding {
  kind: FindingKind;
  severity: Severity;
  title: string;
  /** Plain-language explanation, one or two sentences. */
  explanation: string;
  evidence: Evidence[];
  culprits: Culprit[];
  /** Markdown advice from assets/advice/diagnosis/<kind>.md. */
  advice: string;
  /** A measured window this long (seconds) would settle what this finding leaves open (a slow leak's pace): the faces offer to run again that long. */
  settledBySec?: number;
}

/**
 * The run's headline figures, computed once by the doctor over the measured window, so that every face (Diagnosis,
 * Comparison, Flame, the HTML report, the CLI) shows the same number for the same figure. Added with the UI walk
 * Absent in diagnoses written before it.
 */
export interface RunFigures {
  /** Event-loop delay p99, ms: the median over the measured window's probe windows of each one's p99, with the
   * time the machine kept the app from running taken off (app/diagnosis/loop-delay.ts). */
  delayP99Ms: number;
  /** Requests per second over the measured window (the load's own figure). */
  requestsPerSecond?: number;
  /** Event-loop busy time per request, ms (app/diagnosis/request-cost.ts). */
  loopMsPerRequest?: number;
}

/** Queries of one shape from one app line, per request of the measured window. */
export interface RequestTimeQuery extends AppCallSite {
  system: DbSystem;
  /** The query with its values taken out. */
  shape: string;
  perRequest: number;
  meanMs: number;
  maxMs: number;
  /** Queries whose connection closed before the answer came. */
  errors: number;
  /** Share of its runs the server read without an index (0..1; MySQL/MariaDB say so in their answers). */
  noIndexShare?: number;
}

/**
 * Where one request's time goes, ms per request over the measured window: the loop's work and each kind of outbound
 * wait the probe measures, beside the mean latency (app/diagnosis/request-time.ts). The probe attributes waits to the
 * process: `route` is set when the load reached one route only, so the figures are that route's; with several, `routes`
 * splits the database waits by the route whose request made them.
 */
export interface RequestTimeFigures {
  requests: number;
  route?: string;
  /** Per route, when the load reached several and the probe followed the requests' queries (probe 3). */
  routes?: RequestTimeRoute[];
  latencyMeanMs: number;
  loopMsPerRequest: number;
  /**
   * readLate (database waits): the doctor found this system's query answered late (diagnosis/late-answers.ts: the server
   * on this machine idle while the busy loop left its answers waiting), with the server's CPU and the loop's busy share.
   */
  waits: Array<{ kind: 'database' | 'checkout' | 'http' | 'fetch' | 'dns' | 'fs' | 'timer'; system?: DbSystem; msPerRequest: number; callsPerRequest: number; readLate?: { serverCpuMs: number; loopBusy: number } }>;
  /** The costliest DNS lookups, file-system calls and timers made while serving, and their app lines (when timed). */
  otherWaits?: Array<AppCallSite & { kind: 'dns' | 'fs' | 'timer'; method: string; perRequest: number; meanMs: number; maxMs: number }>;
  /** The costliest query shapes and their app lines, most wait per request first. */
  queries: RequestTimeQuery[];
  /**
   * poolSize: the size set on the app's pools (pg max, mysql2 connectionLimit, Sequelize's and knex's pool.max) when the
   * probe read it, poolSettings the settings it was read from, poolMadeAt the app's line that made one of the pools;
   * checkoutWaitMsPerRequest: the wait for a connection
   * timed at the pool, per request of the window (pools that answer a checkout with a promise).
   */
  connections: Array<{ system: DbSystem; peakOpen: number; busyShare: number; allBusyShare: number; poolSize?: number; poolSettings?: string[]; poolMadeAt?: { url: string; line: number }; checkoutWaitMsPerRequest?: number }>;
  /** What could not be read (a driver version not known, TLS). */
  notes?: string[];
  /** Kinds of wait the probe does not measure, so a latency they do not explain is not read as explained. */
  notMeasured: string[];
}

/** One route's requests in the measured window: their mean latency and the database waits they made, per request. */
export interface RequestTimeRoute {
  /** "GET /posts" */
  route: string;
  requests: number;
  latencyMeanMs: number;
  /**
   * The waits this route's requests made, per request: database queries per system, the wait for a pooled connection
   * per system (kind 'checkout', pools timed at their checkout), and the other kinds timed (HTTP, fetch, DNS, fs,
   * timers, threadpool calls), once the probe followed requests (an app with a database connection).
   */
  waits: Array<{ kind: RouteWaitKind; system?: DbSystem; msPerRequest: number; callsPerRequest: number }>;
}

export type RouteWaitKind = 'database' | 'checkout' | 'http' | 'fetch' | 'dns' | 'fs' | 'timer' | 'threadpool';

export interface Diagnosis {
  /** The run's headline figures (absent in diagnoses written before they were added). */
  figures?: RunFigures;
  /** Where a request's time goes (absent when no load ran, and in diagnoses written before it was added). */
  requestTime?: RequestTimeFigures;
  /** The kind of the most severe problem, else `healthy` (or `insufficient-data` when nothing could be judged). */
  verdict: FindingKind;
  findings: Finding[];
  /** What the reading of the app's code could not do exactly: its source maps (coded CHK_SOURCE_MAP_* warnings). */
  sourceNotes?: string[];
  /** Engine version and thresholds version that produced it, for re-analysis later. */
  analyser: string;
}
