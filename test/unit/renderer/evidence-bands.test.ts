import { describe, expect, it } from 'vitest';
import { heldBands, type ChartSpec } from '../../../renderer/src/lib/util/series.js';

const chart = (xs: number[], ys: Array<number | null>): ChartSpec => ({ key: 'delay', title: 'Event-loop delay', unit: 'ms', series: [], data: [xs, ys] });

describe('evidence shading', () => {
  it('covers only the windows where the level held, within the evidence span, neighbours merged', () => {
    // Windows of 0.25 s: late (>= 20 ms) at 0.5–1.0 s and at 1.75 s only.
    const c = chart([0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2], [3, 4, 30, 45, 5, 6, 80, 2]);
    expect(heldBands(c, 1, 20, { from: 0, to: 2 })).toEqual([
      { from: 0.5, to: 1 },
      { from: 1.5, to: 1.75 },
    ]);
  });

  it('leaves out windows outside the span and missing values, and cuts bands at the span', () => {
    const c = chart([0.25, 0.5, 0.75, 1, 1.25], [50, null, 50, 50, 50]);
    expect(heldBands(c, 1, 20, { from: 0.5, to: 0.9 })).toEqual([{ from: 0.5, to: 0.9 }]);
  });
});
