// The comparison in words: p-values and confidence intervals as a reader takes them, changes as % or factors, the
// bar's direction, length and colour, the verdict's movement, and the faster/slower split of function deltas.
import { describe, expect, it } from 'vitest';
import type { FigureComparison, FunctionDelta } from '../../../app/contract/index.js';
import { changeBar, changeText, fasterSlower, methodNotes, micros, pValue, sig, testWords, verdictChange } from '../../../renderer/src/lib/util/compare-words.js';

function figure(over: Partial<FigureComparison>): FigureComparison {
  const before = over.before ?? 100;
  const after = over.after ?? 100;
  return {
    key: 'requestsPerSecond',
    label: 'Requests per second',
    unit: 'req/s',
    before,
    after,
    ratio: after / before,
    changePercent: (after / before - 1) * 100,
    better: 'higher',
    significant: false,
    outcome: 'unchanged',
    ...over,
  };
}

const test = (p: number, ci?: [number, number], method = 'Welch t-test') => ({ method, p, n: [5, 5] as [number, number], minimumEffect: 0.1, ...(ci ? { ci } : {}) });

describe('numbers', () => {
  it('keeps significant figures without exponents', () => {
    expect(sig(0.0018234)).toBe('0.0018');
    expect(sig(0.000008055, 1)).toBe('0.000008');
    expect(sig(82.4)).toBe('82');
    expect(sig(1.5)).toBe('1.5');
    expect(sig(13964.08)).toBe('13,964');
    expect(sig(-0.25)).toBe('-0.25');
    expect(sig(0)).toBe('0');
    expect(sig(Number.NaN)).toBe('–');
  });

  it('writes p-values as p = 0.0003, and tiny ones as a bound', () => {
    expect(pValue(0.00031)).toBe('p = 0.0003');
    expect(pValue(0.042)).toBe('p = 0.042');
    expect(pValue(0.5)).toBe('p = 0.5');
    expect(pValue(3e-9)).toBe('p < 0.000001');
  });

  it('shows moderate changes in %, big ones as factors, either way', () => {
    expect(changeText(figure({ before: 100, after: 117 }))).toBe('+17 %');
    expect(changeText(figure({ before: 100, after: 83 }))).toBe('−17 %');
    expect(changeText(figure({ before: 45, after: 13964 }))).toBe('×310');
    expect(changeText(figure({ before: 1057, after: 4.3 }))).toBe('÷246');
    expect(changeText(figure({ before: 0, after: 0, ratio: 1, changePercent: 0 }))).toBe('no change');
    expect(changeText(figure({ before: 0, after: 3, ratio: Number.POSITIVE_INFINITY, changePercent: Number.POSITIVE_INFINITY }))).toBe('new');
  });

  it('reads per-request times in µs or ms', () => {
    expect(micros(21564.09)).toBe('21.6 ms');
    expect(micros(16.07)).toBe('16.1 µs');
    expect(micros(0.18)).toBe('0.18 µs');
    expect(micros(undefined)).toBe('–');
  });
});

describe('what the test said', () => {
  it('a real change: the p-value and the interval of after/before', () => {
    const f = figure({ before: 45, after: 13964, significant: true, outcome: 'improved', test: test(0.0003, [82.2, 191.4]) });
    expect(testWords(f)).toBe('real: p = 0.0003; after/before between 82.2× and 191×');
  });

  it('no real change: noise, or too small to count even when p is small', () => {
    expect(testWords(figure({ before: 100, after: 103, test: test(0.4) }))).toBe('no real change: within run-to-run noise (p = 0.4)');
    expect(testWords(figure({ before: 100, after: 103, test: test(0.01) }))).toMatch(/^no real change: smaller than the 10 % this test tells from run-to-run noise \(p = 0\.01\)$/);
    // A big ratio of a tiny level, which the engine's absolute floor calls no news.
    const gc = figure({ key: 'gcShare', unit: '%', better: 'lower', before: 0.02, after: 1.64, test: test(1e-7) });
    expect(testWords(gc)).toBe('no real change: too small in absolute terms to matter (1.6 %; p < 0.000001)');
  });

  it('no test: says so instead of guessing', () => {
    expect(testWords(figure({ key: 'latencyMax', outcome: 'untested' }))).toMatch(/^not tested/);
  });

  it('numbers each distinct method once', () => {
    const a = figure({ key: 'a', test: test(0.1, undefined, 'M1') });
    const b = figure({ key: 'b', test: test(0.1, undefined, 'M2') });
    const c = figure({ key: 'c', test: test(0.1, undefined, 'M1') });
    const d = figure({ key: 'd' });
    const notes = methodNotes([a, b, c, d]);
    expect(notes.notes).toEqual(['M1', 'M2']);
    expect([a, b, c, d].map(notes.index)).toEqual([1, 2, 1, undefined]);
  });
});

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

describe('the verdict, before and after', () => {
  it('a problem that became healthy is fixed, in the healthy colour', () => {
    const c = verdictChange('event-loop-blocked', 'healthy');
    expect(c.tone).toBe('healthy');
    expect(c.headline).toBe('Fixed: from “The event loop is blocked” to healthy');
  });

  it('healthy that became a problem is worse, in red; a different problem is amber', () => {
    expect(verdictChange('healthy', 'gc-pressure')).toMatchObject({ tone: 'problem', headline: expect.stringMatching(/^Worse/) });
    expect(verdictChange('gc-pressure', 'event-loop-blocked')).toMatchObject({ tone: 'warning', headline: expect.stringMatching(/^A different problem/) });
  });

  it('no change says so; unknown verdicts are neutral', () => {
    expect(verdictChange('healthy', 'healthy').headline).toBe('Healthy before and after');
    expect(verdictChange('event-loop-blocked', 'event-loop-blocked')).toMatchObject({ tone: 'problem', headline: 'Same verdict: the event loop is blocked' });
    expect(verdictChange(undefined, 'healthy').tone).toBe('neutral');
  });
});

describe('faster and slower functions', () => {
  const fn = (name: string, over: Partial<FunctionDelta>): FunctionDelta => ({ functionName: name, url: `file:///app/${name}.js`, line: 1, category: 'app', selfBefore: 0, selfAfter: 0, delta: 0, change: 'same', ...over });

  it('lists what the engine classed as faster or slower, largest per-request change first, never what it called the same', () => {
    const functions = [
      fn('writev', { delta: 20.6, deltaPerRequestUs: -388, change: 'faster' }),
      fn('newHelper', { delta: 2, deltaPerRequestUs: 12, change: 'slower' }),
      fn('computeReport', { delta: -95, deltaPerRequestUs: -21564, change: 'faster' }),
      fn('tiny', { delta: 0.01, deltaPerRequestUs: 0.1, change: 'same' }),
    ];
    const { faster, slower } = fasterSlower(functions);
    expect(faster.map((f) => f.functionName)).toEqual(['computeReport', 'writev']);
    expect(slower.map((f) => f.functionName)).toEqual(['newHelper']);
  });

  it('uses shares of the profile when the runs had no load figures, and honours the limit', () => {
    const functions = Array.from({ length: 30 }, (_, i) => fn(`f${i}`, { delta: i % 2 ? -(i + 1) : i + 1, change: i % 2 ? 'faster' : 'slower' }));
    const { faster, slower } = fasterSlower(functions, 5);
    expect(faster).toHaveLength(5);
    expect(slower).toHaveLength(5);
    expect(faster[0]!.functionName).toBe('f29');
    expect(slower[0]!.functionName).toBe('f28');
  });
});
