// The engine behind every face: the CLI calls it in-process, browser mode over a WebSocket, the desktop app over
// IPC. It implements the contract in app/contract/api.ts, and nothing else reaches the runs and sessions.
import type { EngineApi, EngineEvent, MethodParams, MethodResults, RecipeCheck } from '../contract/api.js';
import { withSecrets } from '../contract/recipe-secrets.js';
import { CheckupError, toCheckupError } from '../errors.js';
import { listLabs } from '../labs/catalogue.js';
import { defaultDataDir, defaultSessionsDir } from '../paths.js';
import { importBundle } from '../share/bundle.js';
import { confirmImportedRecipe, deleteSession, listSessions, readSession, readSessionFile, setSessionNote } from '../store/session-reader.js';
import { assertLaunchable, checkForeignRecipe, rerunPreview } from './foreign-recipe.js';
import { ReferencedPaths } from './referenced-paths.js';
import { compareProfiles } from '../compare/profiles.js';
import { requestsOfProfile } from './profile-requests.js';
import { compareRefs } from './compare-refs.js';
import { openInEditor, revealPath } from './os-actions.js';
import { ProfileViews } from './profile-views.js';
import { WatchMode } from './watch-mode.js';
import { exportBundle, exportReport } from './session-exports.js';
import { describeProject } from './project.js';
import { readStartup } from '../store/startup-reader.js';
import { readRamp } from '../store/ramp-reader.js';
import { importHar } from '../contract/har-import.js';
import { compareStartupSessions } from '../startup/compare-startup.js';
import { commitComparisonProblem, removeAllWorktreesSync } from './commit-worktree.js';
import { removeOrphanedWorktrees } from './orphan-worktrees.js';
import { killAllTargetsSync } from '../target/index.js';
import type { Recipe } from '../contract/recipe.js';
import { resolveTarget } from '../target/resolve-target.js';
import { listNodeProcesses } from '../attach/node-processes.js';
import { defaultWorkshopDir } from '../labs/workspace.js';
import { Workshop, workshopHost } from './workshop.js';
import { RouteFinder } from './find-routes.js';
import { RunRegistry } from './run-registry.js';
import { checkRecipe, validRecipe } from './recipe-check.js';
import { ReadyLoadWorker } from '../load/ready-worker.js';

export interface EngineOptions {
  /** Where sessions are saved; the user's app-data folder by default. */
  sessionsDir?: string;
  /** Course progress and imported courses (default: the app-data folder); students' lab copies (default: ~/Checkup workshop). */
  dataDir?: string;
  workshopDir?: string;
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
  /** Runs, attaches, start-up checkups, ramps and the A/B comparison in progress. */
  readonly registry: RunRegistry;
  private readonly routeFinder = new RouteFinder();
  private readonly listeners = new Set<(event: EngineEvent) => void>();
  readonly profiles: ProfileViews;
  private readonly watch: WatchMode;
  private readonly paths: ReferencedPaths;
  /** Courses, the student's lab copies and progress. */
  readonly workshop: Workshop;

  constructor(options: EngineOptions = {}) {
    this.sessionsDir = options.sessionsDir ?? defaultSessionsDir();
    this.registry = new RunRegistry(this.sessionsDir, (e) => this.emit(e), () => this.watch.runEnded());
    this.profiles = new ProfileViews(this.sessionsDir, (e) => this.emit(e));
    this.paths = new ReferencedPaths(this.sessionsDir);
    this.watch = new WatchMode({
      sessionsDir: this.sessionsDir,
      emit: (e) => this.emit(e),
      idle: () => this.registry.idle,
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
    return this.registry.beginRun(validRecipe(params.recipe));
  }

  /**
   * Runs a stepped ramp to its end and returns the knee; each step is also sent as a `ramp-step` event. One at a time
   * with runs, as they would share the cores. Stopped with the engine's other work (stopAll).
   */
  async rampLoad(params: MethodParams['rampLoad']): Promise<MethodResults['rampLoad']> {
    return this.registry.rampLoad(params);
  }

  async listRunningApps(_params: MethodParams['listRunningApps'] = {}): Promise<MethodResults['listRunningApps']> {
    return listNodeProcesses();
  }

  /** A run of a process already running (app/attach); refusals come before any session exists. */
  async startAttachRun(params: MethodParams['startAttachRun']): Promise<MethodResults['startAttachRun']> {
    return this.registry.startAttachRun(params);
  }

  async startStartup(params: MethodParams['startStartup']): Promise<MethodResults['startStartup']> {
    return this.registry.startStartup(params);
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

  async stopRun(params: MethodParams['stopRun']): Promise<MethodResults['stopRun']> {
    return this.registry.stopRun(params);
  }

  /** Stops every run (quitting the app, Ctrl-C in the CLI). */
  async stopAll(): Promise<void> {
    this.registry.cancelAttaches();
    await this.routeFinder.stopAndWait();
    await this.registry.stopAll();
  }

  /** Starts the app, reads the routes its framework registered, stops it (app/engine/find-routes.ts). */
  async findRoutes(params: MethodParams['findRoutes']): Promise<MethodResults['findRoutes']> {
    this.registry.refuseWhileBusy();
    return this.routeFinder.find(params.target, { ...(params.port ? { port: params.port } : {}), ...(params.readyTimeoutSec ? { readyTimeoutSec: params.readyTimeoutSec } : {}) });
  }

  async stopFindRoutes(_params: MethodParams['stopFindRoutes'] = {}): Promise<MethodResults['stopFindRoutes']> {
    return { stopped: this.routeFinder.stop() };
  }

  async currentRun(_params: MethodParams['currentRun'] = {}): Promise<MethodResults['currentRun']> {
    return this.registry.current();
  }

  async listSessions(_params: MethodParams['listSessions'] = {}): Promise<MethodResults['listSessions']> {
    return listSessions(this.sessionsDir);
  }

  async getSession(params: MethodParams['getSession']): Promise<MethodResults['getSession']> {
    return readSession(this.sessionsDir, params.id);
  }

  async deleteSession(params: MethodParams['deleteSession']): Promise<MethodResults['deleteSession']> {
    if (this.registry.writes(params.id)) throw new CheckupError('CHK_RUN_IN_PROGRESS', { id: params.id });
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
    if (params.durationSec !== undefined) {
      recipe.load = { ...recipe.load, durationSec: params.durationSec };
      delete recipe.load.amount;
    }
    // A re-run of an imported recipe is still someone else's command line: the new session keeps the mark.
    return this.registry.beginRun(validRecipe(recipe), session.imported ? { imported: session.imported } : {});
  }

  async runAgainstCommit(params: MethodParams['runAgainstCommit']): Promise<MethodResults['runAgainstCommit']> {
    let recipe: Recipe;
    if (params.sessionId !== undefined) {
      const session = await readSessionFile(this.sessionsDir, params.sessionId);
      // An imported recipe runs only once the user has seen and confirmed it, here as in rerun.
      assertLaunchable(session, this.sessionsDir);
      recipe = session.recipe;
    } else recipe = validRecipe(params.recipe);
    return this.registry.runAgainstCommit(recipe, params);
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
    // No run follows a closed engine (a one-shot command): the next run's worker is not needed.
    ReadyLoadWorker.disposeSpare();
  }
}
