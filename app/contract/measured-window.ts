// The measured window of a run, cut once (Clinic Doctor: analysis/index.js). The doctor judges this subset, the
// store hands it to every face in SessionDetail.measured, and the comparison and reports read it from there, so the
// same run shows the same figures everywhere.
import type { LoadTick, ProbeSample } from './metrics.js';
import type { MeasuredWindow } from './session.js';

/**
 * The edge rule: a probe window belongs to the measured window when its middle lies within [startAt, endAt], both
 * ends included. A window straddling an edge goes to the side that holds most of it, so the warm-up's start-up spikes
 * and the drain after the load stay out. Without a start the run never measured: nothing belongs. Without an end (an
 * older session cut short) the window runs on.
 */
export function inMeasuredWindow(sample: ProbeSample, startAt: number | undefined, endAt: number | undefined): boolean {
  if (startAt === undefined) return false;
  const middle = sample.ts - sample.windowMs / 2;
  return middle >= startAt && middle <= (endAt ?? Infinity);
}

/** Load seconds: those of phase 'measure' (the load generator marks them itself, in whole seconds from the start). */
function isMeasuredTick(tick: LoadTick): boolean {
  return tick.phase === 'measure';
}

export function cutMeasuredWindow(samples: ProbeSample[], ticks: LoadTick[], startAt: number | undefined, endAt: number | undefined): MeasuredWindow {
  return {
    ...(startAt !== undefined ? { startAt } : {}),
    ...(endAt !== undefined ? { endAt } : {}),
    samples: samples.filter((s) => inMeasuredWindow(s, startAt, endAt)),
    ticks: startAt === undefined ? [] : ticks.filter(isMeasuredTick),
  };
}
