import { describe, expect, it } from 'vitest';
import { chunks, kendallTau, theilSenSlope } from '../../../app/diagnosis/stats.js';
import { mean, median, quantile, round } from '../../../app/numbers.js';
import { parseStackFrames } from '../../../app/diagnosis/stack-frames.js';

describe('robust statistics', () => {
  it('median and quantiles interpolate', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(quantile([0, 10], 0.9)).toBe(9);
    expect(Number.isNaN(median([]))).toBe(true);
  });
  it('mean and round: the engine\'s one of each', () => {
    expect(mean([1, 2, 6])).toBe(3);
    expect(Number.isNaN(mean([]))).toBe(true);
    expect(round(2.345, 2)).toBe(2.35);
    expect(round(12.25)).toBe(12.3);
    expect(round(-0.04)).toBe(-0);
    expect(round(1234.5678, 0)).toBe(1235);
  });
  it('Theil–Sen ignores a wild outlier that least squares would follow', () => {
    const xs = [0, 1, 2, 3, 4, 5, 6, 7];
    const ys = xs.map((x) => 2 * x + 1);
    ys[6] = 500;
    expect(theilSenSlope(xs, ys)).toBeCloseTo(2, 5);
  });
  it('Kendall tau: +1 rising, -1 falling, ~0 for a sawtooth', () => {
    expect(kendallTau([1, 2, 3, 4])).toBe(1);
    expect(kendallTau([4, 3, 2, 1])).toBe(-1);
    expect(Math.abs(kendallTau([1, 5, 1, 5, 1, 5, 1, 5]))).toBeLessThan(0.2);
  });
  it('chunks cover every element once', () => {
    const parts = chunks([1, 2, 3, 4, 5, 6, 7], 3);
    expect(parts.flat()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(parts).toHaveLength(3);
  });
});

describe('stack frames', () => {
  it('parses named, anonymous, async and file URL frames', () => {
    const frames = parseStackFrames(
      ['Error: x', '    at fn (/a/b.js:1:2)', '    at /a/c.js:3:4', '    at async g (file:///a/d.mjs:5:6)', '    at node:internal/x:7:8', '    garbage'].join('\n'),
    );
    expect(frames).toEqual([
      { functionName: 'fn', url: 'file:///a/b.js', line: 1, column: 2 },
      { functionName: '(anonymous)', url: 'file:///a/c.js', line: 3, column: 4 },
      { functionName: 'g', url: 'file:///a/d.mjs', line: 5, column: 6 },
      { functionName: '(anonymous)', url: 'node:internal/x', line: 7, column: 8 },
    ]);
  });
  it('names a function called under another name by its own name, as a CPU profile does', () => {
    const frames = parseStackFrames(
      [
        'Error: empty window',
        '    at Timeout.flushStats [as _onTimeout] (/srv/stats.js:25:11)',
        '    at Object.handler [as onRequest] (/srv/app.js:9:3)',
        '    at Object.checkout (/srv/app.js:72:47)',
        '    at module.exports (/srv/node_modules/signal-exit/index.js:60:3)',
        '    at Server.emit (node:events:519:28)',
        '    at Object.<anonymous> (/srv/app.js:1:1)',
      ].join('\n'),
    );
    expect(frames.map((f) => f.functionName)).toEqual(['flushStats', 'handler', 'checkout', 'module.exports', 'Server.emit', 'Object.<anonymous>']);
  });
});
