// The work in progress: runs, attaches, start-up checkups, ramps and the A/B comparison, one at a time (two would
// share the cores and spoil each other's figures), each stoppable, each announced on the event stream when it ends.
import { randomBytes } from 'node:crypto';
import type { EngineEvent, MethodParams, MethodResults } from '../contract/api.js';
import type { Recipe } from '../contract/recipe.js';
import { RampSpecSchema } from '../contract/ramp.js';
import { describeIssues } from '../contract/schema-issues.js';
import { CheckupError, toCheckupError } from '../errors.js';
import { rampRates } from '../load/ramp-judge.js';
import { prepareAttachRun } from '../attach/attach-run.js';
import { runRamp } from './ramp-run.js';
import { startStartupRun, type StartupOutcome, type StartupRun } from './startup-runs.js';
import { RunSession, type RunAs, type RunOutcome } from './run-session.js';
import { DEFAULT_PAIRS, InterleavedRun } from './interleaved-run.js';
import { validRecipe } from './recipe-check.js';

export class RunRegistry {
  private readonly runs = new Map<string, RunSession>();
  /** Runs whose session folder is still being made: a stopAll() meanwhile is applied once they exist. */
  private readonly starting = new Map<string, { stopped: boolean }>();
  /** Attaches still opening their inspectors: stopAll cancels them. */
  private readonly attaching = new Set<AbortController>();
  /** Start-up checkups in progress; they take the machine like a run does, so one of either at a time. */
  private readonly startups = new Map<string, StartupRun>();
  /** Ramps in progress (rampLoad), each with what stops it. */
  private readonly ramps = new Map<string, AbortController>();
  /** An A/B comparison against a commit in progress: it owns the runs until it ends. */
  private interleaved: InterleavedRun | undefined;

  constructor(
    private readonly sessionsDir: string,
    private readonly emit: (event: EngineEvent) => void,
    /** Called as each run ends, before its `run-finished` event. */
    private readonly runEnded: () => void,
  ) {}

  /** No run in progress (watch mode re-runs only then). */
  get idle(): boolean {
    return this.runs.size === 0;
  }

