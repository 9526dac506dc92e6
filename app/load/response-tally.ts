// The load worker's per-response bookkeeping for live ticks and the result's latency. It runs once per response on
// the load generator's thread, so it is kept to a few increments (measured: see test/integration/load/
// measure-tick-cost.test.ts).
import type { LatencySummary, LoadTick } from '../contract/metrics.js';
import { LatencyWindow } from './latency-window.js';

type TickFigures = Pick<LoadTick, 'errors' | 'non2xx' | 'served' | 'latencyP50' | 'latencyP99' | 'latencyMax' | 'failedStatuses'>;

export class ResponseTally {
  private readonly second = new LatencyWindow();
  private readonly overall = new LatencyWindow();
  private errorEvents = 0;
  private non2xx = 0;
  /** 2xx answers this second: what the app served, told apart from answers that failed. */
  private served = 0;
  /** Non-2xx answers by status this second (touched only for failing answers, so a healthy run pays nothing). */
  private failedStatuses: Record<string, number> | undefined;
  /** Unix epoch ms of the last response (ends the window of a fixed-amount run). */
  lastResponseMs = 0;

  constructor(private readonly pipelining: number) {}

  response(statusCode: number, latencyMs: number): void {
    this.lastResponseMs = Date.now();
    this.second.record(latencyMs);
    this.overall.record(latencyMs);
    if (statusCode < 200 || statusCode > 299) {
      this.non2xx++;
      this.failedStatuses ??= {};
      this.failedStatuses[statusCode] = (this.failedStatuses[statusCode] ?? 0) + 1;
    } else this.served++;
  }

  /** autocannon's reqError event: emitted once per pipelined request for each error it counts once. */
  requestError(): void {
    this.errorEvents++;
  }

  /** The figures of the second that just ended; starts the next one. */
  takeSecond(): TickFigures {
    const window = this.second.take();
    const figures = {
      errors: Math.round(this.errorEvents / this.pipelining),
      non2xx: this.non2xx,
      served: this.served,
      latencyP50: window.p50,
      latencyP99: window.p99,
      latencyMax: window.max,
      ...(this.failedStatuses ? { failedStatuses: this.failedStatuses } : {}),
    };
    this.errorEvents = 0;
    this.non2xx = 0;
    this.served = 0;
    this.failedStatuses = undefined;
    return figures;
  }

  /** Latency over the whole phase, or undefined when nothing was recorded. */
  latency(): LatencySummary | undefined {
    if (this.overall.size === 0) return undefined;
    const { mean, stddev, min, max } = this.overall.summary();
    const [p50 = 0, p90 = 0, p97_5 = 0, p99 = 0] = this.overall.percentiles([50, 90, 97.5, 99]);
    return { mean, stddev, min, p50, p90, p97_5, p99, max };
  }
}
