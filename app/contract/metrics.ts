// What the probe reports from inside the target, and what the load generator reports. These are the series the
// live charts draw and the diagnosis reads. Units are in the field names or comments; times are milliseconds unless
// a name says otherwise.
import type { DbSystem, DbWindowStats } from './db-metrics.js';

// The database part of a window lives in db-metrics.ts; its types are named from here too, as the rest are.
export type { DatabaseServerCpu, DbConnectionStats, DbQueryStats, DbSystem, DbTransactionStats, DbWindowStats, TransactionOutsideWait } from './db-metrics.js';

/**
 * Event-loop delay over one window, from perf_hooks.monitorEventLoopDelay (ms): how late each tick of the 10 ms
 * sampling timer fired, i.e. the lateness beyond the sampling resolution (an idle loop reads about 0).
 */
export interface DelayStats {
  min: number;
  /**
   * Not read by anything, and no longer sent (probe 3, session 20): the histogram computes it by walking every bucket
   * (~80 µs a window). Kept optional for the sessions saved before.
   */
  mean?: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /**
   * Ticks of the delay monitor recorded in the window (probe 2). 0 in a window that lasted several ticks means the
   * loop completed at most one turn in it: the loop was blocked throughout, not quiet (all the figures above read 0).
   */
  count?: number;
}

