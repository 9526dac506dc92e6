// One checkup, start to end: launch the target with the probe, wait for its port, warm up, measure under load with
// the profiler on, then diagnose and save. Every way out (done, crash, failed start, stop) leaves a saved session
// and no process behind. The diagnosis is written before the target is shut down, so the user waits for neither.
import type { EngineEvent, RunPhase } from '../contract/api.js';
import type { Diagnosis } from '../contract/diagnosis.js';
import type { DatabaseServerCpu, ProbeSample, ProbeWarning, RepeatResult } from '../contract/metrics.js';
import type { Recipe } from '../contract/recipe.js';
import { CheckupError, toCheckupError, type ErrorCode } from '../errors.js';
import { startLoad, type LoadRun } from '../load/index.js';
import { ReadyLoadWorker } from '../load/ready-worker.js';
import { nothingSucceeded } from '../load/nothing-succeeded.js';
import { assertLoadSendable } from '../load/preflight.js';
import { loadWithCarried, runSetupStep } from '../load/setup-step.js';
import { requestsOfLoad } from '../contract/journey-plan.js';
import { InspectorSession } from '../profile/capture.js';
import { SessionWriter } from '../store/session-writer.js';
import type { TargetExit } from '../target/index.js';
import { diagnose, diagnoseStartFailure, isStartFailure, type CollectedRun } from '../diagnosis/index.js';
import { AppLogReader } from '../diagnosis/app-log.js';
import { saveDiagnosis } from './save-diagnosis.js';
import { readGitInfo } from './git-info.js';
import { measureRepeats } from './repeat-measure.js';
import { LiveBatcher } from './live-batcher.js';
import { LiveRecord, type PhaseNews } from './live-record.js';
import { loadUrl } from './load-url.js';
import { profilingCost } from './profiling-cost.js';
import { machineLoad, machineSnapshot, targetCpuMs, type MachineSnapshot } from './machine-load.js';
import { startServerWatch } from './database-servers.js';
import { resolveTarget, type ResolvedTarget } from '../target/resolve-target.js';
import { SHUTDOWN_GRACE_MS, crashError, launchUnlessStopped, blameDeath, openUnlessStopped, raceLoad, unlessStopped, type LoadEnding, type RunTarget, type TargetSource } from '../target/run-target.js';
import { RunProfilers } from './run-profilers.js';
import { RunUnits, unitsTargetOf } from './run-units.js';
import { RunRoutes } from './run-routes.js';
import { PhaseClock } from './phase-clock.js';
import type { Measured, RunAs, RunOutcome } from './run-outcome.js';

export type { RunAs, RunOutcome } from './run-outcome.js';

export class RunSession {
  readonly done: Promise<RunOutcome>;
  private readonly samples: ProbeSample[] = [];
  /** The app's structured log lines, grouped as they arrive (bounded), for the doctor. */
  private readonly appLog = new AppLogReader();
  /** The machine's counters when the measurement began (app/engine/machine-load.ts). */
  private machineAtStart: MachineSnapshot | undefined;
  private endServerWatch: (() => DatabaseServerCpu[]) | undefined;
  private readonly warnings: ProbeWarning[] = [];
  private readonly batcher: LiveBatcher;
  /** What a window that connects mid-run is shown (Engine.currentRun). */
  readonly record: LiveRecord;
  /** Aborted by stop(): every wait of the run (launch, port, load, repeats) gives way to it. */
  private readonly stopping = new AbortController();
  private target: RunTarget | undefined;
  private inspector: InspectorSession | undefined;
  /** The other processes and threads of the app: profiled and judged with the main one. */
  private units: RunUnits | undefined;
  private load: LoadRun | undefined;
  /** The profilers over the measured window, once the inspector is connected. */
  private profilers: RunProfilers | undefined;
  /** The loaded server's route table, saved as routes.json. */
  private routes: RunRoutes | undefined;

