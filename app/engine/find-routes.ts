// "Find routes" (the Recipe screen) and `checkup routes`: start the app with the probe, wait for it to listen, ask
// its probe for the route table with each handler's file:line, and take it down again. Nothing outlives the call:
// every way out (done, never listening, exit, stop) ends in the target's shutdown.
import type { FoundRoutes, RouteTable } from '../contract/routes.js';
import { RecipeSchema, TargetSpecSchema } from '../contract/recipe.js';
import { issuesByField } from '../contract/schema-issues.js';
import { CheckupError } from '../errors.js';
import type { Target } from '../target/target.js';
import { resolveTarget } from '../target/resolve-target.js';
import { SHUTDOWN_GRACE_MS, launchUnlessStopped, unlessStopped } from '../target/run-target.js';

/** How long the probe has to answer once the app listens: reading a table takes milliseconds. */
const TABLE_TIMEOUT_MS = 5000;

let questions = 0;

/** Asks the probe for the tables again and waits for its answer for `port`; a probe that never answers says so. */
function askTable(target: Target, port: number, sources: boolean, timeoutMs = TABLE_TIMEOUT_MS): Promise<RouteTable> {
  const request = ++questions;
  return new Promise((resolve) => {
    const done = (table: RouteTable) => {
      clearTimeout(timer);
      target.off('routes', onRoutes);
      resolve(table);
    };
    const onRoutes = (table: RouteTable, answering: number | undefined) => {
      if (table.port === port && answering === request) done(table);
    };
    const timer = setTimeout(() => {
      done(target.routeTables.get(port) ?? { framework: 'unknown', version: '', routes: [], port, unknown: 'routes unknown: the server on this port is not one the probe could read (a child process without the probe, or not an http server)' });
    }, timeoutMs);
    target.on('routes', onRoutes);
    target.askRoutes(sources, request);
  });
}

/** `target` as a face sent it (a recipe's target): checked here, in the user's words, before anything starts. */
export async function findRoutes(target: unknown, options: { readyTimeoutSec?: number; port?: number }, signal: AbortSignal): Promise<FoundRoutes> {
  const spec = TargetSpecSchema.safeParse(target);
  if (!spec.success) {
    const errors = issuesByField(spec.error.issues, { whole: 'target' });
    throw new CheckupError('CHK_INVALID_RECIPE', { detail: Object.entries(errors).map(([k, v]) => `${k}: ${v}`).join('; ') });
  }
  const recipe = RecipeSchema.parse({ target: spec.data, ...(options.readyTimeoutSec ? { readyTimeoutSec: options.readyTimeoutSec } : {}), ...(options.port ? { load: { port: options.port } } : {}) });
  const resolved = resolveTarget(recipe.target);
  const launched = await launchUnlessStopped(resolved, recipe, signal);
  try {
    const ready = await unlessStopped(launched.waitUntilListening(recipe.readyTimeoutSec * 1000), signal);
    const table = await unlessStopped(askTable(launched, ready.port, true), signal);
    return { ...table, url: `http://127.0.0.1:${ready.port}` };
  } catch (err) {
    throw err instanceof CheckupError ? err : new CheckupError('CHK_PROBE_FAILED', { detail: String((err as Error)?.message ?? err) }, { cause: err });
  } finally {
    await launched.shutdown({ graceMs: SHUTDOWN_GRACE_MS });
  }
}

/** The engine's one "Find routes" at a time: a new search replaces the one under way; stop and stopAll abort it. */
export class RouteFinder {
  private finding: AbortController | undefined;
  /** Settles once the search under way has taken its app down (stopAll waits for it). */
  private settled: Promise<unknown> = Promise.resolve();

  async find(target: unknown, options: { readyTimeoutSec?: number; port?: number }): Promise<FoundRoutes> {
    this.finding?.abort();
    const finding = new AbortController();
    this.finding = finding;
    const found = findRoutes(target, options, finding.signal);
    this.settled = found.catch(() => undefined);
    try {
      return await found;
    } finally {
      if (this.finding === finding) this.finding = undefined;
    }
  }

  /** Aborts the search under way; says whether there was one. */
  stop(): boolean {
    const finding = this.finding;
    finding?.abort();
    return finding !== undefined;
  }

  async stopAndWait(): Promise<void> {
    this.stop();
    await this.settled;
  }
}