  /**
   * Runs a stepped ramp to its end and returns the knee; each step is also sent as a `ramp-step` event. One at a time
   * with runs, as they would share the cores. Stopped with the engine's other work (stopAll).
   */
  async rampLoad(params: MethodParams['rampLoad']): Promise<MethodResults['rampLoad']> {
    const recipe = validRecipe(params.recipe);
    const parsed = RampSpecSchema.safeParse(params.ramp);
    if (!parsed.success) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: describeIssues(parsed.error.issues, { at: ['ramp'] }) });
    this.refuseWhileBusy();
    const rampId = `ramp-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
    const stopping = new AbortController();
    const busy = { stopped: false };
    this.starting.set(rampId, busy);
    this.ramps.set(rampId, stopping);
    try {
      return await runRamp(recipe, parsed.data, this.sessionsDir, { signal: stopping.signal, onSession: (sessionId) => this.emit({ type: 'ramp-started', rampId, sessionId, rates: rampRates(parsed.data) }), onStep: (step, sessionId) => this.emit({ type: 'ramp-step', rampId, sessionId, step }) });
    } finally {
      this.starting.delete(rampId);
      this.ramps.delete(rampId);
    }
  }

  /** A run of a process already running (app/attach); refusals come before any session exists. */
  async startAttachRun(params: MethodParams['startAttachRun']): Promise<MethodResults['startAttachRun']> {
    this.refuseWhileBusy();
    // Opening the inspectors takes seconds (a cluster's workers one by one): a stop meanwhile cancels the attach.
    const attaching = new AbortController();
    this.attaching.add(attaching);
    let prepared: Awaited<ReturnType<typeof prepareAttachRun>>;
    try {
      prepared = await prepareAttachRun(params.to, (params.recipe ?? {}) as object, validRecipe, attaching.signal);
    } finally {
      this.attaching.delete(attaching);
    }
    const { recipe, source } = prepared;
    if (attaching.signal.aborted) {
      await source.release();
      throw new CheckupError('CHK_CANCELLED');
    }
    return this.beginRun(recipe, { source }).catch(async (err: unknown) => {
      await source.release();
      throw err;
    });
  }

  async beginRun(recipe: Recipe, as: RunAs = {}): Promise<MethodResults['startRun']> {
    // A recipe that attached (a re-run of an attach session) attaches again: nothing is launched from it.
    if (recipe.attach && !as.source) {
      if (as.interleaved) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: 'an app attached to cannot be compared with a commit: it is not launched from your code' });
      return this.startAttachRun({ to: recipe.attach.to, recipe });
    }
    // The A/B comparison in progress starts its own runs.
    this.refuseWhileBusy(as.interleaved !== undefined);
    const runId = `run-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
    // A stop that comes while the session folder is being made (before the run is listed) is kept and applied.
    const starting = { stopped: false };
    this.starting.set(runId, starting);
    let run: RunSession;
    try {
      run = await RunSession.start(runId, recipe, this.sessionsDir, (e) => this.emit(e), as);
    } finally {
      this.starting.delete(runId);
    }
    this.runs.set(runId, run);
    if (starting.stopped) void run.stop();
    void run.done.then(
      (outcome) => this.finished(run, outcome),
      (err: unknown) => this.finished(run, { sessionId: run.sessionId, sessionDir: run.sessionDir, status: 'partial', error: toCheckupError(err) }),
    );
    return { runId, sessionId: run.sessionId, sessionDir: run.sessionDir };
  }

  /**
   * One run, A/B comparison or start-up checkup at a time: two would share the cores and spoil each other's figures.
   * `forInterleavedRun`: the A/B comparison in progress starting one of its own runs.
   */
  refuseWhileBusy(forInterleavedRun = false): void {
    if (this.interleaved && !forInterleavedRun) throw new CheckupError('CHK_RUN_IN_PROGRESS', { id: this.interleaved.abId });
    const active = [...this.runs.keys(), ...this.starting.keys(), ...this.startups.keys()][0];
    if (active) throw new CheckupError('CHK_RUN_IN_PROGRESS', { id: active });
  }

  async startStartup(params: MethodParams['startStartup']): Promise<MethodResults['startStartup']> {
    this.refuseWhileBusy();
    const run = await startStartupRun(params, this.sessionsDir, (e) => this.emit(e));
    this.startups.set(run.runId, run);
    void run.done.then(() => this.startups.delete(run.runId));
    return { runId: run.runId, sessionId: run.sessionId, sessionDir: run.sessionDir };
  }

  /** The outcome of a start-up checkup started here, whole (tests and benchmarks that drive the Engine itself). */
  startupOutcome(runId: string): Promise<StartupOutcome> {
    const run = this.startups.get(runId);
    if (!run) return Promise.reject(new CheckupError('CHK_RUN_NOT_FOUND', { id: runId }));
    return run.done;
  }

  private finished(run: RunSession, outcome: RunOutcome): void {
    this.runs.delete(run.runId);
    this.runEnded();
    const { diagnosis, load } = outcome;
    this.emit({
      type: 'run-finished',
      runId: run.runId,
      sessionId: outcome.sessionId,
      sessionDir: outcome.sessionDir,
      status: outcome.status,
      ...(outcome.error ? { error: outcome.error.toJSON() } : {}),
      ...(diagnosis ? { diagnosis } : {}),
      ...(load ? { load: { requestsPerSecond: load.requestsPerSecond, latency: load.latency, errors: load.errors, non2xx: load.non2xx } } : {}),
    });
  }

  /** The outcome of a run started here, whole: for the A/B comparison's own runs, and tests and benchmarks. */
  runOutcome(runId: string): Promise<RunOutcome> {
    const run = this.runs.get(runId);
    if (!run) return Promise.reject(new CheckupError('CHK_RUN_NOT_FOUND', { id: runId }));
    return run.done;
  }

  async stopRun(params: MethodParams['stopRun']): Promise<MethodResults['stopRun']> {
    // Stopping one run of an A/B comparison stops the comparison (and removes its checkout).
    if (this.interleaved?.owns(params.runId)) {
      await this.interleaved.stop();
      return { stopped: true };
    }
    const ramp = this.ramps.get(params.runId);
    if (ramp) {
      ramp.abort();
      return { stopped: true };
    }
    const startup = this.startups.get(params.runId);
    if (startup) {
      startup.stop();
      await startup.done;
      return { stopped: true };
    }
    const starting = this.starting.get(params.runId);
    if (starting) starting.stopped = true;
    const run = this.runs.get(params.runId);
    if (!run && !starting) throw new CheckupError('CHK_RUN_NOT_FOUND', { id: params.runId });
    await run?.stop();
    return { stopped: true };
  }

  /** Cancels the attaches still opening their inspectors. */
  cancelAttaches(): void {
    for (const attaching of this.attaching) attaching.abort();
  }

  /** Stops every run, ramp, start-up checkup and the A/B comparison, and waits for them to end. */
  async stopAll(): Promise<void> {
    this.cancelAttaches();
    for (const starting of this.starting.values()) starting.stopped = true;
    for (const ramp of this.ramps.values()) ramp.abort();
    await this.interleaved?.stop();
    for (const s of this.startups.values()) s.stop();
    await Promise.all([...this.runs.values()].map((r) => r.stop()).concat([...this.startups.values()].map((s) => s.done.then(() => {}))));
  }

  /** The run in progress, as a window that connects mid-run is shown it. */
  current(): MethodResults['currentRun'] {
    const run = [...this.runs.values()][0];
    return run ? { run: run.record.snapshot() } : {};
  }

  /** Whether a run or start-up checkup in progress is writing this session. */
  writes(sessionId: string): boolean {
    return [...this.runs.values(), ...this.startups.values()].some((r) => r.sessionId === sessionId);
  }

  /** Starts an A/B comparison of `recipe` against commit `ref`, its runs interleaved (app/engine/interleaved-run.ts). */
  async runAgainstCommit(recipe: Recipe, params: MethodParams['runAgainstCommit']): Promise<MethodResults['runAgainstCommit']> {
    this.refuseWhileBusy();
    const pairs = params.pairs ?? DEFAULT_PAIRS;
    const ab = await InterleavedRun.start(recipe, params.ref ?? 'HEAD', pairs, {
      startRun: async (r, as) => {
        const started = await this.beginRun(r, as);
        return { ...started, done: this.runOutcome(started.runId) };
      },
      stopRun: async (runId) => {
        await this.runs.get(runId)?.stop();
      },
      emit: (e) => this.emit(e),
    }, params.exclude ?? []);
    this.interleaved = ab;
    void ab.done.finally(() => {
      if (this.interleaved === ab) this.interleaved = undefined;
    });
    return { abId: ab.abId, ref: ab.ref, commit: ab.commit, pairs, notes: ab.worktree.notes, carried: ab.worktree.carried };
  }
}
