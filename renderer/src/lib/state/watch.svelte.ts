// Watch mode as the engine reports it: on or off, which folder, what changed last and whether a re-run started. The
// engine watches one project at a time; the toggle shows the state its `watch` events describe, not a wish.
import type { EngineEvent } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';

type WatchEvent = Extract<EngineEvent, { type: 'watch' }>;

export interface WatchNews {
  state: WatchEvent['state'];
  files: string[];
  message?: string;
  runId?: string;
  at: number;
}

export class WatchState {
  watching = $state(false);
  sessionId = $state<string | undefined>(undefined);
  dir = $state<string | undefined>(undefined);
  /** The newest session of this watch: the watched one, then each re-run's when it finishes (the next "before"). */
  lastSessionId = $state<string | undefined>(undefined);
  /** Runs started by watch re-runs and not finished yet (bookkeeping, not shown: a plain array). */
  private runIds: string[] = [];
  /** The last thing that happened, newest first (a few). */
  news = $state.raw<WatchNews[]>([]);
  busy = $state(false);
  error = $state.raw<unknown>(undefined);

  constructor(private readonly client: Client) {
    // A page that reloads (or reconnects) finds out whether the engine is still watching.
    void this.refresh();
  }

  async refresh(): Promise<void> {
    try {
      const state = await this.client.watchState({});
      this.watching = state.watching;
      this.sessionId = state.watching ? state.sessionId : undefined;
      this.dir = state.watching ? state.dir : undefined;
      this.lastSessionId ??= this.sessionId;
    } catch {
      // not connected yet: the next watch event or toggle sets the state
    }
  }

  async set(sessionId: string, enabled: boolean): Promise<void> {
    this.busy = true;
    this.error = undefined;
    try {
      const state = await this.client.watchProject({ sessionId, enabled });
      this.watching = state.watching;
      this.sessionId = state.watching ? state.sessionId : undefined;
      this.dir = state.watching ? state.dir : undefined;
      this.lastSessionId = this.sessionId;
      if (state.watching) this.news = [];
    } catch (err) {
      this.error = err;
    } finally {
      this.busy = false;
    }
  }

  /** Keeps the state in step with the engine's events; returns the run a watch re-run started, if one did. */
  handle(event: EngineEvent): string | undefined {
    if (event.type === 'run-finished' && this.runIds.includes(event.runId)) {
      this.runIds = this.runIds.filter((id) => id !== event.runId);
      if (event.status !== 'running') this.lastSessionId = event.sessionId;
    }
    if (event.type !== 'watch') return undefined;
    this.news = [{ state: event.state, files: event.files ?? [], at: Date.now(), ...(event.message ? { message: event.message } : {}), ...(event.runId ? { runId: event.runId } : {}) }, ...this.news].slice(0, 5);
    if (event.state === 'stopped') {
      // A 'stopped' for the folder we no longer watch (the engine closes the old watcher before it opens a new one)
      // must not switch off the new one.
      if (!this.dir || event.dir === this.dir) {
        this.watching = false;
        this.sessionId = undefined;
        this.dir = undefined;
      }
      return undefined;
    }
    this.watching = true;
    this.dir = event.dir;
    if (event.state === 'rerun' && event.runId) this.runIds = [...this.runIds.slice(-9), event.runId];
    return event.state === 'rerun' ? event.runId : undefined;
  }
}
