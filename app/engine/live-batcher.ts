// Collects a run's live data (probe samples, load ticks, warnings, log lines) and hands it on in batches, so a busy
// run (tens of thousands of requests/s, a chatty app log) costs the UI a handful of updates a second, not thousands.
import { LIVE_BATCHES_PER_SECOND, type LiveBatch, type LogLine } from '../contract/api.js';
import type { LoadTick, ProbeSample, ProbeWarning } from '../contract/metrics.js';
import type { UnitId } from '../contract/units.js';

/** Log lines kept per batch; beyond it, a chatty app's output is summarised as a count (the log file has it all). */
const MAX_LOG_LINES_PER_BATCH = 200;
/**
 * The other units' windows (a cluster, worker threads) are bounded twice, so that a wide tree or a very short sample
 * interval cannot flood the windows: at most this many units are streamed in a run (the first to report; every unit is
 * still profiled, judged and saved), and at most this many windows of one unit per batch (at the default 250 ms windows
 * and 5 batches a second a unit has one or two per batch; the session's unit-*.samples.ndjson keeps them all).
 */
export const MAX_LIVE_UNITS = 16;
const MAX_UNIT_WINDOWS_PER_BATCH = 3;

export class LiveBatcher {
  private batch: LiveBatch = LiveBatcher.empty();
  private dropped = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly streamedUnits = new Set<UnitId>();
  private unitWindows = new Map<UnitId, number>();

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

  /** One window of a unit other than the main process, lightened to what the live charts draw. */
  unitSample(unit: UnitId, s: ProbeSample): void {
    if (!this.streamedUnits.has(unit)) {
      if (this.streamedUnits.size >= MAX_LIVE_UNITS) return;
      this.streamedUnits.add(unit);
    }
    const n = this.unitWindows.get(unit) ?? 0;
    if (n >= MAX_UNIT_WINDOWS_PER_BATCH) return;
    this.unitWindows.set(unit, n + 1);
    (this.batch.units ??= []).push({ unit, sample: forTheCharts(s) });
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
    if (!b.samples.length && !b.ticks.length && !b.warnings.length && !b.log.length && !b.units?.length) return;
    this.batch = LiveBatcher.empty();
    this.unitWindows = new Map();
    this.emit(b);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.flush();
  }
}

/** A unit's window as the live charts use it: its per-call-site, per-route and listener detail stays in its file. */
function forTheCharts(s: ProbeSample): ProbeSample {
  const { listeners: _l, routes: _r, ...rest } = s;
  return { ...rest, io: [] };
}
