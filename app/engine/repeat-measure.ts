// One further measurement of a recipe (Recipe.repeats > 1): a fresh target process, warm-up, measured load, shut
// down. No profilers and no diagnosis: only the load figures, so a comparison has independent runs to test.
import type { RepeatResult } from '../contract/metrics.js';
import type { Recipe } from '../contract/recipe.js';
import { startLoad, type LoadRun } from '../load/index.js';
import { launchTarget, type Target } from '../target/index.js';
import { CheckupError } from '../errors.js';
import { launchOptionsFor, resolveTarget } from './resolve-target.js';

export interface RepeatHandle {
  result: Promise<RepeatResult>;
  stop(): Promise<void>;
}

export function toRepeat(r: Pick<RepeatResult, keyof RepeatResult>): RepeatResult {
  return { requestsPerSecond: r.requestsPerSecond, requestsPerSecondSeries: r.requestsPerSecondSeries, latency: r.latency, errors: r.errors, non2xx: r.non2xx, timeouts: r.timeouts };
}

export function measureAgain(recipe: Recipe, onLog: (stream: 'stdout' | 'stderr', text: string, ts: number) => void): RepeatHandle {
  let target: Target | undefined;
  let load: LoadRun | undefined;
  let stopped = false;
  const run = async (): Promise<RepeatResult> => {
    target = await launchTarget(resolveTarget(recipe.target).launch, launchOptionsFor(recipe));
    target.on('log', (line) => onLog(line.stream, line.text, line.ts));
    try {
      const ready = await target.waitUntilListening(recipe.readyTimeoutSec * 1000);
      if (stopped) throw new CheckupError('CHK_INTERRUPTED');
      load = startLoad(recipe.load, { host: recipe.load.host, port: ready.port });
      const crashed = target.exited.then((exit) => {
        throw new CheckupError('CHK_TARGET_CRASHED', { exit: exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}` }, { details: target?.lastLines() ?? [] });
      });
      return toRepeat(await Promise.race([load.result, crashed]));
    } finally {
      await load?.stop().catch(() => undefined);
      await target.shutdown();
    }
  };
  const result = run();
  result.catch(() => undefined);
  return {
    result,
    stop: async () => {
      stopped = true;
      await load?.stop().catch(() => undefined);
      await target?.shutdown();
    },
  };
}
