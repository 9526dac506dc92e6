import { describe, expect, it } from 'vitest';
import { calledAppFunctions, cpuEvidence, profileCulprits } from '../../../app/diagnosis/profile-evidence.js';
import { APP, cpuProfile, HTTP } from '../profile/synthetic.js';

describe('culprits from a profile', () => {
  const p = cpuProfile([
    [[...HTTP, `handle@${APP}/a.js:1`, `computeReport@${APP}/a.js:12`, 'pbkdf2Sync@node:internal/crypto/pbkdf2:10', '(program)'], 600],
    [[...HTTP, `handle@${APP}/a.js:1`, `computeReport@${APP}/a.js:12`], 200],
    [[...HTTP, `handle@${APP}/a.js:1`], 50],
    [[...HTTP, `query@${APP}/node_modules/pg/lib/client.js:40`, 'write@node:net:900'], 100],
    [[...HTTP], 30],
    [['(idle)'], 800],
    [['(garbage collector)'], 220],
    [[`tick@${APP}/probe.cjs:3`, `sendJson@${APP}/a.js:30`], 5],
  ]);

  it('charges Node core and native time to the nearest app frame above it', () => {
    const culprits = profileCulprits(p, 'cpu');
    expect(culprits[0]).toMatchObject({ functionName: 'computeReport', line: 12, category: 'app', measure: 'cpu' });
    // 800 µs of 2005 µs in all.
    expect(culprits[0]!.selfPercent).toBeCloseTo(39.9, 1);
    expect(culprits[0]!.totalPercent).toBeCloseTo(39.9, 1);
    expect(culprits.find((c) => c.functionName === 'handle')!.totalPercent).toBeCloseTo(42.4, 1);
  });

  it('stacks without app code are charged to their dependency, with the package named', () => {
    expect(profileCulprits(p, 'cpu').find((c) => c.functionName === 'query')).toMatchObject({ category: 'dependency', package: 'pg' });
  });

  it('ignores our own frames (the probe) as owners', () => {
    const names = profileCulprits(p, 'cpu', { ignoreUrls: new Set([`${APP}/probe.cjs`]) }).map((c) => c.functionName);
    expect(names).not.toContain('tick');
    expect(names).toContain('sendJson');
  });

  it('reports idle and GC shares', () => {
    const e = cpuEvidence(p);
    expect(e.idlePercent).toBeCloseTo(39.9, 1);
    expect(e.gcPercent).toBeCloseTo(11, 1);
  });

  it('lists the app functions a culprit calls (candidates for inlined allocation)', () => {
    expect(calledAppFunctions(p, { functionName: 'handle', url: `${APP}/a.js`, line: 1 }).map((f) => f.functionName)).toEqual(['computeReport']);
    expect(calledAppFunctions(p, { functionName: 'computeReport', url: `${APP}/a.js`, line: 12 })).toEqual([]);
  });
});

describe('anonymous culprits', () => {
  it('are named by the named function that called them', () => {
    const p = cpuProfile([
      [[...HTTP, `orderStats@${APP}/a.js:24`, 'map', `(anonymous)@${APP}/a.js:29`], 500],
      [[...HTTP, `orderStats@${APP}/a.js:24`], 100],
    ]);
    const top = profileCulprits(p, 'cpu')[0]!;
    expect(top).toMatchObject({ functionName: '(anonymous)', line: 29, calledFrom: 'orderStats' });
    expect(profileCulprits(p, 'cpu')[1]!.calledFrom).toBeUndefined();
  });
});

describe('synchronous stretches on a busy machine', () => {
  const idleFor = (n: number): Array<[string[], number]> => Array.from({ length: n }, () => [['(idle)'], 1000]);
  const jsFor = (n: number, us = 1000): Array<[string[], number]> => Array.from({ length: n }, () => [[...HTTP, `handle@${APP}/a.js:1`], us]);

  it('a run of samples at the profiler interval is as long as it lasted', () => {
    const p = cpuProfile([...idleFor(200), ...jsFor(60), ...idleFor(200)]);
    expect(cpuEvidence(p).stretches).toMatchObject({ longestMs: 60, longCount: 1 });
  });

  it('a gap of 100 intervals inside a short run (the OS did not run the app) counts as a few intervals, not as 100 ms of JavaScript', () => {
    const p = cpuProfile([...idleFor(200), ...jsFor(3), ...jsFor(1, 100_000), ...jsFor(2), ...idleFor(200)]);
    const stretches = cpuEvidence(p).stretches!;
    expect(stretches.longestMs).toBeLessThan(10);
    expect(stretches.longCount).toBe(0);
  });
});
