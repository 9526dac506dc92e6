// "Compare with a commit": the commit (before, A) checked out beside the project and the working tree (after, B)
// measured alternately, A1 B1 A2 B2 ..., with one recipe, so that drift in the machine's load falls on both runs of a
// pair alike. Each run is a normal checkup session marked with its side and pair (session.json `interleaved`); the
// comparison pairs them up on request (compare/paired.ts). The checkout is removed however this ends.
import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { sep } from 'node:path';
import type { EngineEvent } from '../contract/api.js';
import type { Recipe } from '../contract/recipe.js';
import type { InterleavedRole } from '../contract/session.js';
import { CheckupError, toCheckupError } from '../errors.js';
import { openCommitWorktree, type CommitWorktree } from './commit-worktree.js';
import { resolveTarget } from '../target/resolve-target.js';
import type { RunAs, RunOutcome } from './run-session.js';

export const DEFAULT_PAIRS = 3;

/** What the engine lends an A/B comparison: one run at a time, started and followed as every run is. */
interface RunHost {
  startRun(recipe: Recipe, as: RunAs): Promise<{ runId: string; sessionId: string; done: Promise<RunOutcome> }>;
  stopRun(runId: string): Promise<void>;
  emit(event: EngineEvent): void;
}

interface InterleavedOutcome {
  abId: string;
  ref: string;
  commit: string;
  status: 'complete' | 'partial';
  /** Pairs with both runs complete. */
  pairsDone: number;
  /** The last complete pair's sessions: what a face opens as the comparison. */
  before?: string;
  after?: string;
  error?: CheckupError;
}

/** The recipe with every path into the project moved to the same place in the checkout. */
export function recipeInCheckout(recipe: Recipe, project: string, worktree: CommitWorktree): Recipe {
  const moves: Array<[string, string]> = [
    [project, worktree.projectDir],
    [realpathSync(project), worktree.projectDir],
    [worktree.repoRoot, worktree.checkoutRoot],
  ];
  const move = (value: string): string => {
    for (const [from, to] of moves) {
      if (value === from) return to;
      if (value.startsWith(from + sep)) return to + value.slice(from.length);
      // an option with a path after '=' (--require=/project/x.js)
      const eq = value.indexOf('=');
      if (eq > 0 && value.slice(eq + 1).startsWith(from + sep)) return value.slice(0, eq + 1) + move(value.slice(eq + 1));
    }
    return value;
  };
  const t = recipe.target;
  if (t.kind === 'lab') throw new CheckupError('CHK_AB_NOT_A_PROJECT', { detail: `"${t.lab}" is bundled with Checkup, not code in your repository` });
  const target = t.kind === 'script' ? { ...t, script: move(t.script), cwd: move(t.cwd), args: t.args.map(move), nodeArgs: t.nodeArgs.map(move) } : { ...t, cwd: move(t.cwd), args: t.args.map(move) };
  return { ...recipe, target };
}

export class InterleavedRun {
  readonly abId = `ab-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  readonly done: Promise<InterleavedOutcome>;
  private stopped = false;
  private currentRunId: string | undefined;

  private constructor(
    private readonly recipe: Recipe,
    private readonly pairs: number,
    readonly worktree: CommitWorktree,
    private readonly host: RunHost,
  ) {
    this.done = this.execute();
  }

  /** Checks the commit out (refusing with a coded error before anything runs) and starts A1. */
  static async start(recipe: Recipe, ref: string, pairs: number, host: RunHost, exclude: readonly string[] = []): Promise<InterleavedRun> {
    if (recipe.target.kind === 'lab') throw new CheckupError('CHK_AB_NOT_A_PROJECT', { detail: `"${recipe.target.lab}" is bundled with Checkup, not code in your repository` });
    const project = resolveTarget(recipe.target).project;
    const worktree = await openCommitWorktree(project, ref, exclude);
    // One recipe for both sides: measured once each, the user's note replaced by the run's place in the comparison.
    const { note: _note, ...rest } = recipe;
    return new InterleavedRun({ ...rest, repeats: 1 }, pairs, worktree, host);
  }

  get ref(): string {
    return this.worktree.ref;
  }

  get commit(): string {
    return this.worktree.commit;
  }

  owns(runId: string): boolean {
    return runId === this.abId || runId === this.currentRunId;
  }

  /** Stops the run in progress and every run after it; resolves once the checkout is removed. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.currentRunId) await this.host.stopRun(this.currentRunId).catch(() => undefined);
    await this.done.catch(() => undefined);
  }

  private role(side: InterleavedRole['side'], pair: number): InterleavedRole {
    const w = this.worktree;
    return { id: this.abId, side, pair, pairs: this.pairs, ref: w.ref, commit: w.commit, ...(w.notes.length ? { notes: w.notes } : {}), carried: w.carried, paths: { checkout: w.checkoutRoot, repo: w.repoRoot } };
  }

  private async execute(): Promise<InterleavedOutcome> {
    const w = this.worktree;
    const project = resolveTarget(this.recipe.target).project;
    const base = { abId: this.abId, ref: w.ref, commit: w.commit };
    let pairsDone = 0;
    let last: { before: string; after: string } | undefined;
    let error: CheckupError | undefined;
    try {
      const before = recipeInCheckout(this.recipe, project, w);
      const short = w.commit.slice(0, 8);
      for (let pair = 1; pair <= this.pairs && !error; pair++) {
        const ids: string[] = [];
        for (const side of ['before', 'after'] as const) {
          if (this.stopped) error ??= new CheckupError('CHK_INTERRUPTED');
          if (error) break;
          const note = side === 'before' ? `A/B: before (${w.ref}, ${short}), pair ${pair} of ${this.pairs}` : `A/B: after (working tree, against ${w.ref} ${short}), pair ${pair} of ${this.pairs}`;
          const recipe = { ...(side === 'before' ? before : this.recipe), note };
          const run = await this.host.startRun(recipe, { project, interleaved: this.role(side, pair) });
          this.currentRunId = run.runId;
          // a stop that came while this run was starting
          if (this.stopped) void this.host.stopRun(run.runId).catch(() => undefined);
          this.host.emit({ type: 'ab-progress', abId: this.abId, side, pair, pairs: this.pairs, runId: run.runId, sessionId: run.sessionId, ref: w.ref, commit: w.commit });
          const outcome = await run.done;
          this.currentRunId = undefined;
          if (outcome.error) error = outcome.error;
          else ids.push(outcome.sessionId);
        }
        if (ids.length === 2) {
          pairsDone++;
          last = { before: ids[0]!, after: ids[1]! };
        }
      }
    } catch (err) {
      error ??= toCheckupError(err);
    } finally {
      await w.close();
    }
    const outcome: InterleavedOutcome = { ...base, status: error ? 'partial' : 'complete', pairsDone, ...(last ?? {}), ...(error ? { error } : {}) };
    this.host.emit({
      type: 'ab-finished',
      abId: this.abId,
      status: outcome.status,
      pairsDone,
      pairs: this.pairs,
      ref: w.ref,
      commit: w.commit,
      ...(last ?? {}),
      ...(error ? { error: error.toJSON() } : {}),
    });
    return outcome;
  }
}
