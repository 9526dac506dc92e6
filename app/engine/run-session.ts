// One checkup, start to end: launch the target with the probe, wait for its port, warm up, measure under load with
// the profiler on, then diagnose and save. Every way out (done, crash, failed start, stop) leaves a saved session
// and no process behind. The diagnosis is written before the target is shut down, so the user waits for neither.
import type { EngineEvent, RunPhase } from '../contract/api.js';
import type { LoadResult, ProbeSample, ProbeWarning } from '../contract/metrics.js';
import type { Recipe } from '../contract/recipe.js';
import { CheckupError, toCheckupError, type ErrorCode } from '../errors.js';
import { startLoad, type LoadRun } from '../load/index.js';
import { InspectorSession } from '../profile/capture.js';
import { SessionWriter } from '../store/session-writer.js';
import { launchTarget, type Target, type TargetExit } from '../target/index.js';
import type { MemoryAfterLoad } from '../diagnosis/input.js';
import { thresholds } from '../diagnosis/thresholds.js';
import { diagnoseRun } from './diagnose-run.js';
import { readGitInfo } from './git-info.js';
import { measureAgain, toRepeat, type RepeatHandle } from './repeat-measure.js';
import { LiveBatcher } from './live-batcher.js';
import { launchOptionsFor, resolveTarget } from './resolve-target.js';

export interface RunOutcome {
  sessionId: string;
  sessionDir: string;
  status: 'complete' | 'partial';
  error?: CheckupError;
}

type Ending = { kind: 'done'; result: LoadResult } | { kind: 'crashed'; exit: TargetExit } | { kind: 'stopped' };

/** Grace period for the target to exit on SIGTERM before it is killed. */
const SHUTDOWN_GRACE_MS = 3000;

export class RunSession {
  readonly done: Promise<RunOutcome>;
  private readonly samples: ProbeSample[] = [];
  private readonly warnings: ProbeWarning[] = [];
  private readonly batcher: LiveBatcher;
  private target: Target | undefined;
  private inspector: InspectorSession | undefined;
  private load: LoadRun | undefined;
  private repeat: RepeatHandle | undefined;
  private stopRequested = false;
  /** The heap weighed after a full GC at the start of the measured window (see weighAfterLoad). */
  private memoryBefore: { bytes: number; at: number } | undefined;
  private resolveStopped!: () => void;
  private readonly stopped = new Promise<Ending>((resolve) => {
    this.resolveStopped = () => resolve({ kind: 'stopped' });
  });

  private constructor(
    readonly runId: string,
    readonly recipe: Recipe,
    private readonly writer: SessionWriter,
    private readonly emit: (event: EngineEvent) => void,
  ) {
    this.batcher = new LiveBatcher((live) => this.emit({ type: 'run-live', runId, live }));
    this.done = this.execute();
  }

  /** Creates the session folder (so a failure from here on is always saved) and starts the run in the background. */
  static async start(runId: string, recipe: Recipe, sessionsDir: string, emit: (event: EngineEvent) => void): Promise<RunSession> {
    const resolved = resolveTarget(recipe.target);
    const git = await readGitInfo(resolved.project);
    const writer = await SessionWriter.create(sessionsDir, { name: resolved.name, project: resolved.project, recipe, ...(git ? { git } : {}) });
    return new RunSession(runId, recipe, writer, emit);
  }

  get sessionId(): string {
    return this.writer.id;
  }

  get sessionDir(): string {
    return this.writer.dir;
  }

  /** Ends the run early; what was collected so far is diagnosed and saved as a partial session. */
  async stop(): Promise<void> {
    this.stopRequested = true;
    this.resolveStopped();
    await this.repeat?.stop();
    await this.done.catch(() => undefined);
  }

  private phase(phase: RunPhase, message?: string): void {
    const totalSec = phase === 'warmup' || phase === 'measuring' ? this.recipe.load.warmupSec + this.recipe.load.durationSec : undefined;
    this.emit({ type: 'run-phase', runId: this.runId, sessionId: this.sessionId, phase, at: Date.now(), ...(message ? { message } : {}), ...(totalSec !== undefined ? { totalSec } : {}) });
  }

  /** Waits for `work`, unless the user stops first (then CHK_INTERRUPTED). */
  private async unlessStopped<T>(work: Promise<T>): Promise<T> {
    const ending = await Promise.race([work.then((value) => ({ value })), this.stopped]);
    if ('kind' in ending) {
      work.catch(() => undefined);
      throw new CheckupError('CHK_INTERRUPTED');
    }
    return ending.value;
  }