  private constructor(
    readonly runId: string,
    readonly recipe: Recipe,
    private readonly resolved: ResolvedTarget,
    private readonly writer: SessionWriter,
    private readonly emit: (event: EngineEvent) => void,
    private readonly source: TargetSource | undefined,
    private readonly clock: PhaseClock,
    /** The load's worker, loading its modules while the target starts. */
    private readonly loadWorker: ReadyLoadWorker,
  ) {
    this.record = new LiveRecord({ runId, sessionId: writer.id, sessionDir: writer.dir, name: resolved.name, warmupSec: recipe.load.warmupSec, durationSec: recipe.load.durationSec });
    this.batcher = new LiveBatcher((live) => {
      this.record.batch(live);
      this.emit({ type: 'run-live', runId, live });
    });
    this.done = this.execute();
  }

  /** Creates the session folder (so a failure from here on is always saved) and starts the run in the background. */
  static async start(runId: string, recipe: Recipe, sessionsDir: string, emit: (event: EngineEvent) => void, as: RunAs = {}): Promise<RunSession> {
    const clock = new PhaseClock();
    assertLoadSendable(recipe.load);
    const resolved = resolveTarget(recipe.target);
    const loadWorker = ReadyLoadWorker.forRun();
    try {
      // The git state of the code that runs (a checked-out commit for an A/B run), the project the user knows it by.
      const git = await readGitInfo(resolved.project);
      const project = as.project ?? resolved.project;
      const writer = await SessionWriter.create(sessionsDir, { name: resolved.name, project, recipe, ...(git ? { git } : {}), ...(as.interleaved ? { interleaved: as.interleaved } : {}), ...(as.imported ? { imported: as.imported } : {}) });
      clock.mark('session-folder');
      return new RunSession(runId, recipe, resolved, writer, emit, as.source, clock, loadWorker);
    } catch (err) {
      loadWorker.dispose();
      throw err;
    }
  }

  get name(): string {
    return this.resolved.name;
  }

  get sessionId(): string {
    return this.writer.id;
  }

  get sessionDir(): string {
    return this.writer.dir;
  }

  private get signal(): AbortSignal {
    return this.stopping.signal;
  }

