// The run being watched: its phase, the live series (kept as plain arrays, published to the charts once per engine
// batch, i.e. at most LIVE_BATCHES_PER_SECOND times a second), the target's console, and how it ended.
import type { EngineEvent, LogLine, LoadTick, MethodParams, ProbeSample, Recipe, RecipeInput, RunPhase, RunStarted } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';
import { liveCharts, type ChartSpec } from '../util/series.js';

/** Lines of console output kept on screen; the session's target.log has them all. */
const LOG_LINES = 400;

type Finished = Extract<EngineEvent, { type: 'run-finished' }>;

/** Where a re-run came from: the session it repeats, and whether to go straight to the comparison when it is done. */
export interface RunOrigin {
  previousId: string;
  thenCompare: boolean;
}

export class RunState {
  runId = $state<string | undefined>(undefined);
  sessionId = $state<string | undefined>(undefined);
  phase = $state<RunPhase | undefined>(undefined);
  phaseMessage = $state<string | undefined>(undefined);
  totalSec = $state<number | undefined>(undefined);
  /** Local clock when the load began (warm-up), for the elapsed time. */
  loadStartedAt = $state<number | undefined>(undefined);
  charts = $state.raw<ChartSpec[]>([]);
  log = $state.raw<LogLine[]>([]);
  warnings = $state(0);
  finished = $state.raw<Finished | undefined>(undefined);
  startError = $state.raw<unknown>(undefined);
  starting = $state(false);
  stopping = $state(false);
  title = $state('');
  /** Whether any measurement arrived (a run that failed before any data shows its error instead of a diagnosis). */
  hasData = $state(false);
  /** Set once the screen has moved on to this run's diagnosis, so coming back to Live does not bounce again. */
  handedOver = $state(false);
  /** Set for a re-run (Run again, the fixed variant, a watch re-run): the run it follows. */
  origin = $state.raw<RunOrigin | undefined>(undefined);

  private samples: ProbeSample[] = [];
  private ticks: LoadTick[] = [];
  /** Epoch ms the x axes count from: the (expected, then actual) start of the measured window. */
  private originMs = 0;
  private awaitingStart = false;
  private warmupSec = 0;

  constructor(private readonly client: Client) {}

  get active(): boolean {
    return this.starting || (this.runId !== undefined && !this.finished);
  }

  private reset(title: string): void {
    this.runId = undefined;
    this.sessionId = undefined;
    this.phase = undefined;
    this.phaseMessage = undefined;
    this.totalSec = undefined;
    this.loadStartedAt = undefined;
    this.samples = [];
    this.ticks = [];
    this.originMs = 0;
    this.charts = liveCharts([], [], 0);
    this.log = [];
    this.warnings = 0;
    this.finished = undefined;
    this.startError = undefined;
    this.stopping = false;
    this.hasData = false;
    this.handedOver = false;
    this.origin = undefined;
    this.title = title;
  }

  /** Starts a run; false when the engine refused it (the error is in `startError`). */
  start(recipe: RecipeInput | Recipe | Partial<Recipe>, title: string): Promise<boolean> {
    // The contract's default warm-up when the recipe leaves it out; only the warm-up's x positions depend on it.
    return this.begin(title, (recipe as RecipeInput).load?.warmupSec ?? 2, undefined, () => this.client.startRun({ recipe }));
  }

  /** The same recipe again (optionally the lab's other variant, a note, repeats), following `origin`. */
  rerun(params: MethodParams['rerun'], title: string, origin: RunOrigin, warmupSec = 2): Promise<boolean> {
    return this.begin(title, warmupSec, origin, () => this.client.rerun(params));
  }

  /** Follows a run the engine started on its own (a watch re-run); the events before this moment are missed. */
  adopt(runId: string, title: string, origin: RunOrigin | undefined): void {
    if (this.runId === runId) return;
    this.reset(title);
    this.origin = origin;
    this.runId = runId;
    this.originMs = Date.now();
  }

  private async begin(title: string, warmupSec: number, origin: RunOrigin | undefined, call: () => Promise<RunStarted>): Promise<boolean> {
    this.reset(title);
    this.origin = origin;
    this.warmupSec = warmupSec;
    this.starting = true;
    this.awaitingStart = true;
    try {
      const started = await call();
      this.runId = started.runId;
      this.sessionId = started.sessionId;
      return true;
    } catch (err) {
      this.startError = err;
      return false;
    } finally {
      this.starting = false;
      this.awaitingStart = false;
    }
  }

  async stop(): Promise<void> {
    if (!this.runId || this.finished) return;
    this.stopping = true;
    try {
      await this.client.stopRun({ runId: this.runId });
    } catch (err) {
      this.stopping = false;
      throw err;
    }
  }

  handle(event: EngineEvent): void {
    if (event.type !== 'run-phase' && event.type !== 'run-live' && event.type !== 'run-finished') return;
    // Events can arrive before startRun answers: adopt the run they belong to.
    if (this.awaitingStart && !this.runId) this.runId = event.runId;
    if (event.runId !== this.runId) return;
    if (event.type === 'run-phase') this.onPhase(event);
    else if (event.type === 'run-live') {
      this.samples.push(...event.live.samples);
      this.ticks.push(...event.live.ticks);
      if (event.live.samples.length || event.live.ticks.length) this.hasData = true;
      this.warnings += event.live.warnings.length;
      if (event.live.log.length) this.log = [...this.log, ...event.live.log].slice(-LOG_LINES);
      this.publish();
    } else {
      this.finished = event;
      this.sessionId = event.sessionId;
      this.stopping = false;
    }
  }

  private onPhase(event: Extract<EngineEvent, { type: 'run-phase' }>): void {
    this.phase = event.phase;
    this.phaseMessage = event.message;
    this.sessionId = event.sessionId;
    if (event.totalSec !== undefined) this.totalSec = event.totalSec;
    if (event.phase === 'warmup') {
      this.loadStartedAt = Date.now();
      // Expected start of the measured window; replaced by the real one when 'measuring' arrives.
      this.originMs = event.at + this.warmupSec * 1000;
    }
    if (event.phase === 'measuring') {
      this.originMs = event.at;
      this.publish();
    }
    if (!this.originMs && event.phase === 'starting') this.originMs = event.at;
  }

  private publish(): void {
    this.charts = liveCharts(this.samples, this.ticks, this.originMs);
  }

  /** Seconds of load so far (warm-up included), for the progress bar. */
  elapsedSec(now: number): number {
    return this.loadStartedAt === undefined ? 0 : (now - this.loadStartedAt) / 1000;
  }
}