  private async execute(): Promise<RunOutcome> {
    const session = this.writer.session;
    let error: CheckupError | undefined;
    let load: LoadResult | undefined;
    let crash: TargetExit | undefined;
    let profiles: { cpu?: unknown; heap?: unknown } = {};
    let memoryAfterLoad: MemoryAfterLoad | undefined;
    this.batcher.start();
    try {
      this.phase('starting');
      const { launch } = resolveTarget(this.recipe.target);
      const launching = launchTarget(launch, launchOptionsFor(this.recipe));
      // Stopped while the process was being started: it still has to be taken down once it exists.
      void launching.then((t) => (this.stopRequested ? t.shutdown({ graceMs: SHUTDOWN_GRACE_MS }) : undefined), () => undefined);
      this.target = await this.unlessStopped(launching);
      this.wireTarget(this.target);
      session.target.pid = this.target.pid;
      this.phase('waiting-for-port');
      const ready = await this.unlessStopped(this.target.waitUntilListening(this.recipe.readyTimeoutSec * 1000));
      Object.assign(session.target, { port: ready.port, inspectorUrl: ready.inspectorUrl, startupMs: ready.startupMs, ...(ready.nodeVersion ? { nodeVersion: ready.nodeVersion } : {}) });
      session.timings.listeningAt = Date.now();
      await this.writer.saveSessionFile();

      const profiling = this.recipe.profile.cpu || this.recipe.profile.heap;
      if (profiling) {
        if (!ready.inspectorUrl) throw new CheckupError('CHK_INSPECTOR_FAILED', { detail: ready.inspectorError ?? 'the target reported no inspector' });
        this.inspector = await this.unlessStopped(InspectorSession.connect(ready.inspectorUrl));
      }

      const ending = await this.runLoad(ready.port);
      if (ending.kind === 'crashed') crash = ending.exit;
      load = ending.kind === 'done' ? ending.result : await this.load?.stop();
      this.phase('collecting');
      if (ending.kind !== 'crashed') profiles = await this.stopProfilers();
      if (ending.kind === 'done') memoryAfterLoad = await this.weighAfterLoad(session.timings.measureEndAt);
      if (ending.kind === 'stopped') error = new CheckupError('CHK_INTERRUPTED');
      if (crash) error = new CheckupError('CHK_TARGET_CRASHED', { exit: crash.signal ? `signal ${crash.signal}` : `exit code ${crash.code}` }, { details: this.target.lastLines() });
    } catch (err) {
      error = toCheckupError(err);
      if (error.code === 'CHK_INTERRUPTED' || !this.stopRequested) load ??= await this.load?.stop().catch(() => undefined);
    }

    // Whatever happened, diagnose what was collected and save it; then take the target down.
    const shutdown = this.shutdown();
    try {
      this.phase('diagnosing');
      await diagnoseRun({ writer: this.writer, samples: this.samples, warnings: this.warnings, load, profiles, crash, target: this.target, recipe: this.recipe, ...(memoryAfterLoad ? { memoryAfterLoad } : {}) });
    } catch (err) {
      error ??= toCheckupError(err);
    }
    const exit = await shutdown;
    if (exit && !crash) Object.assign(session.target, { exitCode: exit.code, signal: exit.signal, exitedUnexpectedly: false });
    if (!error && load && this.recipe.repeats > 1) error = await this.repeatMeasurements(load);
    this.phase('saving');
    this.batcher.stop();
    const reason = error ? { code: error.code as ErrorCode, message: error.message } : undefined;
    try {
      await this.writer.finish(error ? 'partial' : 'complete', reason);
    } catch (err) {
      error ??= toCheckupError(err);
    }
    const status = this.writer.session.status === 'complete' ? 'complete' : 'partial';
    this.phase(error ? (error.code === 'CHK_INTERRUPTED' ? 'stopped' : 'failed') : 'done', error?.message);
    return { sessionId: this.sessionId, sessionDir: this.sessionDir, status, ...(error ? { error } : {}) };
  }

  /**
   * Measures the load again in fresh target processes (Recipe.repeats), keeping every measurement in load.json. A
   * stop or a failure keeps the repeats done so far; the session is then partial.
   */
  private async repeatMeasurements(first: LoadResult): Promise<CheckupError | undefined> {
    const repeats = [toRepeat(first)];
    let failure: CheckupError | undefined;
    for (let i = 2; i <= this.recipe.repeats && !this.stopRequested; i++) {
      this.phase('repeating', `${i} of ${this.recipe.repeats}`);
      this.repeat = measureAgain(this.recipe, (stream, text, ts) => this.writer.appendLog(stream, `[repeat ${i}] ${text}`, ts));
      try {
        repeats.push(await this.repeat.result);
      } catch (err) {
        failure = toCheckupError(err);
        break;
      } finally {
        this.repeat = undefined;
      }
    }
    if (this.stopRequested) failure ??= new CheckupError('CHK_INTERRUPTED');
    try {
      await this.writer.writeJson('load.json', { ...first, repeats });
    } catch (err) {
      failure ??= toCheckupError(err);
    }
    return failure;
  }

