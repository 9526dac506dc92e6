// The hot-function figures of real profiles against a computation written here, from the raw JSON, by a different
// method: per sample, walk up its node's parents and credit each distinct function once (the summary instead sums
// node totals in a depth-first walk). Sample i lasts until sample i+1 (Chrome DevTools' convention); the last one
// until endTime.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { summarizeProfile } from '../../../app/diagnosis/profile-summary.js';
import { importProfile } from '../../../app/profile/import/import-profile.js';
import { profileFixture } from '../../helpers/fixtures.js';

interface RawNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

function independent(raw: { nodes: RawNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }) {
  const parent = new Map<number, number>();
  const byId = new Map(raw.nodes.map((n) => [n.id, n]));
  for (const n of raw.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = (id: number) => {
    const cf = byId.get(id)!.callFrame;
    return `${cf.functionName || '(anonymous)'}|${cf.url}|${cf.lineNumber + 1}|${cf.columnNumber + 1}`;
  };
  const counts = new Map<string, number>();
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  const n = raw.samples.length;
  const lastTime = raw.timeDeltas.reduce((a, b) => a + b, raw.startTime);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const w = i + 1 < n ? raw.timeDeltas[i + 1]! : raw.endTime - lastTime;
    sum += w;
    const id = raw.samples[i]!;
    add(counts, keyOf(id), 1);
    add(self, keyOf(id), w);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = keyOf(at);
      if (byId.get(at)!.callFrame.functionName === '(root)' || seen.has(k)) continue;
      seen.add(k);
      add(total, k, w);
    }
  }
  return { counts, self, total, sum };
}

describe.each(['node/20.20/cpu-prof.cpuprofile', 'chrome/65/simple.cpuprofile'])('%s against an independent computation', (rel) => {
  it('agrees on sample counts, self and total time of every function', async () => {
    const raw = JSON.parse(readFileSync(profileFixture(rel), 'utf8'));
    const expected = independent(raw);
    const { profiles, format } = await importProfile({ path: profileFixture(rel) });
    const profile = profiles[0]!;
    const summary = summarizeProfile(profile, format, { top: 1000 });

    expect(profile.totalWeight).toBe(expected.sum);
    expect(summary.samples).toBe(raw.samples.length);

    const counts = new Map<string, number>();
    for (const node of profile.timeline!.nodes) {
      const key = profile.frames[profile.nodeFrame[node]!]!.key;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts).toEqual(expected.counts);

    const keyOf = (h: { functionName: string; url: string; line: number; column: number }) => `${h.functionName}|${h.url}|${h.line}|${h.column}`;
    expect(summary.topFunctions).toHaveLength(expected.total.size);
    for (const h of summary.topFunctions) {
      const key = keyOf(h);
      expect(h.selfMs, key).toBeCloseTo((expected.self.get(key) ?? 0) / 1000, 6);
      expect(h.totalMs, key).toBeCloseTo(expected.total.get(key)! / 1000, 6);
      expect(h.selfPercent, key).toBeCloseTo((100 * (expected.self.get(key) ?? 0)) / expected.sum, 2);
      expect(h.totalPercent, key).toBeCloseTo((100 * expected.total.get(key)!) / expected.sum, 2);
    }
  });
});
