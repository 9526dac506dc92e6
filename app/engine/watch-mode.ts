// Watch mode: a saved run's project folder is watched, and each change is measured again with the same recipe, as
// soon as no run is in progress (changes seen during a run wait for its end).
import type { EngineEvent, MethodParams, MethodResults } from '../contract/api.js';
import { toCheckupError } from '../errors.js';
import { readSessionFile } from '../store/session-reader.js';
import { assertLaunchable } from './foreign-recipe.js';
import { ProjectWatcher } from './project-watcher.js';

interface WatchModeHost {
  sessionsDir: string;
  emit(event: EngineEvent): void;
  /** No run in progress. */
  idle(): boolean;
  rerun(sessionId: string, note: string): Promise<{ runId: string }>;
}

export class WatchMode {
  private watching: { watcher: ProjectWatcher; sessionId: string; pending: string[] } | undefined;

  constructor(private readonly host: WatchModeHost) {}

  async set(params: MethodParams['watchProject']): Promise<MethodResults['watchProject']> {
    this.stop();
    if (!params.enabled) return { watching: false };
    const session = await readSessionFile(this.host.sessionsDir, params.sessionId);
    assertLaunchable(session, this.host.sessionsDir);
    const dir = session.project;
    const watcher = new ProjectWatcher(dir, (files) => this.filesChanged(files), [this.host.sessionsDir]);
    this.watching = { watcher, sessionId: params.sessionId, pending: [] };
    return { watching: true, sessionId: params.sessionId, dir };
  }

  state(): MethodResults['watchState'] {
    return this.watching ? { watching: true, sessionId: this.watching.sessionId, dir: this.watching.watcher.dir } : { watching: false };
  }

  /** A run ended: changes seen during it are measured now. */
  runEnded(): void {
    if (this.watching?.pending.length) setImmediate(() => void this.rerun());
  }

  stop(): void {
    if (!this.watching) return;
    this.watching.watcher.close();
    this.host.emit({ type: 'watch', state: 'stopped', dir: this.watching.watcher.dir });
    this.watching = undefined;
  }

  /** Closes the watcher without telling anyone (the engine is going away). */
  close(): void {
    this.watching?.watcher.close();
    this.watching = undefined;
  }

  private filesChanged(files: string[]): void {
    if (!this.watching) return;
    this.watching.pending.push(...files);
    this.host.emit({ type: 'watch', state: 'changed', dir: this.watching.watcher.dir, files });
    if (this.host.idle()) void this.rerun();
  }

  private async rerun(): Promise<void> {
    const w = this.watching;
    if (!w || !this.host.idle() || !w.pending.length) return;
    const files = [...new Set(w.pending)];
    w.pending = [];
    try {
      const started = await this.host.rerun(w.sessionId, `watch: ${files.slice(0, 3).join(', ')}${files.length > 3 ? ` and ${files.length - 3} more` : ''} changed`);
      this.host.emit({ type: 'watch', state: 'rerun', dir: w.watcher.dir, files, runId: started.runId });
    } catch (err) {
      this.host.emit({ type: 'watch', state: 'stopped', dir: w.watcher.dir, message: toCheckupError(err).message });
    }
  }
}
