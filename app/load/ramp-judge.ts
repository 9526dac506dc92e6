// The ramp's judgement, pure: each step against the user's lines, the knee at the first step that crosses one, and
// the verdict in words. The p99 and failed lines are the user's. One line is ours: a step whose rate the app could not
// serve (KEEP_UP_SHARE) is past the knee whatever its p99, since a fixed-rate load against an app that cannot keep
// up sends less, and its p99 then measures the requests that got through rather than the queue that did not.
import type { LoadResult } from '../contract/metrics.js';
import type { RampResult, RampSpec, RampStep } from '../contract/ramp.js';

/**
 * The share of the rate asked that an app keeping up serves. A fixed-rate generator reaches its rate within a few
 * percent when the server keeps up; 90 % leaves room for that and for a step's first second, and no more. At low
 * rates a step's edges cost whole requests, so a shortfall of KEEP_UP_SLACK requests/s or less never counts.
 */
const KEEP_UP_SHARE = 0.9;
const KEEP_UP_SLACK = 2;

/** The rates of the ramp: from, from + step, ... up to `to`. */
export function rampRates(spec: Pick<RampSpec, 'from' | 'to' | 'step'>): number[] {
  const rates: number[] = [];
  for (let rate = spec.from; rate <= spec.to; rate += spec.step) rates.push(rate);
  return rates;
}

export function rampStep(rate: number, load: Pick<LoadResult, 'requestsPerSecond' | 'latency' | 'errors' | 'timeouts' | 'non2xx' | 'requestsTotal'>, spec: Pick<RampSpec, 'p99Ms' | 'errorPercent'>): RampStep {
  const failed = load.errors + load.timeouts + load.non2xx;
  // non2xx answers are among requestsTotal; errors and timeouts never completed.
  const attempted = load.requestsTotal + load.errors + load.timeouts;
  const failedPercent = attempted > 0 ? (100 * failed) / attempted : 0;
  const step: RampStep = { rate, achievedRps: load.requestsPerSecond, p99Ms: load.latency.p99, failedPercent };
  if (spec.errorPercent !== undefined && failedPercent > spec.errorPercent) step.crossed = 'errors';
  else if (spec.p99Ms !== undefined && load.latency.p99 > spec.p99Ms) step.crossed = 'p99';
  else if (rate - load.requestsPerSecond > Math.max((1 - KEEP_UP_SHARE) * rate, KEEP_UP_SLACK)) step.crossed = 'throughput';
  return step;
}

export function judgeRamp(spec: RampSpec, steps: RampStep[]): RampResult {
  const at = steps.findIndex((s) => s.crossed);
  const lines = [spec.p99Ms !== undefined ? `p99 ${spec.p99Ms} ms` : '', spec.errorPercent !== undefined ? `${spec.errorPercent} % failed` : ''].filter(Boolean).join(' or ');
  if (at < 0) {
    const last = steps.at(-1);
    return { spec, steps, verdict: last ? `No knee up to ${last.rate} requests/s: every step stayed within ${lines}.` : 'No step was measured.' };
  }
  const kneeStep = steps[at]!;
  const lastGood = at > 0 ? steps[at - 1]!.rate : undefined;
  const what =
    kneeStep.crossed === 'p99'
      ? `p99 latency ${kneeStep.p99Ms.toFixed(1)} ms crossed ${spec.p99Ms} ms`
      : kneeStep.crossed === 'errors'
        ? `${kneeStep.failedPercent.toFixed(1)} % of requests failed, over ${spec.errorPercent} %`
        : `the app served ${Math.round(kneeStep.achievedRps)} of the ${kneeStep.rate} requests/s asked (it cannot keep up)`;
  const verdict = `The knee is at ${kneeStep.rate} requests/s: ${what}.${lastGood !== undefined ? ` The app held ${lastGood} requests/s within ${lines}.` : ' It crossed at the first step: start the ramp lower.'}`;
  return { spec, steps, knee: { rate: kneeStep.rate, ...(lastGood !== undefined ? { lastGoodRate: lastGood } : {}), crossed: kneeStep.crossed! }, verdict };
}