  private wireTarget(target: Target): void {
    target.on('sample', (s) => {
      this.samples.push(s);
      this.writer.appendSample(s);
      this.batcher.sample(s);
    });
    target.on('warning', (w) => {
      this.warnings.push(w);
      this.writer.appendWarning(w);
      this.batcher.warning(w);
    });
    target.on('log', (line) => {
      this.writer.appendLog(line.stream, line.text, line.ts);
      this.batcher.log(line);
    });
  }

  /** Warm-up, then the measured load with the profilers on; ends when the load ends, the target dies, or on stop. */
  private async runLoad(port: number): Promise<Ending> {
    const timings = this.writer.session.timings;
    this.phase('warmup');
    this.load = startLoad(
      this.recipe.load,
      { host: this.recipe.load.host, port },
      {
        onTick: (tick) => {
          this.writer.appendTick(tick);
          this.batcher.tick(tick);
        },
        onMeasureStart: async () => {
          await this.startProfilers();
          timings.measureStartAt = Date.now();
          this.phase('measuring');
        },
        onMeasureEnd: (window) => {
          timings.measureStartAt = window.startMs;
          timings.measureEndAt = window.endMs;
        },
      },
    );
    const target = this.target!;
    return Promise.race<Ending>([
      this.load.result.then((result) => ({ kind: 'done', result })),
      target.exited.then((exit) => ({ kind: 'crashed', exit })),
      this.stopped,
    ]);
  }

  private async startProfilers(): Promise<void> {
    const timings = this.writer.session.timings;
    if (!this.inspector) return;
    // One full GC before measuring, so that what the heap keeps by the end can be told from what it held anyway. It
    // costs one pause under load at the start of the window (a few ms for a small heap; it shows in the GC figures).
    const before = await this.inspector.weighAfterGc().catch(() => undefined);
    if (before) this.memoryBefore = { bytes: before.value, at: Date.now() };
    if (this.recipe.profile.heap) await this.inspector.startHeapSampling();
    if (this.recipe.profile.cpu) timings.profilerStartMs = (await this.inspector.startCpuProfile(this.recipe.profile.samplingIntervalUs)).ms;
  }

  private async stopProfilers(): Promise<{ cpu?: unknown; heap?: unknown }> {
    if (!this.inspector || this.inspector.isClosed) return {};
    const out: { cpu?: unknown; heap?: unknown } = {};
    if (this.recipe.profile.cpu) {
      const stopped = await this.inspector.stopCpuProfile();
      this.writer.session.timings.profilerStopMs = stopped.ms;
      out.cpu = stopped.value;
    }
    if (this.recipe.profile.heap) out.heap = (await this.inspector.stopHeapSampling()).value;
    return out;
  }

  /**
   * After the load: wait until requests still queued in the app have drained (a probe window this idle, at most
   * T.drainTimeoutMs), then weigh the heap after a full GC again. A backlog gives its memory back; a leak keeps it.
   */
  private async weighAfterLoad(measureEndAt: number | undefined): Promise<MemoryAfterLoad | undefined> {
    if (!this.inspector || this.inspector.isClosed || !this.memoryBefore || !this.target) return undefined;
    const started = Date.now();
    const end = measureEndAt ?? started;
    const drained = () => this.samples.some((s) => s.ts - s.windowMs >= end && s.elu <= thresholds.drainedElu);
    while (!drained() && Date.now() - started < thresholds.drainTimeoutMs && !this.stopRequested) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const drainMs = Date.now() - started;
    const after = await this.inspector.weighAfterGc().catch(() => undefined);
    if (!after) return undefined;
    const measured = this.samples.filter((s) => s.ts >= this.memoryBefore!.at && s.ts <= end);
    return {
      beforeBytes: this.memoryBefore.bytes,
      afterBytes: after.value,
      elapsedSec: Math.max(0.001, (end - this.memoryBefore.at) / 1000),
      drainMs,
      peakBytes: Math.max(this.memoryBefore.bytes, ...measured.map((s) => s.memory.heapUsed)),
    };
  }

  private async shutdown(): Promise<TargetExit | undefined> {
    await this.inspector?.close();
    if (!this.target) return undefined;
    const result = await this.target.shutdown({ graceMs: SHUTDOWN_GRACE_MS });
    return { code: result.exitCode, signal: result.signal, unexpected: false, at: Date.now() };
  }
}
