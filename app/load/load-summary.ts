// autocannon's result -> the LoadResult we keep. Pure. Latency comes from our own 0.1 ms histogram when the worker
// kept one (see latency-window.ts); autocannon's whole-millisecond figures stay in `raw`.
//
// Inside a worker thread autocannon does not aggregate its result (it leaves that to its own worker manager), so
// the worker aggregates it with autocannon.aggregateResult. That aggregation builds the per-second request and
// throughput histograms afresh (empty), so we rebuild those two from the per-second series we captured ourselves,
// in the same shape, and patch them into the raw result: `raw` then reads like a main-thread autocannon result.
import type { LatencySummary, LoadResult } from '../contract/metrics.js';
import type { AggregatedResult, HistogramSummary } from './autocannon.js';
import type { MeasureWindow } from './protocol.js';
import { mean } from '../numbers.js';

const PERCENTILES: [string, number][] = [
  ['p0_001', 0.001], ['p0_01', 0.01], ['p0_1', 0.1], ['p1', 1], ['p2_5', 2.5], ['p10', 10], ['p25', 25],
  ['p50', 50], ['p75', 75], ['p90', 90], ['p97_5', 97.5], ['p99', 99], ['p99_9', 99.9], ['p99_99', 99.99],
  ['p99_999', 99.999],
];

interface SeriesStats {
  mean: number;
  stddev: number;
  min: number;
  max: number;
}

/** Mean, population standard deviation (as autocannon's histograms report it), min and max. */
export function seriesStats(series: readonly number[]): SeriesStats {
  if (series.length === 0) return { mean: 0, stddev: 0, min: 0, max: 0 };
  const m = mean(series);
  const variance = series.reduce((a, b) => a + (b - m) ** 2, 0) / series.length;
  return { mean: m, stddev: Math.sqrt(variance), min: Math.min(...series), max: Math.max(...series) };
}

/** Nearest-rank percentile over a small series (a few hundred values at most). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

function histogramLike(series: readonly number[], total: number): HistogramSummary {
  const stats = seriesStats(series);
  const sorted = [...series].sort((a, b) => a - b);
  const out: HistogramSummary = { ...stats, average: stats.mean, total, p50: 0, p90: 0, p97_5: 0, p99: 0 };
  for (const [name, p] of PERCENTILES) out[name] = percentile(sorted, p);
  return out;
}

interface SummaryInput {
  raw: AggregatedResult;
  /** Our own finer latency summary; autocannon's whole-millisecond one when absent. */
  latency?: LatencySummary | undefined;
  totalCompletedRequests: number;
  totalBytes: number;
  /** Completed requests in each 1 s sample of the measured phase. */
  requestsSeries: number[];
  bytesSeries: number[];
  window: MeasureWindow;
  connections: number;
  pipelining: number;
}

function latencyOf(raw: AggregatedResult): LatencySummary {
  const l = raw.latency;
  return { mean: l.mean ?? l.average, stddev: l.stddev, min: l.min, p50: l.p50, p90: l.p90, p97_5: l.p97_5, p99: l.p99, max: l.max };
}

export function summarizeLoad(input: SummaryInput): LoadResult {
  const { raw, window } = input;
  const durationSec = Math.max(0, (window.endMs - window.startMs) / 1000);
  raw.requests = { ...raw.requests, ...histogramLike(input.requestsSeries, input.totalCompletedRequests), sent: raw.requests.sent };
  raw.throughput = { ...raw.throughput, ...histogramLike(input.bytesSeries, input.totalBytes) };
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(raw.statusCodeStats ?? {})) statusCodes[code] = count;
  return {
    url: raw.url,
    connections: input.connections,
    pipelining: input.pipelining,
    durationSec,
    requestsTotal: input.totalCompletedRequests,
    requestsPerSecond: durationSec > 0 ? input.totalCompletedRequests / durationSec : 0,
    requestsPerSecondStats: seriesStats(input.requestsSeries),
    requestsPerSecondSeries: [...input.requestsSeries],
    latency: input.latency ?? latencyOf(raw),
    throughputBytesPerSec: durationSec > 0 ? input.totalBytes / durationSec : 0,
    errors: raw.errors,
    timeouts: raw.timeouts,
    non2xx: raw.non2xx,
    statusCodes,
    raw,
  };
}
