import { describe, expect, it } from 'vitest';
import { summarizeProfile } from '../../../app/diagnosis/profile-summary.js';
import { importProfile } from '../../../app/profile/import/import-profile.js';
import { ProfileBuilder } from '../../../app/profile/model/builder.js';
import { ROOT, type Profile } from '../../../app/profile/model/profile.js';
import { FLAME_DEFAULTS, reduceForFlame } from '../../../app/profile/reduce/reduce-for-flame.js';
import { profileFixture } from '../../helpers/fixtures.js';
import { seeded } from '../../../scripts/seeded.js';

/** A big random profile: a seeded tree of `nodes` nodes over 3000 functions, `samples` skewed samples. */
function bigProfile(nodes: number, samples: number, seed = 7): Profile {
  const rand = seeded(seed);
  const b = new ProfileBuilder('big', 'microseconds');
  const frames = Array.from({ length: 3000 }, (_, i) =>
    b.frame({ functionName: `fn${i}`, url: i % 3 === 0 ? `file:///srv/app/node_modules/pkg${i % 40}/lib/file${i % 97}.js` : `file:///srv/app/src/module${i % 211}.js`, line: 1 + (i % 500), column: 1 + (i % 17) }),
  );
  const ids: number[] = [ROOT];
  while (ids.length < nodes) ids.push(b.child(ids[Math.floor(rand() ** 0.5 * ids.length)]!, frames[Math.floor(rand() * frames.length)]!));
  b.reserveSamples(samples);
  let prev = ids[1]!;
  for (let i = 0; i < samples; i++) {
    if (rand() > 0.5) prev = ids[1 + Math.floor(rand() ** 4 * (ids.length - 1))]!;
    b.appendSample(prev, 900 + Math.floor(rand() * 250));
  }
  return b.build();
}

async function reimport(json: unknown) {
  return importProfile({ name: 'flame.json', data: JSON.stringify(json) });
}

describe('reduceForFlame', () => {
  it('brings a big profile under the budget, says what it did, and keeps its shape', async () => {
    const p = bigProfile(40_000, 1_500_000);
    const reduced = reduceForFlame(p);
    expect(reduced.format).toBe('cpuprofile');
    expect(reduced.bytes).toBeLessThanOrEqual(FLAME_DEFAULTS.maxBytes);
    expect(reduced.bytes).toBe(JSON.stringify(reduced.json).length);
    expect(reduced.notes.join('\n')).toContain(`Showing ${FLAME_DEFAULTS.maxNodes.toLocaleString('en-US')} of ${p.nodeCount.toLocaleString('en-US')} call-tree nodes`);
    expect(reduced.notes.join('\n')).toMatch(/1,500,000 samples are shown as [\d,]+: one sample every [\d.]+ ms of profile time/);
    expect(reduced.notes.at(-1)).toMatch(/approximate/);

    const again = (await reimport(reduced.json)).profiles[0]!;
    expect(again.nodeCount).toBeLessThanOrEqual(FLAME_DEFAULTS.maxNodes + 1);
    expect(again.sampleCount).toBeLessThanOrEqual(FLAME_DEFAULTS.maxSamples + 1);
    expect(again.totalWeight / p.totalWeight).toBeCloseTo(1, 3);
    // The heaviest functions stay the heaviest, with shares within a point (systematic sampling is unbiased).
    const before = summarizeProfile(p, 'cpuprofile', { top: 5 }).topFunctions;
    const after = summarizeProfile(again, 'cpuprofile', { top: 20 }).topFunctions;
    for (const h of before.slice(0, 3)) {
      const same = after.find((x) => x.functionName === h.functionName)!;
      expect(same, h.functionName).toBeDefined();
      expect(Math.abs(same.totalPercent - h.totalPercent), h.functionName).toBeLessThan(1);
    }
  });

  it('only merges identical neighbours of a small profile, keeping its figures exact', async () => {
    const original = (await importProfile({ path: profileFixture('node/20.20/cpu-prof.cpuprofile') })).profiles[0]!;
    const reduced = reduceForFlame(original);
    expect(reduced.notes[0]).toMatch(/^1,279 samples were merged into \d+ \(identical consecutive stacks\)\.$/);
    const again = (await reimport(reduced.json)).profiles[0]!;
    const pick = (p: Profile) => summarizeProfile(p, 'cpuprofile', { top: 8 }).topFunctions.map((h) => [h.functionName, h.line, h.selfMs, h.totalMs]);
    expect(pick(again)).toEqual(pick(original));
  });

  it('reduces a heap profile to a .heapprofile tree with the same allocation figures', async () => {
    const original = (await importProfile({ path: profileFixture('node/10.11/heap.heapprofile') })).profiles[0]!;
    const reduced = reduceForFlame(original);
    expect(reduced.format).toBe('heapprofile');
    const again = await reimport(reduced.json);
    expect(again.format).toBe('heapprofile');
    const pick = (p: Profile) => summarizeProfile(p, 'heapprofile', { top: 5 }).topFunctions.map((h) => [h.functionName, h.selfMs]);
    expect(pick(again.profiles[0]!)).toEqual(pick(original));
  });

  it('cuts very deep stacks at the maximum depth', async () => {
    const b = new ProfileBuilder('deep', 'microseconds');
    let node = ROOT;
    for (let i = 0; i < 2000; i++) node = b.child(node, b.frame({ functionName: `f${i % 5}`, url: 'file:///a.js', line: 1 + (i % 5) }));
    b.appendSample(node, 1000);
    const reduced = reduceForFlame(b.build(), { maxDepth: 300 });
    expect(reduced.notes).toContain('Stacks deeper than 300 frames were cut at that depth.');
    const again = (await reimport(reduced.json)).profiles[0]!;
    expect(Math.max(...again.nodeDepth)).toBe(300);
    expect(again.totalWeight).toBe(1000);
  });

  it('shrinks further when long URLs break a small budget', () => {
    const reduced = reduceForFlame(bigProfile(5000, 50_000, 3), { maxBytes: 60_000 });
    expect(reduced.bytes).toBeLessThanOrEqual(60_000);
  });
});
