import { describe, expect, it } from 'vitest';
import { diffTree } from '../../../app/compare/diff-tree.js';
import { functionDeltas } from '../../../app/compare/function-deltas.js';
import { APP, cpuProfile, HTTP } from '../profile/synthetic.js';

describe('per-function deltas', () => {
  it('matches a function whose line moved, and sorts by the size of the change', () => {
    const before = cpuProfile([
      [[...HTTP, `handle@${APP}/a.js:10`, `slowPart@${APP}/a.js:20`], 800],
      [[...HTTP, `handle@${APP}/a.js:10`], 200],
    ]);
    const after = cpuProfile([
      [[...HTTP, `handle@${APP}/a.js:14`, `slowPart@${APP}/a.js:24`], 100],
      [[...HTTP, `handle@${APP}/a.js:14`], 200],
      [['(idle)'], 700],
    ]);
    const d = functionDeltas(before, after);
    expect(d[0]).toMatchObject({ functionName: 'slowPart', line: 24, lineBefore: 20, selfBefore: 80, selfAfter: 10, delta: -70, change: 'faster' });
    expect(d.find((f) => f.functionName === 'handle')).toMatchObject({ selfBefore: 20, selfAfter: 20, delta: 0, change: 'same' });
    expect(d.some((f) => f.functionName === '(idle)')).toBe(false);
  });

  it('pairs several anonymous functions in one file by nearest line', () => {
    const before = cpuProfile([
      [[`(anonymous)@${APP}/a.js:5`], 500],
      [[`(anonymous)@${APP}/a.js:50`], 500],
    ]);
    const after = cpuProfile([
      [[`(anonymous)@${APP}/a.js:7`], 900],
      [[`(anonymous)@${APP}/a.js:52`], 100],
    ]);
    const d = functionDeltas(before, after);
    expect(d.map((f) => [f.line, f.lineBefore, f.delta])).toEqual([[7, 5, 40], [52, 50, -40]]);
  });

  it('pairs a named function that moved to another file of the same folder, when it is the only candidate', () => {
    const before = cpuProfile([[[`getReport@${APP}/slow.js:28`], 1000]]);
    const after = cpuProfile([[[`getReport@${APP}/fixed.js:32`], 1000]]);
    expect(functionDeltas(before, after)).toEqual([expect.objectContaining({ functionName: 'getReport', url: `${APP}/fixed.js`, selfBefore: 100, selfAfter: 100, delta: 0 })]);
  });

  it('sorts by time per request when both runs have load: a faster server spends a larger share in what is left', () => {
    const before = cpuProfile([
      [[`compute@${APP}/a.js:1`], 900],
      [[`write@node:net:1`], 100],
    ]);
    const after = cpuProfile([[[`write@node:net:1`], 500], [['(idle)'], 500]]);
    const d = functionDeltas(before, after, { requestsBefore: 10, requestsAfter: 100 });
    expect(d[0]).toMatchObject({ functionName: 'compute', perRequestUsBefore: 90, perRequestUsAfter: 0, deltaPerRequestUs: -90 });
    // write's share grew from 10 % to 50 %, yet per request it went from 10 µs to 5 µs.
    expect(d[1]).toMatchObject({ functionName: 'write', delta: 40, deltaPerRequestUs: -5, change: 'faster' });
  });

  it('calls a change below the noise floor the same: 0.5 µs per request, or 0.05 points of the profile', () => {
    // 1,000 µs profiles; 100 requests before and after: 1 % of the profile is 0.1 µs per request.
    const before = cpuProfile([[[`a@${APP}/a.js:1`], 500], [[`b@${APP}/a.js:2`], 500]]);
    const after = cpuProfile([[[`a@${APP}/a.js:1`], 530], [[`b@${APP}/a.js:2`], 470]]);
    const perRequest = functionDeltas(before, after, { requestsBefore: 100, requestsAfter: 100 });
    expect(perRequest.map((f) => [f.functionName, f.deltaPerRequestUs, f.change])).toEqual([['a', 0.3, 'same'], ['b', -0.3, 'same']]);
    const shares = functionDeltas(before, after);
    expect(shares.map((f) => [f.functionName, f.delta, f.change])).toEqual([['a', 3, 'slower'], ['b', -3, 'faster']]);
  });
});

describe('diff tree', () => {
  it('merges both call trees with the shares of each', () => {
    const before = cpuProfile([[[`a@${APP}/x.js:1`, `b@${APP}/x.js:2`], 600], [[`a@${APP}/x.js:1`], 400]]);
    const after = cpuProfile([[[`a@${APP}/x.js:1`, `c@${APP}/x.js:3`], 500], [[`a@${APP}/x.js:1`], 500]]);
    const t = diffTree(before, after);
    const a = t.children[0]!;
    expect(a).toMatchObject({ name: 'a', before: 100, after: 100, selfBefore: 40, selfAfter: 50 });
    expect(a.children.map((c) => [c.name, c.before, c.after])).toEqual([['b', 60, 0], ['c', 0, 50]]);
  });
});
