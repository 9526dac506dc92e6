// A stepped ramp in one app process: launch, listen, the set-up step, one warm-up, then the load at each rate of the
// ramp in turn (no warm-up between steps: the app is warm), until a step crosses the user's line or the last rate is
// measured. No profilers: the ramp measures where the app gives way, the checkup at one rate says why.
// Kept as a session of kind 'ramp' (ramp.json, rewritten after each step), so History shows it and a cut-short ramp
// keeps the steps it measured.
import { SESSION_FILES, type SessionFile } from '../contract/session.js';
import type { RampResult, RampRun, RampSpec, RampStep } from '../contract/ramp.js';
import type { Recipe } from '../contract/recipe.js';
import { CheckupError, toCheckupError } from '../errors.js';
import { startLoad, type LoadRun } from '../load/index.js';
import { assertLoadSendable } from '../load/preflight.js';
import { judgeRamp, rampRates, rampStep } from '../load/ramp-judge.js';
import { loadWithCarried, runSetupStep } from '../load/setup-step.js';
import { SessionWriter } from '../store/session-writer.js';
import { resolveTarget } from '../target/resolve-target.js';
import { SHUTDOWN_GRACE_MS, crashError, launchUnlessStopped, raceLoad, unlessStopped } from '../target/run-target.js';

interface RampHooks {
  /** The session is made (before the app is launched). */
  onSession?: (sessionId: string) => void;
  /** Each step as soon as it is measured. */
  onStep?: (step: RampStep, sessionId: string) => void;
  signal?: AbortSignal;
}

function summaryOf(result: RampResult): SessionFile['summary'] {
  const best = Math.max(0, ...result.steps.map((s) => s.achievedRps));
  return {
    ...(result.steps.length ? { requestsPerSecond: best, rampTopRate: result.steps.at(-1)!.rate } : {}),
    ...(result.knee ? { kneeRate: result.knee.rate } : {}),
  };
}

export async function runRamp(recipe: Recipe, spec: RampSpec, sessionsDir: string, hooks: RampHooks = {}): Promise<RampRun> {
  assertLoadSendable(recipe.load);
  const signal = hooks.signal ?? new AbortController().signal;
  const resolved = resolveTarget(recipe.target);
  const writer = await SessionWriter.create(sessionsDir, { name: resolved.name, project: resolved.project, recipe, kind: 'ramp' });
  hooks.onSession?.(writer.id);
  const steps: RampStep[] = [];
  const keep = async (): Promise<RampResult> => {
    const result = judgeRamp(spec, steps);
    await writer.writeJson(SESSION_FILES.ramp, result);
    writer.session.summary = summaryOf(result);
    return result;
  };
  try {
    const target = await launchUnlessStopped(resolved, recipe, signal);
    let load: LoadRun | undefined;
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
        await keep();
        hooks.onStep?.(step, writer.id);
        if (step.crossed) break;
      }
    } finally {
      await load?.stop().catch(() => undefined);
      await target.shutdown({ graceMs: SHUTDOWN_GRACE_MS });
    }
    const result = await keep();
    await writer.finish('complete');
    return { ...result, sessionId: writer.id };
  } catch (err) {
    const error = toCheckupError(err);
    if (steps.length) await keep().catch(() => undefined);
    await writer.finish('partial', { code: error.code, message: error.message }).catch(() => undefined);
    throw err;
  }
}
