// The slice of autocannon 9 that the load worker uses, typed here (autocannon ships no types). Loaded with require
// because it is CommonJS; only the load worker imports this module.
import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';

/** A histogram stand-in. autocannon's own worker mode passes these (`__custom`) through the undocumented
 *  `histograms` option to receive each per-second sample; we do the same to get the exact per-second series. */
export interface SampleSink {
  __custom: true;
  recordValue(value: number): void;
  reset(): void;
  destroy(): void;
}

export interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Called before each send with the connection's context; a falsy return starts the cycle over. */
  setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest | undefined;
  /** Called with each answer (autocannon then keeps the answer's body for it). */
  onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
}

export interface AutocannonOptions {
  url: string;
  connections: number;
  pipelining: number;
  duration?: number;
  amount?: number;
  timeout: number;
  overallRate?: number;
  ignoreCoordinatedOmission?: boolean;
  /** `[<id>]` in a request's path or body becomes a new unique id for every request sent. */
  idReplacement?: boolean;
  requests: AutocannonRequest[];
  sampleInt?: number;
  histograms?: { requests: SampleSink; throughput: SampleSink };
}

export interface HistogramSummary {
  average: number;
  mean: number;
  stddev: number;
  min: number;
  max: number;
  total?: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  [key: string]: number | undefined;
}

/** What autocannon's results hold before and after aggregation. */
interface ResultCounts {
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
  duration: number;
  start: Date;
  finish: Date;
  [key: string]: unknown;
}

/** autocannon's per-run result before aggregation (what a run inside a worker thread hands back). */
export interface UnaggregatedResult extends ResultCounts {
  totalCompletedRequests: number;
  totalRequests: number;
  totalBytes: number;
}

/** The aggregated result object documented in autocannon's README ("Results"). */
export interface AggregatedResult extends ResultCounts {
  url: string;
  latency: HistogramSummary & { totalCount: number };
  requests: HistogramSummary & { sent: number };
  throughput: HistogramSummary;
}

interface AutocannonInstance extends EventEmitter, PromiseLike<UnaggregatedResult | AggregatedResult> {
  stop(): void;
  catch(onRejected: (err: unknown) => void): Promise<unknown>;
}

export interface Autocannon {
  (opts: AutocannonOptions): AutocannonInstance;
  aggregateResult(results: UnaggregatedResult[], opts: Partial<AutocannonOptions>): AggregatedResult;
}

const require = createRequire(import.meta.url);

export function loadAutocannon(): Autocannon {
  return require('autocannon') as Autocannon;
}
