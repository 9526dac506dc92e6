// "Compare with last commit": whether a session's project can be compared with its last commit (and why not), and an
// interleaved A/B run followed to its end (A1 B1 A2 B2 ...), after which the paired comparison opens. The engine
// decides and runs everything; this follows its events.
import type { EngineEvent } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';

export interface AbRunLine {
  label: string;
  side: 'before' | 'after';
  runId: string;
  requestsPerSecond?: number;
  failed?: string;
}

export class CommitComparisonState {
  /** The session whose project was checked, and the answer. */
  checkedFor = $state<string | undefined>(undefined);
  available = $state(false);
  reason = $state<string | undefined>(undefined);

  abId = $state<string | undefined>(undefined);
  ref = $state('HEAD');
  commit = $state('');
  pairs = $state(3);
  notes = $state.raw<string[]>([]);
  runs = $state.raw<AbRunLine[]>([]);
  /** The run in progress: its phase and last second's requests. */
  phase = $state<string | undefined>(undefined);
  liveRps = $state<number | undefined>(undefined);
  starting = $state(false);
  stopping = $state(false);
  error = $state.raw<unknown>(undefined);
  /** The last A/B that ended without a comparison to show. */
  ended = $state.raw<Extract<EngineEvent, { type: 'ab-finished' }> | undefined>(undefined);

  constructor(
    private readonly client: Client,
    private readonly onCompared: (before: string, after: string) => void,
  ) {
    client.onEvent((e) => this.handle(e));
  }

  get running(): boolean {
    return this.starting || this.abId !== undefined;
  }

  async check(sessionId: string): Promise<void> {
    this.checkedFor = sessionId;
    try {
      const r = await this.client.checkCommitComparison({ sessionId });
      if (this.checkedFor !== sessionId) return;
      this.available = r.available;
      this.reason = r.reason;
    } catch (err) {
      if (this.checkedFor !== sessionId) return;
      this.available = false;
      this.reason = err instanceof Error ? err.message : String((err as { message?: string }).message ?? err);
    }
  }

  async start(sessionId: string, pairs: number, exclude: string[] = []): Promise<void> {
    this.starting = true;
    this.error = undefined;
    this.ended = undefined;
    this.runs = [];
    this.phase = undefined;
    this.liveRps = undefined;
    try {
      const started = await this.client.runAgainstCommit({ sessionId, pairs, ...(exclude.length ? { exclude } : {}) });
      // ab-finished may already have come (a commit that fails at once): then there is nothing left to follow.
      if (!this.ended) {
        this.abId = started.abId;
        Object.assign(this, { ref: started.ref, commit: started.commit, pairs: started.pairs, notes: started.notes });
      }
    } catch (err) {
      this.error = err;
    } finally {
      this.starting = false;
    }
  }

  async stop(): Promise<void> {
    if (!this.abId) return;
    this.stopping = true;
    try {
      await this.client.stopRun({ runId: this.abId });
    } catch (err) {
      this.error = err;
    } finally {
      this.stopping = false;
    }
  }

  private current(): AbRunLine | undefined {
    return this.runs.at(-1);
  }

  private handle(e: EngineEvent): void {
    if (e.type === 'ab-progress') {
      if (this.abId && e.abId !== this.abId) return;
      this.runs = [...this.runs, { label: `${e.side === 'before' ? 'A' : 'B'}${e.pair}`, side: e.side, runId: e.runId }];
      Object.assign(this, { ref: e.ref, commit: e.commit, pairs: e.pairs, phase: 'starting', liveRps: undefined });
    } else if (e.type === 'run-phase' && e.runId === this.current()?.runId) {
      this.phase = e.phase;
    } else if (e.type === 'run-live' && e.runId === this.current()?.runId) {
      const tick = e.live.ticks.at(-1);
      if (tick) this.liveRps = tick.requests;
    } else if (e.type === 'run-finished') {
      const line = this.runs.find((r) => r.runId === e.runId);
      if (!line) return;
      this.runs = this.runs.map((r) => (r === line ? { ...r, ...(e.load ? { requestsPerSecond: e.load.requestsPerSecond } : {}), ...(e.error ? { failed: e.error.message } : {}) } : r));
    } else if (e.type === 'ab-finished') {
      if (this.abId && e.abId !== this.abId) return;
      if (!this.abId && !this.starting) return;
      this.abId = undefined;
      this.phase = undefined;
      if (e.before && e.after) this.onCompared(e.before, e.after);
      if (e.error || !(e.before && e.after)) this.ended = e;
    }
  }
}