  /** Ends the run early; what was collected so far is diagnosed and saved as a partial session. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.done.catch(() => undefined);
  }

  private phase(phase: RunPhase, message?: string, extra: Pick<PhaseNews, 'url' | 'readyDeadline'> = {}): void {
    const totalSec = phase === 'warmup' || phase === 'measuring' ? this.recipe.load.warmupSec + this.recipe.load.durationSec : undefined;
    const news: PhaseNews = { phase, at: Date.now(), ...(message ? { message } : {}), ...extra };
    this.record.phaseChanged(news);
    this.emit({ type: 'run-phase', runId: this.runId, sessionId: this.sessionId, name: this.name, ...news, ...(totalSec !== undefined ? { totalSec } : {}) });
  }

  private async execute(): Promise<RunOutcome> {
    this.batcher.start();
    const measured = await this.measure();
    this.loadWorker.dispose();
    ReadyLoadWorker.startSpare();
    let error = measured.error;
    const { load } = measured;

    // Whatever happened, diagnose what was collected and save it; then take the target down.
    const shutdown = this.shutdown();
    let diagnosis: Diagnosis | undefined;
    try {
      this.phase('diagnosing');
      diagnosis = await this.diagnose(measured);
      this.clock.mark('diagnosed');
    } catch (err) {
      error ??= toCheckupError(err);
    }
    const exit = await shutdown;
    this.clock.mark('target-stopped');
    if (exit && !measured.crash) Object.assign(this.writer.session.target, { exitCode: exit.code, signal: exit.signal, exitedUnexpectedly: false });
    error = this.unlessInterrupted(error);

    let repeats: RepeatResult[] | undefined;
    if (!error && load && this.recipe.repeats > 1) {
      ({ repeats, error } = await measureRepeats(load, this.resolved, this.recipe, this.signal, (i) => this.phase('repeating', `${i} of ${this.recipe.repeats}`), (i, stream, text, ts) => this.writer.appendLog(stream, `[repeat ${i}] ${text}`, ts)));
    }
    this.phase('saving');
    this.batcher.stop();
    try {
      if (load) await this.writer.writeLoad(repeats ? { ...load, repeats } : load);
      await this.routes?.save(this.writer, this.samples);
    } catch (err) {
      error ??= toCheckupError(err);
    }
    error = this.unlessInterrupted(error);
    const reason = error ? { code: error.code as ErrorCode, message: error.message } : undefined;
    try {
      await this.writer.finish(error ? 'partial' : 'complete', reason);
    } catch (err) {
      error ??= toCheckupError(err);
    }
    this.clock.mark('session-written');
    this.clock.report(this.sessionId);
    const status = this.writer.session.status === 'complete' ? 'complete' : 'partial';
    this.phase(error ? (error.code === 'CHK_INTERRUPTED' ? 'stopped' : 'failed') : 'done', error?.message);
    return { sessionId: this.sessionId, sessionDir: this.sessionDir, status, ...(error ? { error } : {}), ...(diagnosis ? { diagnosis } : {}), ...(load ? { load: repeats ? { ...load, repeats } : load } : {}) };
  }

  /** Launch, port, warm-up, measured load with the profilers on, and what the heap keeps after it. Never throws. */
  private async measure(): Promise<Measured> {
    const session = this.writer.session;
    const out: Measured = { profiles: {} };
    try {
      this.phase('starting');
      // Loaded before the target starts, never while it does (ready-worker.ts).
      await unlessStopped(this.loadWorker.loaded, this.signal);
      this.clock.mark('load-worker-loaded');
      this.target = this.source ? await openUnlessStopped(this.source, this.signal) : await launchUnlessStopped(this.resolved, this.recipe, this.signal);
      this.clock.mark('spawned');
      this.wireTarget(this.target);
      session.target.pid = this.target.pid;
      if (this.source) Object.assign(session.target, this.source.info);
      this.phase('waiting-for-port', undefined, { readyDeadline: Date.now() + this.recipe.readyTimeoutSec * 1000 });
      const ready = await unlessStopped(this.target.waitUntilListening(this.recipe.readyTimeoutSec * 1000), this.signal);
      Object.assign(session.target, { port: ready.port, inspectorUrl: ready.inspectorUrl, startupMs: ready.startupMs, ...(ready.nodeVersion ? { nodeVersion: ready.nodeVersion } : {}) });
      session.timings.listeningAt = Date.now();
      this.clock.mark('listening');
      this.routes = new RunRoutes(this.target, ready.port, requestsOfLoad(this.recipe.load), (news) => {
        this.record.routesRead(news);
        this.emit({ type: 'run-routes', runId: this.runId, sessionId: this.sessionId, ...news });
      });
      await this.writer.saveSessionFile();
      // The port answered but the probe never did: the way the app is started took our NODE_OPTIONS away.
      if (ready.probed === false) throw new CheckupError('CHK_PROBE_FAILED', { detail: `the app listens on port ${ready.port}, but the probe never started inside it: something in the way it is started replaces NODE_OPTIONS (an npm script's "NODE_OPTIONS=...", a process manager). Keep NODE_OPTIONS in the script (add to it: NODE_OPTIONS="$NODE_OPTIONS ..."), or run the app's entry file directly: checkup run -- node <file>` });

      const profiling = this.recipe.profile.cpu || this.recipe.profile.heap;
      if (profiling) {
        if (!ready.inspectorUrl) throw new CheckupError('CHK_INSPECTOR_FAILED', { detail: ready.inspectorError ?? 'the target reported no inspector' });
        this.inspector = await unlessStopped(InspectorSession.connect(ready.inspectorUrl), this.signal);
        this.clock.mark('inspector-connected');
        this.profilers = new RunProfilers(this.inspector, this.recipe.profile, session.timings, this.units, this.clock);
      }

      const carried = await this.runSetup(ready.port);
      const ending = await this.runLoad(ready.port, carried);
      this.clock.mark('load-result');
      const machineAtEnd = machineSnapshot();
      const servers = this.endServerWatch?.() ?? [];
      if (ending.kind === 'crashed') out.crash = ending.exit;
      out.load = ending.kind === 'done' ? ending.result : await this.load?.stop();
      this.phase('collecting');
      if (ending.kind !== 'crashed') out.profiles = (await this.profilers?.stop()) ?? {};
      this.clock.mark('profiles-collected');
      if (ending.kind === 'done') out.memoryAfterLoad = await this.profilers?.weighAfterLoad(this.samples, session.timings.measureEndAt, this.signal);
      this.clock.mark('weighed-after-load');
      if (out.memoryAfterLoad) session.memoryAfterLoad = out.memoryAfterLoad;
      if (this.machineAtStart) {
        const machine = machineLoad(this.machineAtStart, machineAtEnd, targetCpuMs(this.samples, this.machineAtStart.at, machineAtEnd.at));
        if (machine && servers.length) machine.databases = servers;
        if (machine) session.machine = machine;
      }
      const { measureStartAt, measureEndAt } = session.timings;
      // One process, one thread: with workers or a cluster the other units' profiles and CPU are elsewhere, and the
      // main process's share alone would misstate the app's.
      const cost = measureStartAt && measureEndAt && !this.units?.several ? profilingCost({ cpuSamples: this.profilers?.cpuSamples, profiledSec: (measureEndAt - measureStartAt) / 1000, processCpuMs: targetCpuMs(this.samples, measureStartAt, measureEndAt), heap: this.recipe.profile.heap }) : undefined;
      if (cost) session.profilingCost = cost;
      if (ending.kind === 'done' && out.load) out.error = nothingSucceeded(out.load);
      if (ending.kind === 'stopped') out.error = new CheckupError('CHK_INTERRUPTED');
      if (out.crash) out.error = crashError(out.crash, this.target);
    } catch (err) {
      // What fails after a stop fails because of it (a profiler asked for a profile it never started, a socket
      // closed under a command): the run was interrupted, whatever the failing step said.
      if (this.signal.aborted) out.error = new CheckupError('CHK_INTERRUPTED', {}, { cause: err });
      else {
        // A target that died under a step (its inspector refusing the connection) is reported as the crash it is.
        const blamed = await blameDeath(err, this.target, this.load ? 'during the load' : 'while Checkup connected to it');
        out.error = blamed.error;
        out.crash ??= blamed.crash;
      }
      out.load ??= await this.load?.stop().catch(() => undefined);
    }
    return out;
  }

