// Collects a run's live data (probe samples, load ticks, warnings, log lines) and hands it on in batches, so a busy
// run (tens of thousands of requests/s, a chatty app log) costs the UI a handful of updates a second, not thousands.
import { LIVE_BATCHES_PER_SECOND, type LiveBatch, type LogLine } from '../contract/api.js';
import type { LoadTick, ProbeSample, ProbeWarning } from '../contract/metrics.js';

/** Log lines kept per batch; beyond it, a chatty app's output is summarised as a count (the log file has it all). */
const MAX_LOG_LINES_PER_BATCH = 200;

export class LiveBatcher {
  private batch: LiveBatch = LiveBatcher.empty();
  private dropped = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly emit: (batch: LiveBatch) => void) {}

  private static empty(): LiveBatch {
    return { samples: [], ticks: [], warnings: [], log: [] };
  }

  start(): void {
    this.timer ??= setInterval(() => this.flush(), 1000 / LIVE_BATCHES_PER_SECOND);
    this.timer.unref();
  }

  sample(s: ProbeSample): void {
    this.batch.samples.push(s);
  }

  tick(t: LoadTick): void {
    this.batch.ticks.push(t);
  }

  warning(w: ProbeWarning): void {
    this.batch.warnings.push(w);
  }

  log(line: LogLine): void {
    if (this.batch.log.length < MAX_LOG_LINES_PER_BATCH) this.batch.log.push(line);
    else this.dropped++;
  }

  flush(): void {
    if (this.dropped) {
      this.batch.log.push({ stream: 'stderr', text: `[checkup: ${this.dropped} more lines in target.log]`, ts: Date.now() });
      this.dropped = 0;
    }
    const b = this.batch;
    if (!b.samples.length && !b.ticks.length && !b.warnings.length && !b.log.length) return;
    this.batch = LiveBatcher.empty();
    this.emit(b);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.flush();
  }
}
