// The engine behind every face: the CLI calls it in-process, browser mode over a WebSocket, the desktop app over
// IPC. It implements the contract in app/contract/api.ts, and nothing else reaches the runs and sessions.
import { randomBytes } from 'node:crypto';
import type { EngineApi, EngineEvent, MethodParams, MethodResults, RecipeCheck } from '../contract/api.js';
import { RecipeSchema } from '../contract/recipe.js';
import { withSecrets } from '../contract/recipe-secrets.js';
import { describeIssues } from '../contract/schema-issues.js';
import { RampSpecSchema } from '../contract/ramp.js';
import { runRamp } from './ramp-run.js';
import { rampRates } from '../load/ramp-judge.js';
import { issuesByField } from '../contract/schema-issues.js';
import { CheckupError, toCheckupError } from '../errors.js';
import { listLabs } from '../labs/catalogue.js';
import { defaultDataDir, defaultSessionsDir } from '../paths.js';
import { importBundle } from '../share/bundle.js';
import { confirmImportedRecipe, deleteSession, listSessions, readSession, readSessionFile, setSessionNote } from '../store/session-reader.js';
import { assertLaunchable, checkForeignRecipe, rerunPreview } from './foreign-recipe.js';
import { ReferencedPaths } from './referenced-paths.js';
import { compareProfiles } from '../compare/profiles.js';
import { requestsOfProfile } from './profile-requests.js';
import { compareRefs } from './comparison.js';
import { openInEditor, revealPath } from './os-actions.js';
import { ProfileViews } from './profile-views.js';
import { WatchMode } from './watch-mode.js';
import { exportBundle, exportReport } from './share.js';
import { describeProject } from './project.js';
import { startStartupRun, type StartupOutcome, type StartupRun } from './startup-runs.js';
import { readStartup } from '../store/startup-reader.js';
import { readRamp } from '../store/ramp-reader.js';
import { importHar } from '../contract/har-import.js';
import { uncapturedPlaceholders } from '../contract/journey-plan.js';
import { compareStartupSessions } from '../startup/compare-startup.js';
import { RunSession, type RunAs, type RunOutcome } from './run-session.js';
import { commitComparisonProblem, removeAllWorktreesSync } from './commit-worktree.js';
import { removeOrphanedWorktrees } from './orphan-worktrees.js';
import { killAllTargetsSync } from '../target/index.js';
import { DEFAULT_PAIRS, InterleavedRun } from './interleaved-run.js';
import type { Recipe } from '../contract/recipe.js';
import { resolveTarget } from '../target/resolve-target.js';
import { listNodeProcesses } from '../attach/node-processes.js';
import { defaultWorkshopDir } from '../labs/workspace.js';
import { Workshop, workshopHost } from './workshop.js';
import { prepareAttachRun } from '../attach/attach-run.js';
import { RouteFinder } from './find-routes.js';

export interface EngineOptions {
  /** Where sessions are saved; the user's app-data folder by default. */
  sessionsDir?: string;
  /** Course progress and imported courses (default: the app-data folder); students' lab copies (default: ~/Checkup workshop). */
  dataDir?: string;
  workshopDir?: string;
}

export function checkRecipe(input: unknown): RecipeCheck {
  const parsed = RecipeSchema.safeParse(input);
  if (parsed.success) {
    // A placeholder no earlier step captures would stop the run at its start: the form says so as the user types.
    const uncaptured = uncapturedPlaceholders(parsed.data.load.journeys ?? []);
    if (uncaptured.length) return { ok: false, errors: Object.fromEntries(uncaptured.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)])) };
    return { ok: true, errors: {}, recipe: parsed.data };
  }
  return { ok: false, errors: issuesByField(parsed.error.issues, { whole: 'recipe' }) };
}

/** The recipe checked, or CHK_INVALID_RECIPE with every field that is wrong. */
function validRecipe(input: unknown): Recipe {
  const check = checkRecipe(input);
  if (!check.ok || !check.recipe) throw new CheckupError('CHK_INVALID_RECIPE', { detail: Object.entries(check.errors).map(([k, v]) => `${k}: ${v}`).join('; ') });
  return check.recipe;
}

export class Engine implements EngineApi {
  /**
   * The kill switch, for the way out when waiting is no longer possible (a second Ctrl-C, process exit): every target
   * this process launched is killed and every A/B checkout removed, synchronously.
   */
  static killAllSync(): void {
    killAllTargetsSync();
    removeAllWorktreesSync();
  }

