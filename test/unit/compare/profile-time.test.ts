// Two real profiles of the blocking lab (recorded by `checkup run --demo blocking`, slow then fixed, on a busy
// 2-core machine: test/fixtures/profiles/compare/, with each run's request count) compared as files: time is
// compared, not shares, and nothing is called slower whose own time did not grow beyond sampling noise.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { beyondSamplingNoise, functionDeltas } from '../../../app/compare/function-deltas.js';
import { compareProfiles, type ProfileSide } from '../../../app/compare/profiles.js';
import { functionBasisWords } from '../../../app/contract/words.js';
import { rootDir } from '../../../app/paths.js';
import { importProfile } from '../../../app/profile/import/index.js';

const DIR = join(rootDir, 'test', 'fixtures', 'profiles', 'compare');

async function side(variant: 'slow' | 'fixed', withRequests: boolean): Promise<ProfileSide> {
  const result = await importProfile({ path: join(DIR, `blocking-${variant}`, 'profile.cpuprofile') });
  const { requestsTotal } = JSON.parse(readFileSync(join(DIR, `blocking-${variant}`, 'requests.json'), 'utf8')) as { requestsTotal: number };
  return { profile: result.profiles[0]!, title: variant, format: result.format, ...(withRequests ? { requests: requestsTotal } : {}) };
}

describe('comparing two profile files', () => {
  it('per second of profile: the fixed function is faster, and every function called slower grew beyond its sampling noise', async () => {
    const [slow, fixed] = [await side('slow', false), await side('fixed', false)];
    const c = compareProfiles(slow, fixed);
    const compute = c.functions.find((f) => f.functionName === 'computeReport')!;
    expect(compute.change).toBe('faster');
    expect(compute.deltaMsPerSecond).toBeLessThan(0);
    expect(compute.msPerSecondBefore).toBeGreaterThan(compute.msPerSecondAfter!);
    // Time per second, not shares: the per-second figure is the profile's self time over its own length.
    const seconds = slow.profile.durationUs / 1e6;
    expect(compute.msPerSecondBefore).toBeCloseTo(((compute.selfBefore / 100) * slow.profile.totalWeight) / 1000 / seconds, 0);
    for (const f of c.functions.filter((x) => x.change === 'slower')) {
      const n = (share: number, p: ProfileSide) => (share / 100) * p.profile.sampleCount;
      expect(beyondSamplingNoise(n(f.selfBefore, slow), slow.profile.durationUs, n(f.selfAfter, fixed), fixed.profile.durationUs), f.functionName).toBe(true);
    }
    // The reader is told what per second means when the server served more requests.
    expect(c.warnings.join(' ')).toMatch(/per second of profile/);
    // The line above the lists says the same basis, never "share of its own profile".
    expect(functionBasisWords(c.functions)).toMatch(/^Each function's self time per second of profile/);
  });

  it('per request, when both profiles carry their request counts: after a 100x speed-up no Node internal is called slower', async () => {
    const [slow, fixed] = [await side('slow', true), await side('fixed', true)];
    const c = compareProfiles(slow, fixed);
    expect(c.functions.every((f) => f.deltaPerRequestUs !== undefined)).toBe(true);
    expect(c.functions.find((f) => f.functionName === 'computeReport')?.change).toBe('faster');
    const slower = c.functions.filter((f) => f.change === 'slower');
    expect(slower.filter((f) => f.category === 'node-core' || f.category === 'native' || f.category === 'v8').map((f) => f.functionName)).toEqual([]);
    expect(c.before.requests).toBe(22);
    expect(functionBasisWords(c.functions)).toMatch(/^Each function's self time per request/);
  });

  it('a profile against itself: nothing faster, nothing slower', async () => {
    const fixed = await side('fixed', false);
    expect(functionDeltas(fixed.profile, fixed.profile, { perSecond: true, samplingNoise: true }).filter((f) => f.change !== 'same')).toEqual([]);
  });

  it('sampling noise: a function seen 0 times in 22 requests and 200 times in 2,400 has not grown per request', () => {
    expect(beyondSamplingNoise(0, 22, 200, 2400)).toBe(false);
    expect(beyondSamplingNoise(20, 22, 200, 2400)).toBe(true);
    expect(beyondSamplingNoise(100, 4, 300, 4)).toBe(true);
    expect(beyondSamplingNoise(100, 4, 110, 4)).toBe(false);
  });
});
