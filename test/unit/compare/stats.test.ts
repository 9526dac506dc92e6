import { describe, expect, it } from 'vitest';
import { blockMeans, incompleteBeta, studentQuantile, studentTwoSidedP, welchTest } from '../../../app/compare/stats.js';

describe('Student t distribution', () => {
  it('matches published table values', () => {
    // scipy.stats.t.ppf: 0.975 at df 10 = 2.228139, df 2 = 4.302653; 0.995 at df 30 = 2.749996.
    expect(studentQuantile(0.05, 10)).toBeCloseTo(2.228, 3);
    expect(studentQuantile(0.05, 2)).toBeCloseTo(4.303, 3);
    expect(studentQuantile(0.01, 30)).toBeCloseTo(2.75, 3);
    expect(studentTwoSidedP(2.228, 10)).toBeCloseTo(0.05, 3);
    expect(studentTwoSidedP(0, 5)).toBeCloseTo(1, 10);
  });
  it('incomplete beta: symmetric case and bounds', () => {
    expect(incompleteBeta(0.5, 3, 3)).toBeCloseTo(0.5, 12);
    expect(incompleteBeta(0, 2, 2)).toBe(0);
    expect(incompleteBeta(1, 2, 2)).toBe(1);
    // I_x(1, b) = 1 - (1 - x)^b
    expect(incompleteBeta(0.3, 1, 4)).toBeCloseTo(1 - 0.7 ** 4, 12);
  });
});

describe('Welch test', () => {
  it('agrees with scipy.stats.ttest_ind(b, a, equal_var=False)', () => {
    const a = [19.1, 20.3, 18.7, 21.0, 19.9, 20.5];
    const b = [22.1, 23.0, 21.4, 22.8, 23.5];
    const r = welchTest(a, b)!;
    // scipy 1.x: statistic 5.168674497161382, pvalue 0.0006264129335319855, df 8.823932935981432
    expect(r.t).toBeCloseTo(5.168674, 5);
    expect(r.df).toBeCloseTo(8.823933, 5);
    expect(r.p).toBeCloseTo(0.00062641, 7);
    expect(r.ratioCi![0]).toBeLessThan(22.56 / 19.92);
    expect(r.ratioCi![1]).toBeGreaterThan(22.56 / 19.92);
  });
  it('does not call identical-in-distribution samples different', () => {
    expect(welchTest([10, 11, 9, 10.5], [10.2, 9.8, 10.9, 9.6])!.p).toBeGreaterThan(0.5);
  });
  it('needs two values a side', () => {
    expect(welchTest([1], [1, 2])).toBeUndefined();
  });
  it('block means drop a partial block', () => {
    expect(blockMeans([1, 3, 5, 7, 9], 2)).toEqual([2, 6]);
  });
});
