// One target under load, the steps the first measurement and every repeat share, written once: launch unless
// stopped, wait for the port unless stopped, then race the load's end against the target's death and the stop.
import type { LoadResult } from '../contract/metrics.js';
import type { Recipe } from '../contract/recipe.js';
import { CheckupError, toCheckupError } from '../errors.js';
import { isStartFailure } from '../diagnosis/start-failure.js';
import type { LoadRun } from '../load/index.js';
import type { TargetInfo } from '../contract/session.js';
import type { EventEmitter } from 'node:events';
import { launchTarget, type Target, type TargetEvents, type TargetExit } from './index.js';
import { launchOptionsFor, type ResolvedTarget } from './resolve-target.js';

/** Grace period for the target to exit on SIGTERM before it is killed. */
export const SHUTDOWN_GRACE_MS = 3000;

/** What a run needs of its target: one it launched (Target), or a running process it attached to (app/attach). */
export type RunTarget = Pick<Target, 'pid' | 'exited' | 'waitUntilListening' | 'shutdown' | 'pauseOutput' | 'resumeOutput' | 'lastLines' | 'lastLinesOf'> & {
  on: EventEmitter<TargetEvents>['on'];
};

/**
 * Where a run's target comes from when it is not launched from the recipe: opened once by the run; its shutdown()
 * leaves the process as it found it. `info` goes into the session's target (attached, pid, command).
 */
export interface TargetSource {
  readonly info: Partial<TargetInfo>;
  open(): Promise<RunTarget>;
}

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

/** Opens the source's target, unless stopped first; one opened after a stop is let go again at once. */
export function openUnlessStopped(source: TargetSource, signal: AbortSignal): Promise<RunTarget> {
  const opening = source.open();
  void opening.then((t) => (signal.aborted ? t.shutdown({ graceMs: SHUTDOWN_GRACE_MS }) : undefined), () => undefined);
  return unlessStopped(opening, signal);
}

/** The load against a target ends when the load does, when the target dies, or when the run is stopped. */
export function raceLoad(load: LoadRun, target: Pick<RunTarget, 'exited'>, signal: AbortSignal): Promise<LoadEnding> {
  return Promise.race<LoadEnding>([
    load.result.then((result) => ({ kind: 'done', result })),
    target.exited.then((exit) => ({ kind: 'crashed', exit })),
    whenStopped(signal).then(() => ({ kind: 'stopped' })),
  ]);
}

/** When a crash happened, in the words of CHK_TARGET_CRASHED. */
type CrashMoment = 'during the load' | 'while Checkup connected to it';

export function crashError(exit: TargetExit, target: Pick<RunTarget, 'lastLines'>, when: CrashMoment = 'during the load'): CheckupError {
  return new CheckupError('CHK_TARGET_CRASHED', { when, exit: exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}` }, { details: target.lastLines() });
}

/**
 * How long a failing step waits for the target's exit before blaming itself. A target that dies closes its
 * inspector and its sockets first and is reaped a moment later, so a refused connection arrives before the exit
 * event; a second covers that on a loaded machine and costs nothing on the success path.
 */
const EXIT_SETTLE_MS = 1000;

/**
 * The one decision for a step that failed while the target was up (the inspector's connection, a profiler's command,
 * the load's start): if the target died, its exit and its own output win over what the step said, since the step
 * failed because of the death. A failure to start (exited before listening, never listened) and an interrupt are
 * already the right words and stay.
 */
export async function blameDeath(err: unknown, target: Pick<RunTarget, 'exited' | 'lastLines'> | undefined, when: CrashMoment): Promise<{ error: CheckupError; crash?: TargetExit }> {
  const error = toCheckupError(err);
  if (!target || error.code === 'CHK_INTERRUPTED' || error.code === 'CHK_TARGET_CRASHED' || isStartFailure(error.code)) return { error };
  let timer: NodeJS.Timeout | undefined;
  const settle = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), EXIT_SETTLE_MS)));
  try {
    const exit = await Promise.race([target.exited, settle]);
    // a shutdown of ours is not a death behind a failure
    return exit && exit.unexpected ? { error: crashError(exit, target, when), crash: exit } : { error };
  } finally {
    clearTimeout(timer);
  }
}
