// One target under load, the steps the first measurement and every repeat share, written once: launch unless
// stopped, wait for the port unless stopped, then race the load's end against the target's death and the stop.
import type { LoadResult } from '../contract/metrics.js';
import type { Recipe } from '../contract/recipe.js';
import { CheckupError } from '../errors.js';
import type { LoadRun } from '../load/index.js';
import { launchTarget, type Target, type TargetExit } from '../target/index.js';
import { launchOptionsFor, type ResolvedTarget } from './resolve-target.js';

/** Grace period for the target to exit on SIGTERM before it is killed. */
export const SHUTDOWN_GRACE_MS = 3000;

export type LoadEnding = { kind: 'done'; result: LoadResult } | { kind: 'crashed'; exit: TargetExit } | { kind: 'stopped' };

function whenStopped(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/** Waits for `work`, unless the run is stopped first (then CHK_INTERRUPTED). */
export async function unlessStopped<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  const ending = await Promise.race([work.then((value) => ({ value })), whenStopped(signal).then(() => undefined)]);
  if (!ending) {
    work.catch(() => undefined);
    throw new CheckupError('CHK_INTERRUPTED');
  }
  return ending.value;
}

/** Launches the target, unless stopped first; a target stopped while it was starting is taken down once it exists. */
export function launchUnlessStopped(resolved: ResolvedTarget, recipe: Recipe, signal: AbortSignal): Promise<Target> {
  const launching = launchTarget(resolved.launch, launchOptionsFor(recipe));
  void launching.then((t) => (signal.aborted ? t.shutdown({ graceMs: SHUTDOWN_GRACE_MS }) : undefined), () => undefined);
  return unlessStopped(launching, signal);
}

/** The load against a target ends when the load does, when the target dies, or when the run is stopped. */
export function raceLoad(load: LoadRun, target: Target, signal: AbortSignal): Promise<LoadEnding> {
  return Promise.race<LoadEnding>([
    load.result.then((result) => ({ kind: 'done', result })),
    target.exited.then((exit) => ({ kind: 'crashed', exit })),
    whenStopped(signal).then(() => ({ kind: 'stopped' })),
  ]);
}

export function crashError(exit: TargetExit, target: Target): CheckupError {
  return new CheckupError('CHK_TARGET_CRASHED', { exit: exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}` }, { details: target.lastLines() });
}