  /**
   * A stop is an interrupt at every phase, also after the measurement (collecting, diagnosing, saving): the user
   * asked for the run to end, so it is not reported as complete. An earlier error of its own (a crash) stays.
   */
  private unlessInterrupted(error: CheckupError | undefined): CheckupError | undefined {
    return error ?? (this.signal.aborted ? new CheckupError('CHK_INTERRUPTED') : undefined);
  }

  /** The doctor's judgement of what was measured, saved before the target is shut down. */
  private async diagnose(measured: Measured): Promise<Diagnosis> {
    const { target, timings } = this.writer.session;
    if (measured.error && !measured.load && isStartFailure(measured.error.code)) {
      const result = diagnoseStartFailure(measured.error);
      await saveDiagnosis(this.writer, {}, result);
      return result.diagnosis;
    }
    if (measured.crash) Object.assign(target, { exitCode: measured.crash.code, signal: measured.crash.signal, exitedUnexpectedly: true });
    // The measured window ends with the load, or where the target crashed or the user stopped; saved, so that every
    // reader of the session cuts the window the doctor judged.
    if (timings.measureStartAt !== undefined) timings.measureEndAt ??= measured.crash?.at ?? Date.now();
    const run: CollectedRun = {
      samples: this.samples,
      warnings: this.warnings,
      load: measured.load,
      profiles: measured.profiles,
      crash: measured.crash,
      stderrTail: this.target?.lastLinesOf('stderr') ?? [],
      startupMs: target.startupMs,
      timings,
      recipe: this.recipe,
      ...(measured.memoryAfterLoad ? { memoryAfterLoad: measured.memoryAfterLoad } : {}),
      appLog: this.appLog.summary(),
      ...(this.writer.session.machine?.databases ? { databaseServers: this.writer.session.machine.databases } : {}),
      ...(this.units?.several ? { units: this.units.collected() } : {}),
    };
    const result = diagnose(run);
    if (result.units && this.units) await this.units.saveUnits(this.writer, result.units);
    await saveDiagnosis(this.writer, measured.profiles, result);
    return result.diagnosis;
  }

