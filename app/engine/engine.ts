// The engine behind every face: the CLI calls it in-process, browser mode over a WebSocket, the desktop app over
// IPC. It implements the contract in app/contract/api.ts, and nothing else reaches the runs and sessions.
import { randomBytes } from 'node:crypto';
import type { EngineApi, EngineEvent, MethodParams, MethodResults, RecipeCheck } from '../contract/api.js';
import { RecipeSchema } from '../contract/recipe.js';
import { CheckupError } from '../errors.js';
import { listLabs } from '../labs/catalogue.js';
import { defaultSessionsDir } from '../paths.js';
import { deleteSession, listSessions, readSession } from '../store/session-reader.js';
import { compareRefs } from './comparison.js';
import { openInEditor, revealPath } from './os-actions.js';
import { ProfileViews } from './profile-views.js';
import { describeProject } from './project.js';
import { RunSession, type RunOutcome } from './run-session.js';

export interface EngineOptions {
  /** Where sessions are saved; the user's app-data folder by default. */
  sessionsDir?: string;
}

export function checkRecipe(input: unknown): RecipeCheck {
  const parsed = RecipeSchema.safeParse(input);
  if (parsed.success) return { ok: true, errors: {}, recipe: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'recipe'] ??= issue.message;
  return { ok: false, errors };
}

export class Engine implements EngineApi {
  readonly sessionsDir: string;
  private readonly runs = new Map<string, RunSession>();
  private readonly listeners = new Set<(event: EngineEvent) => void>();
  readonly profiles: ProfileViews;

  constructor(options: EngineOptions = {}) {
    this.sessionsDir = options.sessionsDir ?? defaultSessionsDir();
    this.profiles = new ProfileViews(this.sessionsDir, (e) => this.emit(e));
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

  /** Starts a run in the background; follow it through the event stream, or await `runOutcome(runId)`. */
  async startRun(params: MethodParams['startRun']): Promise<MethodResults['startRun']> {
    const check = checkRecipe(params.recipe);
    if (!check.ok || !check.recipe) {
      throw new CheckupError('CHK_INVALID_RECIPE', { detail: Object.entries(check.errors).map(([k, v]) => `${k}: ${v}`).join('; ') });
    }
    const active = [...this.runs.values()][0];
    // One run at a time: two runs would share the cores and spoil each other's figures.
    if (active) throw new CheckupError('CHK_RUN_IN_PROGRESS', { id: active.runId });
    const runId = `run-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
    const run = await RunSession.start(runId, check.recipe, this.sessionsDir, (e) => this.emit(e));
    this.runs.set(runId, run);
    void run.done.then(
      (outcome) => this.finished(run, outcome),
      (err: unknown) => this.finished(run, { sessionId: run.sessionId, sessionDir: run.sessionDir, status: 'partial', error: CheckupError.from(err) }),
    );
    return { runId, sessionId: run.sessionId, sessionDir: run.sessionDir };
  }

  private async finished(run: RunSession, outcome: RunOutcome): Promise<void> {
    this.runs.delete(run.runId);
    const detail = await readSession(this.sessionsDir, outcome.sessionId).catch(() => undefined);
    this.emit({
      type: 'run-finished',
      runId: run.runId,
      sessionId: outcome.sessionId,
      sessionDir: outcome.sessionDir,
      status: outcome.status,
      ...(outcome.error ? { error: outcome.error.toJSON() } : {}),
      ...(detail?.diagnosis ? { diagnosis: detail.diagnosis } : {}),
      ...(detail?.load ? { load: { requestsPerSecond: detail.load.requestsPerSecond, latency: detail.load.latency, errors: detail.load.errors, non2xx: detail.load.non2xx } } : {}),
    });
  }

  /** The outcome of a run started here (for the CLI, which waits for its one run). */
  runOutcome(runId: string): Promise<RunOutcome> {
    const run = this.runs.get(runId);
    if (!run) return Promise.reject(new CheckupError('CHK_RUN_NOT_FOUND', { id: runId }));
    return run.done;
  }

  async stopRun(params: MethodParams['stopRun']): Promise<MethodResults['stopRun']> {
    const run = this.runs.get(params.runId);
    if (!run) throw new CheckupError('CHK_RUN_NOT_FOUND', { id: params.runId });
    await run.stop();
    return { stopped: true };
  }

  /** Stops every run (quitting the app, Ctrl-C in the CLI). */
  async stopAll(): Promise<void> {
    await Promise.all([...this.runs.values()].map((r) => r.stop()));
  }

  async listSessions(_params: MethodParams['listSessions'] = {}): Promise<MethodResults['listSessions']> {
    return listSessions(this.sessionsDir);
  }

  async getSession(params: MethodParams['getSession']): Promise<MethodResults['getSession']> {
    return readSession(this.sessionsDir, params.id);
  }

  async deleteSession(params: MethodParams['deleteSession']): Promise<MethodResults['deleteSession']> {
    if ([...this.runs.values()].some((r) => r.sessionId === params.id)) throw new CheckupError('CHK_RUN_IN_PROGRESS', { id: params.id });
    return { deleted: await deleteSession(this.sessionsDir, params.id) };
  }

  async openProfile(params: MethodParams['openProfile']): Promise<MethodResults['openProfile']> {
    return this.profiles.open(params);
  }

  async compareSessions(params: MethodParams['compareSessions']): Promise<MethodResults['compareSessions']> {
    return compareRefs(params.before, params.after, this.sessionsDir);
  }

  async describeProject(params: MethodParams['describeProject']): Promise<MethodResults['describeProject']> {
    return describeProject(params.dir, this.sessionsDir);
  }

  async openInEditor(params: MethodParams['openInEditor']): Promise<MethodResults['openInEditor']> {
    return openInEditor(params.url, params.line, params.column);
  }

  async revealPath(params: MethodParams['revealPath']): Promise<MethodResults['revealPath']> {
    return revealPath(params.path);
  }

  async pickPath(_params: MethodParams['pickPath']): Promise<MethodResults['pickPath']> {
    throw new CheckupError('CHK_NOT_SUPPORTED', { what: 'A file chooser', hint: 'Type or paste the path instead.' });
  }
}
