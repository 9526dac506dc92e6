// The run being watched: its phase, the live series (kept as plain arrays, published to the charts once per engine
// batch, i.e. at most LIVE_BATCHES_PER_SECOND times a second), the target's console, and how it ended.
import type { EngineEvent, LiveUnitInfo, LogLine, LoadTick, MethodParams, ProbeSample, Recipe, RecipeInput, RunPhase, RunSnapshot, RunStarted, UnitId } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';
import { failingRequestsWarning, setupWords, unmatchedRoutesWords } from '../../../../app/contract/words.js';
import type { SetupAnswer } from '../../../../app/contract/setup.js';
import { withoutInspectorLines } from '../util/inspector-lines.js';
import { liveCharts, type ChartSpec } from '../util/series.js';
import { overlaidCharts, pickerUnits, validChoice, type LiveUnitChoice } from '../util/live-units.js';
import { unitName } from '../util/units.js';

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
  /** When the load began (warm-up), epoch ms, for the elapsed time. */
  loadStartedAt = $state<number | undefined>(undefined);
  /** Epoch ms by which the app must listen, while Checkup waits for its port (a countdown). */
  readyDeadline = $state<number | undefined>(undefined);
  /** The address the load goes to, once the app listens. */
  url = $state<string | undefined>(undefined);
  /** The latest second of load and probe window, for the live readouts. */
  lastTick = $state.raw<LoadTick | undefined>(undefined);
  lastSample = $state.raw<ProbeSample | undefined>(undefined);
  /** Most requests failing so far (a wrong path or port), in words; undefined while they succeed. */
  failing = $state<string | undefined>(undefined);
  /** The load's paths that no route of the app takes, in words, once the probe read the route table. */
  unroutable = $state<string | undefined>(undefined);
  /** What the set-up step (a login) answered, in words, once it has. */
  setupNews = $state<{ words: string; answers: SetupAnswer[] } | undefined>(undefined);
  /** A start refused because another run (another window's, or this one's before a reload) is in progress. */
  blockedByOther = $state(false);
  charts = $state.raw<ChartSpec[]>([]);
  log = $state.raw<LogLine[]>([]);
  /** Lines of Node's own inspector messages left out of the console ("Debugger listening on…"): Checkup caused them. */
  hiddenLogLines = $state(0);
  /** The processes and threads the probe reached (only for an app of more than one). */
  units = $state.raw<LiveUnitInfo[]>([]);
  /** Whose probe windows the live charts and readouts draw (a multi-unit run): the main process unless chosen. */
  chartUnit = $state<LiveUnitChoice>('main');
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
  /** The other units' probe windows (the main process's are `samples`), by unit; plain, like `samples`: publish() shows them. */
  private unitSamples: Record<UnitId, ProbeSample[]> = {};
  /** Epoch ms the measured window began at (x = 0 on every live chart), once known. */
  private measureStartAt: number | undefined;
  private awaitingStart = false;
  /** While the engine's snapshot of a run is on its way: live batches before it are already in it. */
  private awaitingSnapshot = false;
  private warmupSec = 0;
  private durationSec = 0;

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
    this.readyDeadline = undefined;
    this.url = undefined;
    this.lastTick = undefined;
    this.lastSample = undefined;
    this.blockedByOther = false;
    this.failing = undefined;
    this.unroutable = undefined;
    this.setupNews = undefined;
    this.samples = [];
    this.ticks = [];
    this.unitSamples = {};
    this.chartUnit = 'main';
    this.measureStartAt = undefined;
    this.charts = liveCharts([], [], { originMs: 0, warmupSec: this.warmupSec, durationSec: this.durationSec });
    this.log = [];
    this.hiddenLogLines = 0;
    this.units = [];
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
    const load = (recipe as RecipeInput).load;
    return this.begin(title, load?.warmupSec ?? 2, undefined, () => this.client.startRun({ recipe }), load?.durationSec ?? 10);
  }

  /** Attaches to a running process (`to`: its pid) and runs the recipe's load on it; otherwise as start(). */
  startAttached(to: string, recipe: Partial<RecipeInput>, title: string): Promise<boolean> {
    return this.begin(title, recipe.load?.warmupSec ?? 2, undefined, () => this.client.startAttachRun({ to, recipe }), recipe.load?.durationSec ?? 10);
  }

  /** The same recipe again (optionally the lab's other variant, a note, repeats), following `origin`. */
  rerun(params: MethodParams['rerun'], title: string, origin: RunOrigin, warmupSec = 2, durationSec = 10): Promise<boolean> {
    return this.begin(title, warmupSec, origin, () => this.client.rerun(params), durationSec);
  }

  /** Follows a run the engine started on its own (a watch re-run); the events before this moment are missed. */
  adopt(runId: string, title: string, origin: RunOrigin | undefined): void {
    if (this.runId === runId) {
      // Followed already (its start was seen): what the caller knows of it still names it.
      this.title = title;
      if (origin) this.origin = origin;
      return;
    }
    this.reset(title);
    this.origin = origin;
    this.runId = runId;
    void this.follow(runId);
  }

  /**
   * Shows the run the engine has in progress, from its start (a reload, a second window, a watch re-run): its
   * snapshot replaces whatever this window had of it. False when the engine has no run in progress.
   */
  async follow(runId?: string): Promise<boolean> {
    this.awaitingSnapshot = true;
    try {
      const { run } = await this.client.currentRun({});
      if (!run || (runId !== undefined && run.runId !== runId)) return false;
      // It ended while its snapshot was on the way: the end has been seen already.
      if (this.finished?.runId === run.runId) return true;
      this.attach(run);
      return true;
    } catch {
      return false;
    } finally {
      this.awaitingSnapshot = false;
    }
  }

  private attach(run: RunSnapshot): void {
    const keep = this.runId === run.runId ? { title: this.title, origin: this.origin } : { title: keptTitle(run.sessionId) ?? run.name, origin: undefined };
    this.warmupSec = run.warmupSec;
    this.durationSec = run.durationSec;
    const blocked = this.blockedByOther;
    this.reset(keep.title);
    this.blockedByOther = blocked;
    this.origin = keep.origin;
    this.runId = run.runId;
    this.sessionId = run.sessionId;
    this.phase = run.phase;
    this.phaseMessage = run.phaseMessage;
    this.totalSec = run.warmupSec + run.durationSec;
    this.loadStartedAt = run.loadStartedAt;
    this.measureStartAt = run.measureStartAt;
    this.readyDeadline = run.readyDeadline;
    this.url = run.url;
    this.units = run.units ?? [];
    this.chartUnit = keptChoice(run.runId) ?? 'main';
    if (run.routes) this.unroutable = unmatchedRoutesWords(run.routes.unmatched, run.routes.table);
    this.addLive(run.live);
    this.publish();
  }

  private async begin(title: string, warmupSec: number, origin: RunOrigin | undefined, call: () => Promise<RunStarted>, durationSec = 10): Promise<boolean> {
    this.warmupSec = warmupSec;
    this.durationSec = durationSec;
    this.reset(title);
    this.origin = origin;
    this.starting = true;
    this.awaitingStart = true;
    try {
      const started = await call();
      this.runId = started.runId;
      this.sessionId = started.sessionId;
      keepTitle(started.sessionId, title);
      return true;
    } catch (err) {
      // One run at a time: the run in the way is shown instead of a dead end, with its Stop button.
      if ((err as { code?: string }).code === 'CHK_RUN_IN_PROGRESS') {
        this.blockedByOther = true;
        this.awaitingStart = false;
        if (await this.follow()) return false;
      }
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

  /** True when the event starts a run this window is not following while it follows none (another window's). */
  isOthersNewRun(event: EngineEvent): boolean {
    return event.type === 'run-phase' && event.phase === 'starting' && event.runId !== this.runId && !this.awaitingStart && !this.active;
  }

  handle(event: EngineEvent): void {
    if (event.type !== 'run-phase' && event.type !== 'run-live' && event.type !== 'run-finished' && event.type !== 'run-units' && event.type !== 'run-routes' && event.type !== 'run-setup') return;
    // Events can arrive before startRun answers: adopt the run they belong to.
    if (this.awaitingStart && !this.runId) this.runId = event.runId;
    if (event.runId !== this.runId) return;
    if (event.type === 'run-phase') this.onPhase(event);
    else if (event.type === 'run-units') {
      this.units = event.units;
      this.publish();
    }
    else if (event.type === 'run-routes') this.unroutable = unmatchedRoutesWords(event.unmatched, event.table);
    else if (event.type === 'run-setup') this.setupNews = { words: setupWords(event.setup), answers: event.setup.answers };
    else if (event.type === 'run-live') {
      if (this.awaitingSnapshot) return;
      this.addLive(event.live);
      this.publish();
    } else {
      this.finished = event;
      this.sessionId = event.sessionId;
      this.stopping = false;
    }
  }

  private addLive(live: RunSnapshot['live']): void {
    this.samples.push(...live.samples);
    this.ticks.push(...live.ticks);
    if (live.samples.length || live.ticks.length) this.hasData = true;
    if (live.ticks.length) {
      this.lastTick = live.ticks[live.ticks.length - 1];
      this.failing = failingRequestsWarning(this.ticks, this.url);
    }
    for (const { unit, sample } of live.units ?? []) (this.unitSamples[unit] ??= []).push(sample);
    this.warnings += live.warnings.length;
    if (live.log.length) {
      const { kept, hidden } = withoutInspectorLines(live.log);
      this.hiddenLogLines += hidden;
      if (kept.length) this.log = [...this.log, ...kept].slice(-LOG_LINES);
    }
  }

  private onPhase(event: Extract<EngineEvent, { type: 'run-phase' }>): void {
    this.phase = event.phase;
    this.phaseMessage = event.message;
    this.sessionId = event.sessionId;
    if (event.totalSec !== undefined) this.totalSec = event.totalSec;
    if (event.url !== undefined) this.url = event.url;
    this.readyDeadline = event.phase === 'waiting-for-port' ? event.readyDeadline : undefined;
    if (event.phase === 'warmup') this.loadStartedAt = event.at;
    if (event.phase === 'measuring') this.measureStartAt = event.at;
    if (event.phase === 'warmup' || event.phase === 'measuring') this.publish();
  }

  /**
   * x = 0 is the start of the measured window on every chart (the load's ticks count from there too). Until it is
   * known it is expected one warm-up after the load began, or, before the load, one warm-up after the newest sample.
   */
  private originMs(): number {
    if (this.measureStartAt !== undefined) return this.measureStartAt;
    const loadStart = this.loadStartedAt ?? this.samples[this.samples.length - 1]?.ts ?? Date.now();
    return loadStart + this.warmupSec * 1000;
  }

  /** Shows another unit's windows on the live charts (kept across a reload of this window). */
  showUnit(choice: LiveUnitChoice): void {
    this.chartUnit = choice;
    if (this.runId) keepChoice(this.runId, choice);
    this.publish();
  }

  private publish(): void {
    const axis = { originMs: this.originMs(), warmupSec: this.warmupSec, durationSec: this.durationSec };
    const choice = validChoice(this.chartUnit, this.units);
    const shown = choice === 'main' || choice === 'all' ? this.samples : (this.unitSamples[choice] ?? []);
    const overlaid = choice === 'all' ? overlaidCharts(pickerUnits(this.units).map((u) => ({ label: unitName(u), samples: u.main ? this.samples : (this.unitSamples[u.id] ?? []) })), axis.originMs) : [];
    this.charts = liveCharts(shown, this.ticks, axis, overlaid);
    this.lastSample = shown[shown.length - 1];
  }

  /**
   * Where the run is on the charts' own clock: seconds of warm-up, then seconds measured (x on every live chart; the
   * charts draw each second once it is complete, so their lines end up to a second behind this).
   */
  clock(now: number): { part: 'warm-up' | 'measured'; sec: number; of: number } | undefined {
    if (this.measureStartAt !== undefined) return { part: 'measured', sec: Math.min(this.durationSec, Math.max(0, (now - this.measureStartAt) / 1000)), of: this.durationSec };
    if (this.loadStartedAt !== undefined) return { part: 'warm-up', sec: Math.min(this.warmupSec, Math.max(0, (now - this.loadStartedAt) / 1000)), of: this.warmupSec };
    return undefined;
  }

  /**
   * How far the run is, on the clock shown beside the progress bar: the measured window starts when the warm-up ends,
   * and a warm-up can outlast its seconds (its requests slower than it), so the bar waits there as the clock does.
   */
  progress(now: number): number | undefined {
    const c = this.clock(now);
    const total = this.warmupSec + this.durationSec;
    if (!c || !total) return undefined;
    return (c.part === 'measured' ? this.warmupSec + c.sec : c.sec) / total;
  }

  /** Seconds of load so far (warm-up included), for the time shown before the run's phases are known. */
  elapsedSec(now: number): number {
    return this.loadStartedAt === undefined ? 0 : (now - this.loadStartedAt) / 1000;
  }

  /** Whole seconds left before Checkup gives up waiting for the app to listen. */
  secondsToListen(now: number): number | undefined {
    return this.readyDeadline === undefined ? undefined : Math.max(0, Math.round((this.readyDeadline - now) / 1000));
  }
}

/** The title this tab gave a run (a lab's name, "again"...), so that a reload names it the same. */
const TITLE_KEY = 'checkup.run-title';

function keepTitle(sessionId: string, title: string): void {
  try {
    sessionStorage.setItem(TITLE_KEY, JSON.stringify({ sessionId, title }));
  } catch {
    // Storage refused: a reload names the run by its app.
  }
}

function keptTitle(sessionId: string): string | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(TITLE_KEY) ?? 'null') as { sessionId?: string; title?: string } | null;
    return kept?.sessionId === sessionId && typeof kept.title === 'string' ? kept.title : undefined;
  } catch {
    return undefined;
  }
}

/** The unit chosen for a run's live charts, per tab (a reload keeps it; another run starts from the main process). */
const CHOICE_KEY = 'checkup.live-unit';

function keepChoice(runId: string, choice: LiveUnitChoice): void {
  try {
    sessionStorage.setItem(CHOICE_KEY, JSON.stringify({ runId, choice }));
  } catch {
    // Storage refused (a locked-down window): the choice lasts until the reload.
  }
}

function keptChoice(runId: string): LiveUnitChoice | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(CHOICE_KEY) ?? 'null') as { runId?: string; choice?: string } | null;
    return kept?.runId === runId && typeof kept.choice === 'string' ? kept.choice : undefined;
  } catch {
    return undefined;
  }
}