  private wireTarget(target: RunTarget): void {
    // A launched target follows every process and thread of its tree; an attached one is its one process, or, a
    // cluster attached into, its primary and workers.
    const several = unitsTargetOf(target);
    if (several) {
      this.units = new RunUnits(several);
      this.units.follow(
        (units) => {
          this.record.unitsChanged(units);
          this.emit({ type: 'run-units', runId: this.runId, units });
        },
        (unit, sample) => this.batcher.unitSample(unit, sample),
      );
    }
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
    // Backpressure: while target.log is behind, the app's output waits in its pipe, not in our memory.
    this.writer.log.on('drain', () => target.resumeOutput());
    target.on('log', (line) => {
      this.appLog.add(line.text);
      if (!this.writer.appendLog(line.stream, line.text, line.ts)) target.pauseOutput();
      this.batcher.log(line);
    });
  }

  /**
   * The set-up step (a login), before any load: its answers are saved and shown, its cookies and token returned as
   * headers for the load. A failure throws, so that nothing is sent.
   */
  private async runSetup(port: number): Promise<Record<string, string>> {
    const setup = this.recipe.load.setup;
    if (!setup) return {};
    const { outcome, headers } = await unlessStopped(runSetupStep(setup, { host: this.recipe.load.host, port, protocol: this.recipe.load.protocol }, this.recipe.load.allowRemote), this.signal);
    this.writer.session.setup = outcome;
    await this.writer.saveSessionFile();
    this.emit({ type: 'run-setup', runId: this.runId, sessionId: this.sessionId, setup: outcome });
    return headers;
  }

  /** Warm-up, then the measured load with the profilers on; ends when the load ends, the target dies, or on stop. */
  private async runLoad(port: number, carried: Record<string, string>): Promise<LoadEnding> {
    const timings = this.writer.session.timings;
    this.phase('warmup', undefined, { url: loadUrl(this.recipe.load, port) });
    this.load = startLoad(
      loadWithCarried(this.recipe.load, carried),
      { host: this.recipe.load.host, port },
      {
        onTick: (tick) => {
          this.writer.appendTick(tick);
          this.batcher.tick(tick);
        },
        onPhase: (phase, atMs) => this.clock.mark(`load-${phase}`, atMs),
        onMeasureStart: async () => {
          this.clock.mark('warmup-done');
          await this.profilers?.start(this.recipe.load.amount === undefined ? this.recipe.load.durationSec : undefined);
          timings.measureStartAt = Date.now();
          this.clock.mark('profilers-started');
          this.machineAtStart = machineSnapshot();
          this.endServerWatch = startServerWatch(this.samples);
          this.phase('measuring');
        },
        onMeasureEnd: (window) => {
          timings.measureStartAt = window.startMs;
          timings.measureEndAt = window.endMs;
          this.clock.mark('measure-end', window.endMs);
        },
      },
      { ready: this.loadWorker },
    );
    return raceLoad(this.load, this.target!, this.signal);
  }

  private async shutdown(): Promise<TargetExit | undefined> {
    await this.units?.close();
    await this.inspector?.close();
    if (!this.target) return undefined;
    const result = await this.target.shutdown({ graceMs: SHUTDOWN_GRACE_MS });
    return { code: result.exitCode, signal: result.signal, unexpected: false, at: Date.now() };
  }
}