export interface MemoryStats {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

export type GcKind = 'minor' | 'major' | 'incremental' | 'weakcb' | 'other';

export interface GcPause {
  kind: GcKind;
  /** Start, ms since the target's time origin (performance.timeOrigin). */
  startMs: number;
  durationMs: number;
}

export interface GcWindowStats {
  count: number;
  totalMs: number;
  maxMs: number;
  byKind: Partial<Record<GcKind, { count: number; totalMs: number }>>;
  /** Individual pauses, at most a few hundred per window (the totals above count all). */
  pauses: GcPause[];
}

/**
 * The app's line behind a wait the probe timed: the first frame outside Node core and the probe (a dependency's when
 * the app's own is not on the stack), and for an anonymous one the nearest named function of the same file above it
 * (`calledFrom`, probe 2); `via` the app's named function that called the one named so far (a helper's caller, probe 3).
 */
export interface AppCallSite {
  functionName: string;
  url: string;
  line: number;
  column: number;
  calledFrom?: string;
  via?: string;
}

/**
 * One outbound call site seen waiting on I/O during a window (http client, fetch). `count`, `totalMs` and `maxMs`
 * cover the requests that completed in the window; `inFlight` counts those still waiting at its end.
 */
export interface IoSiteStats extends AppCallSite {
  kind: 'http' | 'fetch';
  count: number;
  totalMs: number;
  maxMs: number;
  /** The fastest completed call in the window (probe 2). */
  minMs?: number;
  /**
   * Of totalMs, the time the calls waited before they were sent: queueing for a connection of the agent's or client's
   * pool (probe 2). A pool smaller than the concurrency shows here, not as a slow downstream.
   */
  queuedMs?: number;
  /** Requests still in flight at the end of the window. */
  inFlight: number;
}

/**
 * Listeners on one emitter and event that the probe follows (probe 2): every emitter/event whose listener array
 * reached 32, whatever its max-listeners setting (`defaultMaxListeners = Infinity` hides Node's warning, not the leak).
 */
export interface ListenerCount {
  /** Stable within one target process: the same emitter and event across windows. */
  id: number;
  /** The emitter's constructor name, e.g. EventEmitter, Server, Socket. */
  emitter: string;
  event: string;
  /** Listeners now. */
  count: number;
  /** The stack of the addListener call that first crossed 32 (the frames below the probe's own), at most 4000 chars. */
  stack: string;
}

/**
 * Requests the target served in one window, per route (probe 2), from the target's side: from the moment the server
 * emitted 'request' to the response's finish. `route` is the framework's pattern where it tells (express, restify:
 * `/users/:id`), else the path with numeric, UUID and long hex segments written `:id` and the query dropped.
 */
export interface RouteStats {
  method: string;
  route: string;
  count: number;
  totalMs: number;
  maxMs: number;
  /**
   * Synchronous time of the request's first turn (from 'request' to the end of that tick, i.e. the handler's
   * synchronous part), summed and the largest. Work after an await is not in it.
   */
  syncMs: number;
  syncMaxMs: number;
  /** Responses with a status >= 400. */
  errors: number;
  /**
   * The database waits made while serving this route's requests, per system (probe 3, once the app has a database
   * connection): query count and wait summed over the requests that finished in the window.
   */
  db?: Array<{ system: DbSystem; count: number; totalMs: number }>;
  /**
   * The other waits made while serving this route's requests, by kind (probe 3, once the app has a database
   * connection): 'checkout:<system>' (a pooled connection's wait, where the pool is timed), http, fetch, dns, fs, timer,
   * threadpool; count and wait summed over the requests that finished in the window.
   */
  waits?: Array<{ kind: string; count: number; totalMs: number }>;
}

/**
 * Errors a web framework turned into error answers (probe 3, its part 'error-sites'), per method, route, answered
 * status and framework, in one window: how many, and the stacks of up to three distinct throw sites among those whose
 * stack was read (a route's first 8 of the window, then one in 16). A stack's first line is the error's name and
 * message cut to ~120 characters; its frames are cut to 12.
 */
export interface ErrorSiteStats {
  method: string;
  route: string;
  status: number;
  /** express, koa, restify, fastify. */
  framework: string;
  count: number;
  sites: Array<{ stack: string; count: number }>;
}

export interface OtherWaitStats extends AppCallSite {
  kind: 'dns' | 'fs' | 'timer';
  /** lookup, readFile, stat, setTimeout... */
  method: string;
  fromDependency?: boolean;
  count: number;
  totalMs: number;
  maxMs: number;
}

/** One sampling window of the probe. */
export interface ProbeSample {
  /** End of the window, Unix epoch ms. */
  ts: number;
  /** Actual window length (a blocked loop stretches it). */
  windowMs: number;
  /** How late the probe's own sampling timer fired, ms (probe 2): a blocked loop delays it too. */
  lateMs?: number;
  /** How long the main thread waited for a CPU (ready to run, not running), ms (Linux; probe 3): the machine's delay. */
  cpuWaitMs?: number;
  delay: DelayStats;
  /** Event-loop utilisation over the window, 0..1. */
  elu: number;
  /** CPU time over the window as a share of one core (1 = one core busy). */
  cpu: { user: number; system: number };
  memory: MemoryStats;
  /** Active handles by type (process.getActiveResourcesInfo), e.g. { TCPSocketWrap: 12, Timeout: 3 }. */
  handles: Record<string, number>;
  gc: GcWindowStats;
  io: IoSiteStats[];
  /**
   * DNS lookups, asynchronous file-system calls and timers that fired, made while the app served a request, per kind,
   * method and call site (probe 3, its part 'other-waits'); an empty list when the part ran and saw none, absent when
   * it did not run.
   */
  otherWaits?: OtherWaitStats[];
  /** Errors frameworks answered with an error status, and where they were thrown (probe 3); absent when none. */
  errorSites?: ErrorSiteStats[];
  /** Followed listener counts (probe 2); absent when none reached the threshold. */
  listeners?: ListenerCount[];
  /** Requests served in the window, per route (probe 2). */
  routes?: RouteStats[];
  /** CPU of the process's threads by group over the window (Linux; absent elsewhere and in older sessions). */
  threads?: ThreadCpu;
  /** Work queued for the libuv threadpool through Node's crypto and zlib, per API and call site, completed in the window. */
  poolCalls?: PoolCallSite[];
  /** Packages whose native addon the app loaded in the window (bcrypt, argon2...). */
  addons?: string[];
  /** Database queries and connections (probe 3); absent when the app never connected to a database. */
  db?: DbWindowStats;
}

/**
 * The window's CPU by thread group, ms (from /proc/self/task/<tid>/schedstat). `pool` is the libuv threadpool: its
 * threads' time on a CPU and time ready but waiting for one (a pool busier than the machine's free cores waits).
 * `helpersMs` is V8's and Node's helper threads (GC, compiler, platform tasks); `otherMs` worker threads and the
 * threads of native addons.
 */
export interface ThreadCpu {
  /** How long the reading covers, ms (it is taken every few windows); absent: the window's own length. */
  spanMs?: number;
  mainMs: number;
  pool: { runMs: number; waitMs: number; threads: number };
  helpersMs: number;
  otherMs: number;
}

/**
 * Calls to one threadpool API from one call site: `count` completed in the window, `inFlight` still waiting at its end,
 * `totalMs` the time all of them waited (call to callback) within the window.
 */
export interface PoolCallSite {
  /** "crypto.scrypt", "zlib.gzip"... */
  api: string;
  functionName: string;
  url: string;
  line: number;
  column: number;
  count: number;
  inFlight?: number;
  totalMs: number;
  /** The whole wait of the calls that completed in the window, ms (from their call, maybe in an earlier window). */
  doneMs?: number;
  /** For an anonymous function: the nearest named function of the same file above it on the stack. */
  calledFrom?: string;
}

/** A process warning such as MaxListenersExceededWarning. */
export interface ProbeWarning {
  ts: number;
  name: string;
  message: string;
  /** For MaxListenersExceededWarning: the emitter's constructor name, event name and listener count. */
  emitter?: string;
  event?: string;
  count?: number;
  stack?: string;
}

/** Per-second figures of the load generator, sent live. */
export interface LoadTick {
  /** Start of this 1 s window, in seconds from the measured start (warm-up: -W..-1). */
  second: number;
  phase: 'warmup' | 'measure';
  requests: number;
  bytes: number;
  errors: number;
  non2xx: number;
  latencyP50: number;
  latencyP99: number;
  latencyMax: number;
  /** The statuses of this second's non-2xx answers and how many of each (`{ "404": 812 }`); absent when none. */
  failedStatuses?: Record<string, number>;
  /**
   * Answers with a 2xx status this second, counted per response with `non2xx` (autocannon's `requests` counts every
   * answer, 404s included, and is sampled at other instants). Absent in older sessions.
   */
  served?: number;
}

export interface LatencySummary {
  mean: number;
  stddev: number;
  min: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  max: number;
}

/**
 * The kept result of the measured load (warm-up excluded). Latency in ms at 0.1 ms resolution from our own histogram
 * (autocannon records whole milliseconds; its own figures stay in `raw`). A duration run's `durationSec` is rounded
 * up to whole seconds (autocannon ends a run only at its once-a-second sample).
 */
export interface LoadResult {
  url: string;
  connections: number;
  pipelining: number;
  durationSec: number;
  requestsTotal: number;
  requestsPerSecond: number;
  /** Mean, stddev and percentiles of per-second request counts. */
  requestsPerSecondStats: { mean: number; stddev: number; min: number; max: number };
  /** Requests completed in each second of the measured window; used for significance tests. */
  requestsPerSecondSeries: number[];
  latency: LatencySummary;
  throughputBytesPerSec: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** autocannon's raw result object, kept whole. */
  raw: unknown;
  /** Every measurement of the recipe when Recipe.repeats > 1, this one first, then those in relaunched targets. */
  repeats?: RepeatResult[];
}

/** One measured repetition of the load (see Recipe.repeats): the figures a comparison needs, not the raw result. */
export interface RepeatResult {
  requestsPerSecond: number;
  requestsPerSecondSeries: number[];
  latency: LatencySummary;
  errors: number;
  non2xx: number;
  timeouts: number;
}

/** The heap weighed before and after the load (session.json keeps it, so a later doctor can judge the run again). */
export interface MemoryAfterLoad {
  /** JS heap used + external memory after a full GC at the start of the measured window, bytes. */
  beforeBytes: number;
  /** The same after the load stopped, in-flight requests drained and a full GC ran. */
  afterBytes: number;
  /** Seconds between the two readings. */
  elapsedSec: number;
  /** How long we waited for queued requests to drain before the second reading, ms. */
  drainMs: number;
  /** The highest heap used during the load, bytes: a backlog raises it and then gives it back. */
  peakBytes: number;
}
