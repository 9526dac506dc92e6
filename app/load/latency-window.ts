// Latency histograms of the load worker: one per second for the live ticks, one over the whole measured phase for
// the result. Recording runs on every response, where it competes with autocannon for the same 2 cores, so it is
// one array increment: fixed buckets, no sorting, no allocation. Percentiles are read by walking the buckets.
//
// We keep our own rather than reading autocannon's because autocannon records whole milliseconds (its histogram's
// lowest discernible value is 1 ms): on a fast server its p50 reads 0 ms and its min 1 ms.
//
// Buckets: 0.1 ms wide below 100 ms (where healthy servers live and whole milliseconds would hide the difference
// between 0.3 and 0.9 ms), 1 ms wide from 100 ms to 10 s, and one overflow bucket beyond. A reported percentile is
// the upper edge of its bucket, so it is never below the true value and at most one bucket width above it. The max
// is kept exactly.
import { round } from '../numbers.js';

const FINE_LIMIT_MS = 100;
const FINE_STEP_MS = 0.1;
const COARSE_LIMIT_MS = 10_000;
const FINE_BUCKETS = Math.round(FINE_LIMIT_MS / FINE_STEP_MS);
const COARSE_BUCKETS = COARSE_LIMIT_MS - FINE_LIMIT_MS;
const OVERFLOW = FINE_BUCKETS + COARSE_BUCKETS;

function bucketOf(ms: number): number {
  if (!(ms > 0)) return 0;
  if (ms < FINE_LIMIT_MS) return Math.floor(ms / FINE_STEP_MS);
  if (ms < COARSE_LIMIT_MS) return FINE_BUCKETS + Math.floor(ms - FINE_LIMIT_MS);
  return OVERFLOW;
}

function upperEdge(bucket: number, max: number): number {
  if (bucket < FINE_BUCKETS) return Math.round((bucket + 1) * FINE_STEP_MS * 10) / 10;
  if (bucket < OVERFLOW) return FINE_LIMIT_MS + (bucket - FINE_BUCKETS) + 1;
  return max;
}

interface WindowSummary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** Latency histogram; `take()` reads and clears it (per-second ticks), `summary()` reads the whole measured phase. */
export class LatencyWindow {
  private readonly counts = new Uint32Array(OVERFLOW + 1);
  private count = 0;
  private sum = 0;
  private sumSquares = 0;
  private min = Infinity;
  private max = 0;
  private lowest = OVERFLOW;
  private highest = 0;

  record(ms: number): void {
    const b = bucketOf(ms);
    this.counts[b]! += 1;
    this.count += 1;
    this.sum += ms;
    this.sumSquares += ms * ms;
    if (ms < this.min) this.min = ms;
    if (ms > this.max) this.max = ms;
    if (b < this.lowest) this.lowest = b;
    if (b > this.highest) this.highest = b;
  }

  get size(): number {
    return this.count;
  }

  /** Percentiles (0..100) by nearest rank over the buckets, each capped at the exact max. */
  percentiles(ps: readonly number[]): number[] {
    const out = ps.map(() => 0);
    if (this.count === 0) return out;
    const ranks = ps.map((p) => Math.max(1, Math.ceil((p / 100) * this.count)));
    let seen = 0;
    let next = 0;
    const order = ps.map((_, i) => i).sort((a, b) => ranks[a]! - ranks[b]!);
    for (let b = this.lowest; b <= this.highest && next < order.length; b++) {
      const c = this.counts[b]!;
      if (c === 0) continue;
      seen += c;
      while (next < order.length && seen >= ranks[order[next]!]!) {
        out[order[next]!] = Math.min(upperEdge(b, this.max), round(this.max, 3));
        next++;
      }
    }
    return out;
  }

  summary(): { count: number; mean: number; stddev: number; min: number; max: number } {
    if (this.count === 0) return { count: 0, mean: 0, stddev: 0, min: 0, max: 0 };
    const mean = this.sum / this.count;
    const variance = Math.max(0, this.sumSquares / this.count - mean * mean);
    return { count: this.count, mean: round(mean, 3), stddev: round(Math.sqrt(variance), 3), min: round(this.min, 3), max: round(this.max, 3) };
  }

  /** p50, p99 and max of everything recorded since the last call, then starts a new window. */
  take(): WindowSummary {
    const [p50 = 0, p99 = 0] = this.percentiles([50, 99]);
    const summary = { count: this.count, p50, p99, max: this.count ? round(this.max, 3) : 0 };
    this.reset();
    return summary;
  }

  reset(): void {
    if (this.count > 0) this.counts.fill(0, this.lowest, this.highest + 1);
    this.count = 0;
    this.sum = 0;
    this.sumSquares = 0;
    this.min = Infinity;
    this.max = 0;
    this.lowest = OVERFLOW;
    this.highest = 0;
  }
}
