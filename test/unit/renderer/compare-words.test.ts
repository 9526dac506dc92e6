// The change bar the Comparison screen draws for each figure: its direction, length on a log scale, and colour.
import { describe, expect, it } from 'vitest';
import { changeBar } from '../../../renderer/src/lib/util/compare-words.js';
import { figureComparison as figure } from '../../helpers/figure-comparison.js';

describe('the change bar', () => {
  it('goes right when the figure rose and left when it fell, on a log scale, coloured by outcome', () => {
    const up = changeBar(figure({ before: 10, after: 100, outcome: 'improved', significant: true }));
    expect(up).toEqual({ side: 'right', fraction: expect.closeTo(1 / 3, 5), tone: 'improved' });
    const down = changeBar(figure({ before: 100, after: 10, better: 'lower', outcome: 'improved', significant: true }));
    expect(down).toEqual({ side: 'left', fraction: expect.closeTo(1 / 3, 5), tone: 'improved' });
    // Doubling and halving are the same length.
    expect(changeBar(figure({ before: 10, after: 20 })).fraction).toBeCloseTo(changeBar(figure({ before: 20, after: 10 })).fraction, 10);
    expect(changeBar(figure({ before: 100, after: 80, outcome: 'regressed', significant: true })).tone).toBe('regressed');
    expect(changeBar(figure({ before: 100, after: 100, outcome: 'untested' })).tone).toBe('unchanged');
  });

  it('stays inside its half beyond 1000×, and shows a sliver for no change', () => {
    expect(changeBar(figure({ before: 1, after: 1e6 })).fraction).toBe(1);
    expect(changeBar(figure({ before: 0, after: 5, ratio: Number.POSITIVE_INFINITY })).fraction).toBe(1);
    const none = changeBar(figure({ before: 5, after: 5 }));
    expect(none.fraction).toBeGreaterThan(0);
    expect(none.fraction).toBeLessThan(0.05);
  });
});