  readonly sessionsDir: string;
  private readonly runs = new Map<string, RunSession>();
  /** Runs whose session folder is still being made: a stopAll() meanwhile is applied once they exist. */
  private readonly starting = new Map<string, { stopped: boolean }>();
  /** Attaches still opening their inspectors: stopAll cancels them. */
  private readonly attaching = new Set<AbortController>();
  /** Start-up checkups in progress; they take the machine like a run does, so one of either at a time. */
  private readonly startups = new Map<string, StartupRun>();
  /** Ramps in progress (rampLoad), each with what stops it. */
  private readonly ramps = new Map<string, AbortController>();
  private readonly routeFinder = new RouteFinder();
  private readonly listeners = new Set<(event: EngineEvent) => void>();
  readonly profiles: ProfileViews;
  private readonly watch: WatchMode;
  private readonly paths: ReferencedPaths;
  /** An A/B comparison against a commit in progress: it owns the runs until it ends. */
  private interleaved: InterleavedRun | undefined;
  /** Courses, the student's lab copies and progress. */
  readonly workshop: Workshop;

  constructor(options: EngineOptions = {}) {
    this.sessionsDir = options.sessionsDir ?? defaultSessionsDir();
    this.profiles = new ProfileViews(this.sessionsDir, (e) => this.emit(e));
    this.paths = new ReferencedPaths(this.sessionsDir);
    this.watch = new WatchMode({
      sessionsDir: this.sessionsDir,
      emit: (e) => this.emit(e),
      idle: () => this.runs.size === 0,
      rerun: (sessionId, note) => this.rerun({ sessionId, note }),
    });
    this.workshop = new Workshop({ dataDir: options.dataDir ?? defaultDataDir(), workspaceRoot: options.workshopDir ?? defaultWorkshopDir() }, workshopHost(this, this.paths));
    // A/B checkouts of a Checkup killed outright go when the next one starts, not only at its next A/B run.
    removeOrphanedWorktrees();
  }

  async listCourses(_params: MethodParams['listCourses'] = {}): Promise<MethodResults['listCourses']> {
    return this.workshop.listCourses();
  }

  async getLabCourse(params: MethodParams['getLabCourse']): Promise<MethodResults['getLabCourse']> {
    return this.workshop.getLabCourse(params);
  }

  async startLab(params: MethodParams['startLab']): Promise<MethodResults['startLab']> {
    return this.workshop.startLab(params);
  }

  async resetLab(params: MethodParams['resetLab']): Promise<MethodResults['resetLab']> {
    return this.workshop.resetLab(params);
  }

  async solutionDiff(params: MethodParams['solutionDiff']): Promise<MethodResults['solutionDiff']> {
    return this.workshop.solutionDiff(params);
  }

  async recordStep(params: MethodParams['recordStep']): Promise<MethodResults['recordStep']> {
    return this.workshop.recordStep(params);
  }

  async checkCulprit(params: MethodParams['checkCulprit']): Promise<MethodResults['checkCulprit']> {
    return this.workshop.checkCulprit(params);
  }

  async checkLab(params: MethodParams['checkLab']): Promise<MethodResults['checkLab']> {
    return this.workshop.checkLab(params);
  }

  async exportCourse(params: MethodParams['exportCourse']): Promise<MethodResults['exportCourse']> {
    return this.workshop.exportCourse(params);
  }

  async importCourse(params: MethodParams['importCourse']): Promise<MethodResults['importCourse']> {
    return this.workshop.importCourse(params);
  }

  async exportProgress(params: MethodParams['exportProgress']): Promise<MethodResults['exportProgress']> {
    return this.workshop.exportProgress(params);
  }

