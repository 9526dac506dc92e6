// Model -> exported .cpuprofile / speedscope JSON -> import again gives the same hot functions.
import { describe, expect, it } from 'vitest';
import type { ProfileFormat } from '../../../app/contract/profile.js';
import { summarizeProfile } from '../../../app/diagnosis/profile-summary.js';
import { importProfile } from '../../../app/profile/import/import-profile.js';
import { toCpuProfile, toSpeedscope } from '../../../app/profile/model/export.js';
import type { Profile } from '../../../app/profile/model/profile.js';
import { profileFixture } from '../../helpers/fixtures.js';

function hot(p: Profile, format: ProfileFormat) {
  return summarizeProfile(p, format, { top: 50 }).topFunctions.map((h) => ({
    fn: `${h.functionName} ${h.url}:${h.line}:${h.column} ${h.category} ${h.package ?? ''}`,
    self: Math.round(h.selfMs * 1000),
    total: Math.round(h.totalMs * 1000),
  }));
}

async function reimport(json: unknown, name: string) {
  return importProfile({ name, data: JSON.stringify(json) });
}

describe('export and re-import', () => {
  it.each(['node/20.20/cpu-prof.cpuprofile', 'chrome/65/simple.cpuprofile', 'chrome/69/performance-trace.json', 'node/10.11/example.cpuprofile'])(
    '%s survives a .cpuprofile round trip',
    async (rel) => {
      const first = await importProfile({ path: profileFixture(rel) });
      const original = first.profiles[0]!;
      const again = await reimport(toCpuProfile(original), 'again.cpuprofile');
      expect(again.format).toBe('cpuprofile');
      const copy = again.profiles[0]!;
      expect(copy.sampleCount).toBe(original.sampleCount);
      // .cpuprofile time deltas are whole microseconds: a fractional last interval may move by less than 1 µs.
      expect(Math.abs(copy.totalWeight - original.totalWeight)).toBeLessThanOrEqual(1);
      const [a, b] = [hot(copy, 'cpuprofile'), hot(original, 'cpuprofile')];
      expect(a.map((h) => h.fn)).toEqual(b.map((h) => h.fn));
      a.forEach((h, i) => {
        expect(Math.abs(h.self - b[i]!.self), h.fn).toBeLessThanOrEqual(1);
        expect(Math.abs(h.total - b[i]!.total), h.fn).toBeLessThanOrEqual(1);
      });
    },
  );

  it.each([
    'node/20.20/cpu-prof.cpuprofile',
    'node/20.20/heap-prof.heapprofile',
    'node/10.11/heap.heapprofile',
    'speedscope/0.6.0/two-sampled.speedscope.json',
    'speedscope/0.0.1/simple.speedscope.json',
    'trace-event/unversioned/simple-partial.json',
  ])('%s survives a speedscope round trip', async (rel) => {
    const first = await importProfile({ path: profileFixture(rel) });
    for (const original of first.profiles) {
      const again = await reimport(toSpeedscope(original), 'again.json');
      expect(again.format).toBe('speedscope');
      const copy = again.profiles[0]!;
      expect(copy.unit).toBe(original.unit);
      expect(copy.totalWeight).toBeCloseTo(original.totalWeight, 6);
      expect(hot(copy, 'speedscope')).toEqual(hot(original, 'speedscope'));
    }
  });
});
