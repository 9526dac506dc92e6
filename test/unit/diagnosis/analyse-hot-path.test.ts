// The hot-path analyser: costly requests dominated by one function (with what it calls).
import { describe, expect, it } from 'vitest';
import type { Culprit } from '../../../app/contract/diagnosis.js';
import { analyseHotPath, hottestWork } from '../../../app/diagnosis/analyse-hot-path.js';
import { onRecordedLabs, onSyntheticRuns } from '../../helpers/analyser-cases.js';
import { syntheticRun } from '../../helpers/synthetic-run.js';

describe('analyseHotPath', () => {
  onSyntheticRuns(analyseHotPath, { hot: ['hot-path:problem', 'cloneState'], 'too-short': 'insufficient' });
  // No lab is a hot path: blocking's requests hold the loop long enough to be a blocked loop instead.
  onRecordedLabs(analyseHotPath, {});
});

describe('where the avoidable work sits', () => {
  const culprit = (functionName: string, selfPercent: number, totalPercent: number): Culprit => ({
    functionName, url: 'file:///srv/app/acl.js', line: 1, column: 1, selfPercent, totalPercent, category: 'app', measure: 'cpu',
  });
  const withCulprits = (culprits: Culprit[]) => {
    const run = syntheticRun({ scenario: 'hot', noise: 0 });
    run.cpu = { ...run.cpu!, idlePercent: 0, culprits };
    return run;
  };

  it('a scan split between a function and the helper it calls for every item is named by the scan', () => {
    // koa-acl-linear-scan on Node 20: allowedWidgets 37 % itself, 72 % with hasPermission (34 %) below it.
    const run = withCulprits([culprit('allowedWidgets', 37, 72), culprit('hasPermission', 34, 34), culprit('(anonymous)', 23, 95)]);
    expect(hottestWork(run)).toMatchObject({ culprit: { functionName: 'allowedWidgets' }, share: 0.72 });
    const [finding] = analyseHotPath(run).findings!;
    expect(finding?.kind).toBe('hot-path');
    expect(finding?.culprits[0]?.functionName).toBe('allowedWidgets');
  });

  it('requests slower than the run are judged on what they cost so far, said to be lower bounds', () => {
    // The hot run with no request finished: every connection held one the whole time, none failed.
    const run = withCulprits([culprit('cloneState', 70, 72), culprit('handle', 5, 95)]);
    const unfinished = { ...run, concurrency: 10, warmedUp: false, load: { ...run.load!, requestsTotal: 0, requestsPerSecond: 0, errors: 0, timeouts: 0, non2xx: 0 } };
    const [finding] = analyseHotPath(unfinished).findings!;
    expect(finding).toMatchObject({ kind: 'hot-path', severity: 'problem' });
    expect(finding!.explanation).toMatch(/No request finished in the [\d.]+ s measured: the 10 in flight are counted, each at least that long, so the figures per request are lower bounds\./);
    // Not when requests failed: then they are not simply slow.
    expect(analyseHotPath({ ...unfinished, load: { ...unfinished.load, errors: 3 } }).insufficient).toBeDefined();
  });

  it('a handler that only dispatches to many small functions is not a hot path of its own', () => {
    const run = withCulprits([culprit('handle', 5, 95), culprit('a', 18, 18), culprit('b', 17, 17), culprit('c', 16, 16)]);
    expect(hottestWork(run)).toBeUndefined();
    expect(analyseHotPath(run).findings).toEqual([]);
  });

  it('one function with most of the time to itself is named as before', () => {
    expect(hottestWork(withCulprits([culprit('cloneState', 70, 72), culprit('handle', 5, 95)]))?.culprit.functionName).toBe('cloneState');
  });
});

describe('what the named function mostly does', () => {
  const run = (patternPercent: number) => {
    const r = syntheticRun({ scenario: 'hot', noise: 0 });
    const top = { functionName: 'sendVersioned', url: 'file:///srv/app/api.js', line: 61, column: 1, selfPercent: 52, totalPercent: 55, category: 'app' as const, measure: 'cpu' as const };
    r.cpu = { ...r.cpu!, idlePercent: 5, culprits: [top], hotspots: [{ id: 'listeners', title: 'Many listeners on one emitter', percent: patternPercent }] };
    return r;
  };

  it('names the profile\'s leading pattern as what the function mostly does only when it holds half its time or more', () => {
    // etag-listeners (fixed) on Node 22: 55 % in sendVersioned (mostly writing a 157 KB answer), listeners 3.1 %.
    const small = analyseHotPath(run(3.1)).findings![0]!;
    expect(small.explanation).not.toMatch(/mostly many listeners/);
    expect(small.evidence.map((e) => e.label)).toContain('Many listeners on one emitter');
    expect(analyseHotPath(run(40)).findings![0]!.explanation).toMatch(/mostly many listeners on one emitter/);
  });
});
