// The rules that keep a lesson honest (pure): placeholders filled from the claims, the placeholder rule that rejects
// a step naming a finding or the culprit itself, and the judgement of a measurement against the claims.
import { describe, expect, it } from 'vitest';
import { checkFigures, fromStartup, judge, judgeCulprit, type Measured } from '../../../app/labs/checks.js';
import { boundWords, fillPlaceholders, placeholderProblems, type LabClaims } from '../../../app/labs/placeholders.js';
import type { StartupResult } from '../../../app/contract/startup.js';

const claims: LabClaims = {
  slow: { verdict: 'event-loop-blocked', culprit: 'computeReport|getReport', figures: [{ series: 'delay.p99', label: 'event-loop delay p99', min: 20 }, { series: 'gc.share', label: 'time in gc pauses', min: 10 }] },
  fixed: { verdict: 'healthy', figures: [{ series: 'delay.p99', max: 20 }] },
};

describe('placeholders', () => {
  it('fill the verdict, the culprit (with its fair alternatives) and each figure\'s bound, counted from 1', () => {
    expect(fillPlaceholders('{{slow.verdict}} then {{fixed.verdict}}', claims)).toBe('**The event loop is blocked** (`event-loop-blocked`) then **Healthy** (`healthy`)');
    expect(fillPlaceholders('{{ slow.culprit }}', claims)).toBe('`computeReport` or `getReport`');
    expect(fillPlaceholders('{{slow.figure.1}}; {{slow.figure.2}}; {{fixed.figure.1}}', claims)).toBe('at least 20 ms; at least 10 %; at most 20 ms');
    expect(boundWords({ series: 'memory.afterLoad', label: 'kept per second of load', min: 0.25, max: 4 })).toBe('between 0.25 and 4 MB/s');
    // The delay series holds a delay, a count of windows and a share of windows: the label decides.
    expect(boundWords({ series: 'delay.p99', label: 'median of windows', max: 20 })).toBe('at most 20 ms');
    expect(boundWords({ series: 'delay.p99', label: 'windows in which the loop completed no turn', min: 1 })).toBe('at least 1 window');
    expect(boundWords({ series: 'delay.p99', label: 'windows with delay p99', min: 50 })).toBe('at least 50 %');
  });

  it('the rule: a text names a finding or the culprit only through a placeholder, and every placeholder resolves', () => {
    expect(placeholderProblems('The loop is busy: {{slow.verdict}}, in {{slow.culprit}}; healthy servers do not do that.', claims)).toEqual([]);
    expect(placeholderProblems('The verdict is event-loop-blocked.', claims)).toEqual(['names the finding "event-loop-blocked" outside a placeholder']);
    expect(placeholderProblems('The verdict turns healthy.', claims)).toEqual(['names the finding "healthy" outside a placeholder']);
    expect(placeholderProblems('Cache what `getReport()` returns.', claims)).toEqual(['names the culprit "getReport" outside a placeholder']);
    expect(placeholderProblems('{{slow.figure.3}} and {{slow.answer}}', claims)).toEqual(['{{slow.figure.3}} names a claim the lab does not make', 'unknown placeholder {{slow.answer}}']);
    expect(placeholderProblems('{{fixed.culprit}}', claims)).toEqual(['{{fixed.culprit}} names a claim the lab does not make']);
  });

  it('a stage between the slow code and the solution has claims of its own, counted from 1', () => {
    const staged: LabClaims = { ...claims, stages: [{ verdict: 'hot-path', culprit: 'computeEtag', figures: [] }] };
    expect(fillPlaceholders('After stage one: {{stage1.verdict}}, in {{stage1.culprit}}.', staged)).toBe('After stage one: **Requests spend their time in one function** (`hot-path`), in `computeEtag`.');
    expect(placeholderProblems('Then computeEtag takes the time.', staged)).toEqual(['names the culprit "computeEtag" outside a placeholder']);
    expect(placeholderProblems('{{stage2.verdict}}', staged)).toEqual(['{{stage2.verdict}} names a claim the lab does not make']);
    expect(placeholderProblems('{{stage1.verdict}}', claims)).toEqual(['{{stage1.verdict}} names a claim the lab does not make']);
  });
});

describe('checks', () => {
  const run: Measured = {
    verdict: 'healthy',
    evidence: [
      { label: 'Event-loop delay p99 (median of windows)', value: 35, unit: 'ms', series: 'delay.p99' },
      { label: 'Windows in which the loop completed no turn', value: 0, unit: 'windows', series: 'delay.p99' },
    ],
    culprits: [['handle'], ['(anonymous)', 'computeReport']],
  };

  it('a figure holds when an evidence of that series (and label) is within the bounds', () => {
    const [delay] = checkFigures(run, [{ series: 'delay.p99', max: 20 }]);
    // The second delay.p99 evidence (0 windows) is within "at most 20": any matching evidence may hold the claim.
    expect(delay).toMatchObject({ passed: true, value: 0 });
    const [labelled] = checkFigures(run, [{ series: 'delay.p99', label: 'EVENT-LOOP DELAY', max: 20 }]);
    expect(labelled).toMatchObject({ passed: false, value: 35, unit: 'ms', bound: 'at most 20 ms' });
    const [missing] = checkFigures(run, [{ series: 'io.wait', min: 1 }]);
    expect(missing!.passed).toBe(false);
    expect(missing!.value).toBeUndefined();
  });

  it('a check passes on the verdict and every figure, and says what is missing when it does not', () => {
    const failed = judge(run, { verdict: 'healthy', figures: [{ series: 'delay.p99', label: 'event-loop delay', max: 20 }] }, 's1', 'now');
    expect(failed).toMatchObject({ passed: false, verdict: { passed: true }, sessionId: 's1' });
    expect(failed.message).toContain('should be at most 20 ms (measured 35 ms)');
    const wrongVerdict = judge({ ...run, verdict: 'gc-pressure' }, { verdict: 'healthy', figures: [] }, 's2');
    expect(wrongVerdict.message).toContain('the verdict is gc-pressure');
    expect(judge(run, { verdict: 'healthy', figures: [{ series: 'delay.p99', label: 'event-loop delay', max: 50 }] }, 's3').passed).toBe(true);
  });

  it('the culprit step accepts any fair alternative, and nothing else', () => {
    expect(judgeCulprit('computeReport|getReport', 'getReport').correct).toBe(true);
    expect(judgeCulprit('computeReport|getReport', 'sendJson').correct).toBe(false);
    expect(judgeCulprit(undefined, 'handle').correct).toBe(false);
  });

  it('a start-up checkup reads as slow-startup while Checkup advises deferring a package, the costliest first', () => {
    const result = {
      readyMs: { median: 210, min: 200, max: 240 },
      packages: [
        { name: 'pdf-report', totalMs: 90, selfMs: 80, modules: 21, direct: true },
        { name: 'geo-index', totalMs: 25, selfMs: 20, modules: 9, direct: true },
      ],
      advice: [{ kind: 'lazy-load', package: 'geo-index', measured: false, title: '', detail: '' }, { kind: 'lazy-load', package: 'pdf-report', measured: false, title: '', detail: '' }],
    } as unknown as StartupResult;
    const m = fromStartup(result);
    expect(m.verdict).toBe('slow-startup');
    expect(m.culprits).toEqual([['pdf-report'], ['geo-index']]);
    expect(checkFigures(m, [{ series: 'startup.package', label: 'pdf-report', min: 30 }])[0]!.passed).toBe(true);
    expect(fromStartup({ ...result, advice: [] }).verdict).toBe('healthy');
  });
});
