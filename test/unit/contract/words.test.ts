// The words every face says, from app/contract/words.ts: numbers as a reader takes them, changes as % or factors, a
// culprit's name and place, category and verdict names, the verdict's movement, and the faster/slower split of
// function deltas. The CLI, the HTML report and the renderer print these and nothing of their own.
import { describe, expect, it } from 'vitest';
import type { FunctionDelta } from '../../../app/contract/index.js';
import {
  categoryName,
  changeText,
  culpritName,
  culpritShare,
  evidenceWords,
  fasterSlower,
  functionChangeWords,
  location,
  methodNotes,
  micros,
  outcomeWords,
  pValue,
  quantity,
  sig,
  verdictChange,
  verdictWords,
} from '../../../app/contract/words.js';
import { figureComparison as figure } from '../../helpers/figure-comparison.js';

const test = (p: number, method = 'Welch t-test') => ({ method, p, n: [5, 5] as [number, number], minimumEffect: 0.1 });

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

  it('rounds a figure by its unit: ms and % keep three figures, counts and rates are whole above 100', () => {
    expect(quantity(0.312, 'ms')).toBe('0.312 ms');
    expect(quantity(1234.5, 'ms')).toBe('1,235 ms');
    expect(quantity(42.06, '%')).toBe('42.1 %');
    expect(quantity(13964.08, 'req/s')).toBe('13,964 req/s');
    expect(quantity(1, 'windows')).toBe('1 window');
    expect(quantity(2, 'windows')).toBe('2 windows');
    expect(quantity(1, 'ms')).toBe('1 ms');
    expect(quantity(4.567, 'calls')).toBe('4.57 calls');
    expect(evidenceWords({ label: 'Event-loop delay p99', value: 412.3, unit: 'ms', threshold: 100 })).toBe('Event-loop delay p99: 412 ms (threshold 100 ms)');
    expect(evidenceWords({ label: 'Time in GC', value: 3.14159, unit: '%' })).toBe('Time in GC: 3.14 %');
  });
});

describe('names and places', () => {
  it('names a callback by the function that called it, as the CLI and the UI both show it', () => {
    expect(culpritName({ functionName: '(anonymous)', calledFrom: 'orderStats' })).toBe('(anonymous) in orderStats');
    expect(culpritName({ functionName: '', calledFrom: 'orderStats' })).toBe('(anonymous) in orderStats');
    expect(culpritName({ functionName: 'computeReport' })).toBe('computeReport');
    expect(culpritName({ functionName: '' })).toBe('(anonymous)');
  });

  it('says what a culprit share is a share of, and gives none for a stack frame', () => {
    expect(culpritShare({ selfPercent: 42.06, measure: 'cpu' })).toBe('42.1 % of CPU time');
    expect(culpritShare({ selfPercent: 12, measure: 'io-wait' })).toBe('12 % of request time');
    expect(culpritShare({ selfPercent: 100, measure: 'stack' })).toBeUndefined();
  });

  it('writes file:line relative to the project, from node_modules/ in a package, and (native) without a file', () => {
    const url = 'file:///home/me/shop/src/orders%20v2.js';
    expect(location({ url, line: 29 }, '/home/me/shop')).toBe('src/orders v2.js:29');
    expect(location({ url, line: 29 }, '/home/me/shop/')).toBe('src/orders v2.js:29');
    expect(location({ url, line: 29 })).toBe('/home/me/shop/src/orders v2.js:29');
    expect(location({ url, line: 0 }, '/home/me/shop')).toBe('src/orders v2.js');
    expect(location({ url: 'file:///home/me/shop/node_modules/express/lib/router/index.js', line: 12 }, '/elsewhere')).toBe('node_modules/express/lib/router/index.js:12');
    expect(location({ url: 'node:internal/timers', line: 5 })).toBe('node:internal/timers:5');
    expect(location({ url: '', line: 3 })).toBe('(native)');
    // A sibling folder that shares the project's name as a prefix is not inside it.
    expect(location({ url: 'file:///home/me/shop-admin/x.js', line: 1 }, '/home/me/shop')).toBe('/home/me/shop-admin/x.js:1');
    // Windows: a drive letter in the URL, backslashes in the working directory.
    expect(location({ url: 'file:///C:/work/app/x.js', line: 4 }, 'C:\\work\\app')).toBe('x.js:4');
  });

  it('names frame categories and verdicts in plain words, and unknown ones by their key', () => {
    expect(categoryName('app')).toBe('your code');
    expect(categoryName('node-core')).toBe('Node core');
    expect(categoryName('something-new')).toBe('something-new');
    expect(verdictWords('event-loop-blocked')).toBe('The event loop is blocked');
    expect(verdictWords('some-new-kind')).toBe('some new kind');
    expect(verdictWords(undefined)).toBe('No verdict');
  });
});

describe('a comparison in words', () => {
  it('an outcome with the reason the engine gave for it', () => {
    const f = figure({ before: 45, after: 13964, significant: true, outcome: 'improved', judgement: { verdict: 'real', reason: 'p = 0.0003; after/before between 82.2× and 191×' } });
    expect(outcomeWords(f)).toBe('real improvement: p = 0.0003; after/before between 82.2× and 191×');
    expect(outcomeWords(figure({}))).toBe('no real change: within run-to-run noise (p = 0.4)');
  });

  it('numbers each distinct method once', () => {
    const a = figure({ key: 'a', test: test(0.1, 'M1') });
    const b = figure({ key: 'b', test: test(0.1, 'M2') });
    const c = figure({ key: 'c', test: test(0.1, 'M1') });
    const d = figure({ key: 'd' });
    const notes = methodNotes([a, b, c, d]);
    expect(notes.notes).toEqual(['M1', 'M2']);
    expect([a, b, c, d].map(notes.index)).toEqual([1, 2, 1, undefined]);
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

  it('says a change per request when both runs had load, else in points of the profile', () => {
    const perRequest = functionChangeWords(fn('computeReport', { selfBefore: 95.2, selfAfter: 0.4, delta: -94.8, perRequestUsBefore: 21600, perRequestUsAfter: 36, deltaPerRequestUs: -21564, change: 'faster' }));
    expect(perRequest).toEqual({ change: '−21.6 ms per request', perRequest: '21.6 ms → 36 µs per request', shares: 'self 95.2 % → 0.4 % of the profile' });
    const shares = functionChangeWords(fn('newHelper', { selfBefore: 1, selfAfter: 2.25, delta: 1.25, change: 'slower' }));
    expect(shares).toEqual({ change: '+1.3 points', shares: 'self 1 % → 2.25 % of the profile' });
  });
});
