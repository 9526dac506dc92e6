import { describe, expect, it } from 'vitest';
import { hideCategories } from '../../../app/profile/model/hide-categories.js';
import { summarizeProfile } from '../../../app/diagnosis/profile-summary.js';
import { APP, cpuProfile, HTTP } from './synthetic.js';

const profile = () =>
  cpuProfile([
    [[...HTTP, `handle@${APP}/a.js:1`, 'pbkdf2Sync@node:internal/crypto/pbkdf2:10', 'PBKDF2Job'], 700],
    [[...HTTP, `handle@${APP}/a.js:1`, `render@${APP}/a.js:9`], 200],
    [[...HTTP, `handle@${APP}/a.js:1`, `stringify@${APP}/node_modules/fast-json/index.js:3`], 100],
  ]);

describe('hideCategories', () => {
  it('gives hidden frames\' time to their nearest visible caller and keeps the total', () => {
    const p = profile();
    const hidden = hideCategories(p, new Set(['node-core', 'native']));
    expect(hidden.totalWeight).toBe(p.totalWeight);
    const names = new Set(hidden.frames.map((f) => f.functionName));
    expect(names.has('pbkdf2Sync')).toBe(false);
    expect(names.has('emit')).toBe(false);
    const handle = summarizeProfile(hidden, 'cpuprofile').topFunctions.find((f) => f.functionName === 'handle')!;
    expect(handle.selfMs).toBeCloseTo(0.7, 5);
    expect(handle.totalMs).toBeCloseTo(1.0, 5);
  });

  it('keeps the timeline in step (same number of samples, same order)', () => {
    const p = profile();
    const hidden = hideCategories(p, new Set(['dependency']));
    expect(hidden.timeline!.nodes.length).toBe(p.timeline!.nodes.length);
    const leaf = (q: typeof p, i: number) => q.frames[q.nodeFrame[q.timeline!.nodes[i]!]!]?.functionName;
    expect([0, 1, 2].map((i) => leaf(hidden, i))).toEqual(['PBKDF2Job', 'render', 'handle']);
  });

  it('hiding nothing returns the same profile', () => {
    const p = profile();
    expect(hideCategories(p, new Set())).toBe(p);
  });
});

describe('focusOnFrame', async () => {
  const { focusOnFrame } = await import('../../../app/profile/model/focus-frame.js');
  it('keeps only stacks through the function, rooted at it', () => {
    const p = profile();
    const f = focusOnFrame(p, { functionName: 'render', url: `${APP}/a.js`, line: 9 })!;
    expect(f.totalWeight).toBe(200);
    expect(f.frames.map((x) => x.functionName)).toEqual(['render']);
    const h = focusOnFrame(p, { functionName: 'handle', url: `${APP}/a.js`, line: 1 })!;
    expect(h.totalWeight).toBe(1000);
    expect(h.frames.some((x) => x.functionName === 'emit')).toBe(false);
  });
  it('returns undefined for a function that is not in the profile', () => {
    expect(focusOnFrame(profile(), { functionName: 'nope', url: '', line: 0 })).toBeUndefined();
  });
});
