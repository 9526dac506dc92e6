// What the probe reports from inside the target, and what the load generator reports. These are the series the
// live charts draw and the diagnosis reads. Units are in the field names or comments; times are milliseconds unless
// a name says otherwise.

/**
 * Event-loop delay over one window, from perf_hooks.monitorEventLoopDelay (ms): how late each tick of the 10 ms
 * sampling timer fired, i.e. the lateness beyond the sampling resolution (an idle loop reads about 0).
 */
export interface DelayStats {
  min: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
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
 * One outbound call site seen waiting on I/O during a window (http client, fetch). `count`, `totalMs` and `maxMs`
 * cover the requests that completed in the window; `inFlight` counts those still waiting at its end.
 */
export interface IoSiteStats {
  kind: 'http' | 'fetch';
  /** The caller's frame: the first frame outside Node core and the probe. */
  functionName: string;
  url: string;
  line: number;
  column: number;
  count: number;
  totalMs: number;
  maxMs: number;
  /** Requests still in flight at the end of the window. */
  inFlight: number;
}

/** One sampling window of the probe. */
export interface ProbeSample {
  /** End of the window, Unix epoch ms. */
  ts: number;
  /** Actual window length (a blocked loop stretches it). */
  windowMs: number;
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
