// One further measurement of a recipe (Recipe.repeats > 1): a fresh target process, warm-up, measured load, shut
// down. No profilers and no diagnosis: only the load figures, so a comparison has independent runs to test.
import type { LoadResult, RepeatResult } from '../contract/metrics.js';
import type { Recipe } from '../contract/recipe.js';
import { CheckupError, toCheckupError } from '../errors.js';
import { startLoad, type LoadRun } from '../load/index.js';
import { loadWithCarried, runSetupStep } from '../load/setup-step.js';
import type { ResolvedTarget } from '../target/resolve-target.js';
import { SHUTDOWN_GRACE_MS, crashError, launchUnlessStopped, blameDeath, raceLoad, unlessStopped } from '../target/run-target.js';

export function toRepeat(r: Pick<RepeatResult, keyof RepeatResult>): RepeatResult {
  return { requestsPerSecond: r.requestsPerSecond, requestsPerSecondSeries: r.requestsPerSecondSeries, latency: r.latency, errors: r.errors, non2xx: r.non2xx, timeouts: r.timeouts };
}

/** Measures once more; rejects with CHK_INTERRUPTED when `signal` stops it, CHK_TARGET_CRASHED when the target dies. */
export async function measureAgain(
  resolved: ResolvedTarget,
  recipe: Recipe,
  signal: AbortSignal,
  onLog: (stream: 'stdout' | 'stderr', text: string, ts: number) => void,
): Promise<RepeatResult> {
  const target = await launchUnlessStopped(resolved, recipe, signal);
  target.on('log', (line) => onLog(line.stream, line.text, line.ts));
  let load: LoadRun | undefined;
  try {
    const ready = await unlessStopped(target.waitUntilListening(recipe.readyTimeoutSec * 1000), signal);
    // A fresh process has forgotten the last login: the set-up step runs again for each repeat.
    const address = { host: recipe.load.host, port: ready.port, protocol: recipe.load.protocol };
    const carried = recipe.load.setup ? (await unlessStopped(runSetupStep(recipe.load.setup, address, recipe.load.allowRemote), signal)).headers : {};
    load = startLoad(loadWithCarried(recipe.load, carried), { host: recipe.load.host, port: ready.port });
    const ending = await raceLoad(load, target, signal);
    if (ending.kind === 'crashed') throw crashError(ending.exit, target);
    if (ending.kind === 'stopped') throw new CheckupError('CHK_INTERRUPTED');
    return toRepeat(ending.result);
  } catch (err) {
    throw signal.aborted ? err : (await blameDeath(err, target, load ? 'during the load' : 'while Checkup connected to it')).error;
  } finally {
    await load?.stop().catch(() => undefined);
    await target.shutdown({ graceMs: SHUTDOWN_GRACE_MS });
  }
}

/**
 * Measures the load again in fresh target processes (Recipe.repeats); every measurement goes into load.json. A stop
 * or a failure keeps the repeats done so far; the session is then partial.
 */
export async function measureRepeats(
  first: LoadResult,
  resolved: ResolvedTarget,
  recipe: Recipe,
  signal: AbortSignal,
  onRepeat: (i: number) => void,
  onLog: (i: number, stream: 'stdout' | 'stderr', text: string, ts: number) => void,
): Promise<{ repeats: RepeatResult[]; error?: CheckupError }> {
  const repeats = [toRepeat(first)];
  let error: CheckupError | undefined;
  for (let i = 2; i <= recipe.repeats && !signal.aborted; i++) {
    onRepeat(i);
    try {
      repeats.push(await measureAgain(resolved, recipe, signal, (stream, text, ts) => onLog(i, stream, text, ts)));
    } catch (err) {
      error = toCheckupError(err);
      break;
    }
  }
  if (signal.aborted) error ??= new CheckupError('CHK_INTERRUPTED');
  return { repeats, ...(error ? { error } : {}) };
}
