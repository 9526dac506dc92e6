import { describe, expect, it } from 'vitest';
import { hotFunctions, summarizeProfile } from '../../../app/diagnosis/profile-summary.js';
import { frameCosts } from '../../../app/profile/model/frame-costs.js';
import { ProfileBuilder } from '../../../app/profile/model/builder.js';
import { ROOT } from '../../../app/profile/model/profile.js';
import { cpuProfile } from './synthetic.js';

const NM = 'file:///srv/app/node_modules';

describe('summarizeProfile', () => {
  const p = cpuProfile([
    [['main@file:///srv/app/main.js:1', `handle@${NM}/express/lib/router/layer.js:95`, 'emit@node:events:517'], 2000],
    [['main@file:///srv/app/main.js:1', `handle@${NM}/express/lib/router/layer.js:95`, `merge@${NM}/@scope/deep/node_modules/lodash/lodash.js:10`], 3000],
    [['main@file:///srv/app/main.js:1', 'compute@file:///srv/app/calc.js:7'], 4000],
    [['(garbage collector)'], 1000],
  ]);
  const s = summarizeProfile(p, 'cpuprofile', { top: 3, adviceText: (id) => ({ title: `T ${id}`, text: 'x' }) });

  it('reports times in ms and shares of the whole', () => {
    expect(s.unit).toBe('milliseconds');
    expect(s.durationMs).toBe(10);
    expect(s.samples).toBe(4);
    expect(s.topFunctions[0]).toMatchObject({ functionName: 'compute', selfMs: 4, totalMs: 4, selfPercent: 40, totalPercent: 40, line: 7, category: 'app' });
  });

  it('lists the top by self time plus whatever else is in the top by total time', () => {
    // Top 3 by self: compute, merge, emit; top 3 by total adds main (90%) and handle (50%).
    expect(s.topFunctions.map((h) => h.functionName)).toEqual(['compute', 'merge', 'emit', 'main', 'handle']);
    expect(s.topFunctions.find((h) => h.functionName === 'main')).toMatchObject({ selfPercent: 0, totalPercent: 90 });
  });

  it('rolls self time up by category, innermost npm package and file', () => {
    expect(s.categories).toEqual([
      { name: 'app', selfMs: 4, percent: 40 },
      { name: 'dependency', selfMs: 3, percent: 30 },
      { name: 'node-core', selfMs: 2, percent: 20 },
      { name: 'gc', selfMs: 1, percent: 10 },
    ]);
    expect(s.packages).toEqual([{ name: 'lodash', selfMs: 3, percent: 30 }]);
    expect(s.files[0]).toEqual({ name: 'file:///srv/app/calc.js', selfMs: 4, percent: 40 });
    expect(s.files).toHaveLength(3);
  });

  it('merges one function reached from several stacks', () => {
    const q = cpuProfile([
      [['a@file:///x.js:1', 'util@file:///u.js:5'], 10],
      [['b@file:///x.js:9', 'util@file:///u.js:5'], 30],
      [['b@file:///x.js:9', 'util@file:///u.js:6'], 5],
    ]);
    const hot = hotFunctions(q, frameCosts(q), 10);
    expect(hot.filter((h) => h.functionName === 'util').map((h) => [h.line, h.selfMs * 1000])).toEqual([
      [5, 40],
      [6, 5],
    ]);
  });

  it('summarises a heap profile in bytes', () => {
    const b = new ProfileBuilder('heap', 'bytes');
    const main = b.child(ROOT, b.frame({ functionName: 'main', url: 'file:///a.js', line: 1 }));
    b.addSelf(b.child(main, b.frame({ functionName: 'alloc', url: `${NM}/buf/i.js`, line: 2 })), 3000);
    b.addSelf(main, 1000);
    b.countSamples(2);
    const h = summarizeProfile(b.build(), 'heapprofile');
    expect(h).toMatchObject({ unit: 'bytes', durationMs: 0, samples: 2, advice: [] });
    expect(h.topFunctions[0]).toMatchObject({ functionName: 'alloc', selfMs: 3000, selfPercent: 75, package: 'buf' });
    expect(h.packages).toEqual([{ name: 'buf', selfMs: 3000, percent: 75 }]);
  });

  it('attaches advice text to hotspot matches', () => {
    const q = cpuProfile([
      [['(garbage collector)'], 500],
      [['main@file:///a.js:1'], 500],
    ]);
    const sum = summarizeProfile(q, 'cpuprofile', { adviceText: (id) => ({ title: `Title of ${id}`, text: 'Do this.' }), warnings: ['file warning'] });
    expect(sum.advice).toEqual([{ id: 'gc-share', title: 'Title of gc-share', text: 'Do this.', percent: 50, frames: [expect.objectContaining({ functionName: '(garbage collector)', category: 'gc' })] }]);
    expect(sum.warnings).toEqual(['file warning']);
    // The default reads the bundled content file.
    expect(summarizeProfile(q, 'cpuprofile').advice[0]!.title).toMatch(/garbage collection/);
  });
});
