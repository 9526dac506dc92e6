// A stepped ramp in one app process: launch, listen, the set-up step, one warm-up, then the load at each rate of the
// ramp in turn (no warm-up between steps: the app is warm), until a step crosses the user's line or the last rate is
// measured. No profilers: the ramp measures where the app gives way, the checkup at one rate says why.
import type { RampResult, RampSpec, RampStep } from '../contract/ramp.js';
import type { Recipe } from '../contract/recipe.js';
import { CheckupError } from '../errors.js';
import { startLoad, type LoadRun } from '../load/index.js';
import { assertLoadSendable } from '../load/preflight.js';
import { judgeRamp, rampRates, rampStep } from '../load/ramp-judge.js';
import { loadWithCarried, runSetupStep } from '../load/setup-step.js';
import { resolveTarget } from '../target/resolve-target.js';
import { SHUTDOWN_GRACE_MS, crashError, launchUnlessStopped, raceLoad, unlessStopped } from '../target/run-target.js';

export interface RampHooks {
  /** Each step as soon as it is measured. */
  onStep?: (step: RampStep) => void;
  signal?: AbortSignal;
}

export async function runRamp(recipe: Recipe, spec: RampSpec, hooks: RampHooks = {}): Promise<RampResult> {
  assertLoadSendable(recipe.load);
  const signal = hooks.signal ?? new AbortController().signal;
  const resolved = resolveTarget(recipe.target);
  const target = await launchUnlessStopped(resolved, recipe, signal);
  let load: LoadRun | undefined;
  const steps: RampStep[] = [];
  try {
    const ready = await unlessStopped(target.waitUntilListening(recipe.readyTimeoutSec * 1000), signal);
    const address = { host: recipe.load.host, port: ready.port, protocol: recipe.load.protocol };
    const carried = recipe.load.setup ? (await unlessStopped(runSetupStep(recipe.load.setup, address, recipe.load.allowRemote), signal)).headers : {};
    const base = loadWithCarried(recipe.load, carried);
    const rates = rampRates(spec);
    for (const [i, rate] of rates.entries()) {
      const { amount: _amount, ...timed } = base;
      load = startLoad({ ...timed, rate, durationSec: spec.stepSec, warmupSec: i === 0 ? recipe.load.warmupSec : 0 }, { host: recipe.load.host, port: ready.port });
      const ending = await raceLoad(load, target, signal);
      if (ending.kind === 'crashed') throw crashError(ending.exit, target);
      if (ending.kind === 'stopped') throw new CheckupError('CHK_INTERRUPTED');
      const step = rampStep(rate, ending.result, spec);
      steps.push(step);
      hooks.onStep?.(step);
      if (step.crossed) break;
    }
    return judgeRamp(spec, steps);
  } finally {
    await load?.stop().catch(() => undefined);
    await target.shutdown({ graceMs: SHUTDOWN_GRACE_MS });
  }
}