  onEvent(listener: (event: EngineEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: EngineEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // one broken subscriber must not stop a run
      }
    }
  }

  async listLabs(_params: MethodParams['listLabs'] = {}): Promise<MethodResults['listLabs']> {
    return listLabs();
  }

  async validateRecipe(params: MethodParams['validateRecipe']): Promise<RecipeCheck> {
    return checkRecipe(params.recipe);
  }

  /** Starts a run in the background; faces follow it through the event stream (contract/follow-run.ts). */
  async startRun(params: MethodParams['startRun']): Promise<MethodResults['startRun']> {
    return this.beginRun(validRecipe(params.recipe));
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

  async listRunningApps(_params: MethodParams['listRunningApps'] = {}): Promise<MethodResults['listRunningApps']> {
    return listNodeProcesses();
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

  private async beginRun(recipe: Recipe, as: RunAs = {}): Promise<MethodResults['startRun']> {
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
  private refuseWhileBusy(forInterleavedRun = false): void {
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

  async getStartup(params: MethodParams['getStartup']): Promise<MethodResults['getStartup']> {
    return readStartup(params.id, this.sessionsDir);
  }

  async importHar(params: MethodParams['importHar']): Promise<MethodResults['importHar']> {
    return importHar(params.text, params.name, { allowRemote: params.allowRemote ?? false });
  }

  async getRamp(params: MethodParams['getRamp']): Promise<MethodResults['getRamp']> {
    return readRamp(params.id, this.sessionsDir);
  }

  async compareStartups(params: MethodParams['compareStartups']): Promise<MethodResults['compareStartups']> {
    const [before, after] = await Promise.all([readStartup(params.before, this.sessionsDir), readStartup(params.after, this.sessionsDir)]);
    return compareStartupSessions(before, after);
  }

  private finished(run: RunSession, outcome: RunOutcome): void {
    this.runs.delete(run.runId);
    this.watch.runEnded();
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

  /** Stops every run (quitting the app, Ctrl-C in the CLI). */
  async stopAll(): Promise<void> {
    for (const attaching of this.attaching) attaching.abort();
    await this.routeFinder.stopAndWait();
    for (const starting of this.starting.values()) starting.stopped = true;
    for (const ramp of this.ramps.values()) ramp.abort();
    await this.interleaved?.stop();
    for (const s of this.startups.values()) s.stop();
    await Promise.all([...this.runs.values()].map((r) => r.stop()).concat([...this.startups.values()].map((s) => s.done.then(() => {}))));
  }

  /** Starts the app, reads the routes its framework registered, stops it (app/engine/find-routes.ts). */
  async findRoutes(params: MethodParams['findRoutes']): Promise<MethodResults['findRoutes']> {
    this.refuseWhileBusy();
    return this.routeFinder.find(params.target, { ...(params.port ? { port: params.port } : {}), ...(params.readyTimeoutSec ? { readyTimeoutSec: params.readyTimeoutSec } : {}) });
  }

  async stopFindRoutes(_params: MethodParams['stopFindRoutes'] = {}): Promise<MethodResults['stopFindRoutes']> {
    return { stopped: this.routeFinder.stop() };
  }

  async currentRun(_params: MethodParams['currentRun'] = {}): Promise<MethodResults['currentRun']> {
    const run = [...this.runs.values()][0];
    return run ? { run: run.record.snapshot() } : {};
  }

  async listSessions(_params: MethodParams['listSessions'] = {}): Promise<MethodResults['listSessions']> {
    return listSessions(this.sessionsDir);
  }

  async getSession(params: MethodParams['getSession']): Promise<MethodResults['getSession']> {
    return readSession(this.sessionsDir, params.id);
  }

  async deleteSession(params: MethodParams['deleteSession']): Promise<MethodResults['deleteSession']> {
    if ([...this.runs.values(), ...this.startups.values()].some((r) => r.sessionId === params.id)) throw new CheckupError('CHK_RUN_IN_PROGRESS', { id: params.id });
    return { deleted: await deleteSession(this.sessionsDir, params.id) };
  }

  async openProfile(params: MethodParams['openProfile']): Promise<MethodResults['openProfile']> {
    return this.profiles.open(params);
  }

  async exportProfile(params: MethodParams['exportProfile']): Promise<MethodResults['exportProfile']> {
    return this.exported(await this.profiles.export(params));
  }

  private exported<T extends { path: string }>(result: T): T {
    this.paths.rememberExport(result.path);
    return result;
  }

  async compareProfiles(params: MethodParams['compareProfiles']): Promise<MethodResults['compareProfiles']> {
    const [before, after] = await Promise.all([this.profiles.model(params.before), this.profiles.model(params.after)]);
    if (before.profile.unit !== after.profile.unit) {
      const what = { microseconds: 'time', bytes: 'bytes', count: 'counts of events' };
      throw new CheckupError('CHK_COMPARE_MISMATCH', { detail: `${before.title} measures ${what[before.profile.unit]} and ${after.title} measures ${what[after.profile.unit]}: choose two profiles of the same kind` });
    }
    const [requestsBefore, requestsAfter] = await Promise.all([requestsOfProfile(params.before, this.sessionsDir), requestsOfProfile(params.after, this.sessionsDir)]);
    return compareProfiles({ ...before, ...(requestsBefore ? { requests: requestsBefore } : {}) }, { ...after, ...(requestsAfter ? { requests: requestsAfter } : {}) });
  }

  async compareSessions(params: MethodParams['compareSessions']): Promise<MethodResults['compareSessions']> {
    return compareRefs(params.before, params.after, this.sessionsDir);
  }

  async describeProject(params: MethodParams['describeProject']): Promise<MethodResults['describeProject']> {
    return describeProject(params.dir, this.sessionsDir);
  }

  async openInEditor(params: MethodParams['openInEditor']): Promise<MethodResults['openInEditor']> {
    return openInEditor(await this.paths.sourceFile(params.url, params.sessionId), params.line, params.column);
  }

  async revealPath(params: MethodParams['revealPath']): Promise<MethodResults['revealPath']> {
    return revealPath(await this.paths.revealable(params.path, params.sessionId));
  }

  async pickPath(_params: MethodParams['pickPath']): Promise<MethodResults['pickPath']> {
    throw new CheckupError('CHK_NOT_SUPPORTED', { what: 'A file chooser', hint: 'Type or paste the path instead.' });
  }

  /** What a rerun launches; for an imported session also whether it was confirmed, or why it is refused. */
  async describeRerun(params: MethodParams['describeRerun']): Promise<MethodResults['describeRerun']> {
    return rerunPreview(await readSessionFile(this.sessionsDir, params.sessionId), this.sessionsDir);
  }

  async confirmImportedRecipe(params: MethodParams['confirmImportedRecipe']): Promise<MethodResults['confirmImportedRecipe']> {
    const session = await readSessionFile(this.sessionsDir, params.sessionId);
    // A refused recipe cannot be confirmed: nothing the user says makes `-e` safe.
    if (session.imported) checkForeignRecipe(session.recipe, this.sessionsDir);
    return rerunPreview(await confirmImportedRecipe(this.sessionsDir, params.sessionId), this.sessionsDir);
  }

  async rerun(params: MethodParams['rerun']): Promise<MethodResults['rerun']> {
    const session = await readSessionFile(this.sessionsDir, params.sessionId);
    assertLaunchable(session, this.sessionsDir);
    const recipe = { ...withSecrets(session.recipe, params.secrets ?? {}), target: { ...session.recipe.target } };
    if (params.variant) {
      if (recipe.target.kind !== 'lab') throw new CheckupError('CHK_INVALID_OPTIONS', { detail: 'only a sample app has a fixed variant to switch to' });
      recipe.target.variant = params.variant;
    }
    if (params.note !== undefined) recipe.note = params.note;
    else delete recipe.note;
    if (params.repeats !== undefined) recipe.repeats = params.repeats;
    // A re-run of an imported recipe is still someone else's command line: the new session keeps the mark.
    return this.beginRun(validRecipe(recipe), session.imported ? { imported: session.imported } : {});
  }

  async runAgainstCommit(params: MethodParams['runAgainstCommit']): Promise<MethodResults['runAgainstCommit']> {
    let recipe: Recipe;
    if (params.sessionId !== undefined) {
      const session = await readSessionFile(this.sessionsDir, params.sessionId);
      // An imported recipe runs only once the user has seen and confirmed it, here as in rerun.
      assertLaunchable(session, this.sessionsDir);
      recipe = session.recipe;
    } else recipe = validRecipe(params.recipe);
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

  async checkCommitComparison(params: MethodParams['checkCommitComparison']): Promise<MethodResults['checkCommitComparison']> {
    const ref = params.ref ?? 'HEAD';
    const session = await readSessionFile(this.sessionsDir, params.sessionId);
    const { recipe } = session;
    // git runs code a repository configures (core.fsmonitor, hooks): an imported recipe's folder is not looked at
    // before the user has seen and confirmed the recipe.
    try {
      assertLaunchable(session, this.sessionsDir);
    } catch (err) {
      return { available: false, ref, reason: toCheckupError(err).message };
    }
    if (recipe.target.kind === 'lab') return { available: false, ref, reason: new CheckupError('CHK_AB_NOT_A_PROJECT', { detail: `"${recipe.target.lab}" is bundled with Checkup, not code in your repository` }).message };
    const reason = await commitComparisonProblem(resolveTarget(recipe.target).project, ref);
    return { available: !reason, ref, ...(reason ? { reason } : {}) };
  }

  async watchProject(params: MethodParams['watchProject']): Promise<MethodResults['watchProject']> {
    return this.watch.set(params);
  }

  async watchState(_params: MethodParams['watchState'] = {}): Promise<MethodResults['watchState']> {
    return this.watch.state();
  }

  async setSessionNote(params: MethodParams['setSessionNote']): Promise<MethodResults['setSessionNote']> {
    await setSessionNote(this.sessionsDir, params.id, params.note);
    return { id: params.id, note: params.note.trim() };
  }

  async exportReport(params: MethodParams['exportReport']): Promise<MethodResults['exportReport']> {
    return this.exported(await exportReport(this.sessionsDir, params.sessionId, params.compareWith));
  }

  async exportBundle(params: MethodParams['exportBundle']): Promise<MethodResults['exportBundle']> {
    return this.exported(await exportBundle(this.sessionsDir, params.sessionId));
  }

  async importBundle(params: MethodParams['importBundle']): Promise<MethodResults['importBundle']> {
    return { sessionId: await importBundle(params.path, this.sessionsDir) };
  }

  /** Stops watching and every run: the host is going away. */
  async close(): Promise<void> {
    this.profiles.cancelAll();
    this.watch.close();
    await this.stopAll();
  }
}
