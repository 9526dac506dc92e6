// Every JSON fixture (the V8 logs need a child process: test/integration/profile/v8-log.test.ts) imports with the
// expected format and figures, or is refused with the expected coded error. Expected figures were computed from the
// files themselves with an independent script (Python, summing timeDeltas per node): sample i lasts until sample i+1.
import { describe, expect, it } from 'vitest';
import { summarizeProfile } from '../../../app/diagnosis/profile-summary.js';
import { importProfile } from '../../../app/profile/import/import-profile.js';
import { CheckupError } from '../../../app/errors.js';
import { profileFixture } from '../../helpers/fixtures.js';

async function open(rel: string) {
  const result = await importProfile({ path: profileFixture(rel) });
  const summaries = result.profiles.map((p) => summarizeProfile(p, result.format, { top: 10 }));
  return { result, summaries };
}

const names = (s: { topFunctions: Array<{ functionName: string }> }, n: number) => s.topFunctions.slice(0, n).map((h) => h.functionName);

describe('profile fixtures', () => {
  it('node/20.20/cpu-prof.cpuprofile: sortRandom and its comparator, then buildStrings and GC', async () => {
    const { result, summaries } = await open('node/20.20/cpu-prof.cpuprofile');
    const s = summaries[0]!;
    expect(result.format).toBe('cpuprofile');
    expect(s.samples).toBe(1279);
    expect(s.durationMs).toBeCloseTo((2116626771 - 2115110726) / 1000, 3);
    const [first, second, ...rest] = s.topFunctions;
    expect(first).toMatchObject({ functionName: 'sortRandom', url: 'file:///srv/app/busy.js', line: 6, category: 'app' });
    expect(second).toMatchObject({ functionName: '(anonymous)', url: 'file:///srv/app/busy.js', line: 6, column: 91 });
    // The README ranks buildStrings before GC; by sampled time GC is a hair ahead (111.3 ms vs 106.4 ms).
    expect(rest.slice(0, 2).map((h) => h.functionName).sort()).toEqual(['(garbage collector)', 'buildStrings']);
    expect(first!.selfMs).toBeCloseTo(804.024, 3);
    expect(second!.selfMs).toBeCloseTo(392.025, 3);
    expect(s.topFunctions.find((h) => h.functionName === 'buildStrings')!.selfMs).toBeCloseTo(106.438, 3);
    expect(s.topFunctions.find((h) => h.functionName === '(garbage collector)')).toMatchObject({ category: 'gc', selfMs: 111.266 });
    expect(s.categories[0]).toMatchObject({ name: 'app' });
    expect(s.files[0]).toMatchObject({ name: 'file:///srv/app/busy.js' });
    expect(s.warnings).toEqual([]);
  });

  it('node/20.20/heap-prof.heapprofile: allocation by function, in bytes', async () => {
    const { result, summaries } = await open('node/20.20/heap-prof.heapprofile');
    const s = summaries[0]!;
    expect(result.format).toBe('heapprofile');
    expect(s.unit).toBe('bytes');
    expect(s.samples).toBe(6);
    expect(result.profiles[0]!.totalWeight).toBe(3147288);
    expect(s.topFunctions[0]).toMatchObject({ functionName: 'compileForInternalLoader', url: 'node:internal/bootstrap/realm', line: 383, selfMs: 1049656, category: 'node-core' });
    expect(s.advice).toEqual([]);
  });

  it('node/10.11/heap.heapprofile: allocation by function and by npm package', async () => {
    const { result, summaries } = await open('node/10.11/heap.heapprofile');
    const s = summaries[0]!;
    expect(result.profiles[0]!.totalWeight).toBe(525704);
    expect(s.topFunctions[0]).toMatchObject({ functionName: 'pmessageHandler', package: 'node-redis-pubsub', selfMs: 164072, category: 'dependency' });
    expect(s.topFunctions[1]).toMatchObject({ functionName: 'cloneArray', package: 'mongoose', selfMs: 65568 });
    expect(s.packages.map((p) => p.name)).toContain('mongoose');
  });

  it('node/10.11/example.cpuprofile (old layout: head tree + timestamps)', async () => {
    const { result, summaries } = await open('node/10.11/example.cpuprofile');
    expect(result.format).toBe('cpuprofile');
    expect(summaries[0]!.samples).toBe(29);
    expect(names(summaries[0]!, 1)).toEqual(['d']);
    // 29 samples, 30 timestamps: every sample is timed by its successor's timestamp.
    expect(result.profiles[0]!.totalWeight).toBe(163140645206 - 163140599286);
  });

  it('chrome/65/simple.cpuprofile', async () => {
    const { result, summaries } = await open('chrome/65/simple.cpuprofile');
    const s = summaries[0]!;
    expect(s.samples).toBe(29);
    // d (two call sites, one function) gets every sample but the first; the last lasts until endTime.
    expect(s.topFunctions[0]).toMatchObject({ functionName: 'd', line: 14, category: 'app', selfMs: (33285 + 1972) / 1000 });
    expect(result.profiles[0]!.totalWeight).toBe(34345 + 1972);
  });

  it('chrome/69/performance-trace.json: the ProfileChunks of one thread', async () => {
    const { result, summaries } = await open('chrome/69/performance-trace.json');
    expect(result.format).toBe('chrome-trace');
    expect(result.profiles).toHaveLength(1);
    const s = summaries[0]!;
    expect(s.samples).toBe(2051);
    expect(names(s, 6)).toEqual(['(idle)', 'gamma', 'beta', 'delta', '(program)', 'alpha']);
    expect(s.topFunctions[1]!.selfMs).toBeCloseTo(20.018, 3);
    // The trace has no endTime: the last sample, (idle), counts as the mean interval (134.85 µs).
    expect(s.categories.find((c) => c.name === 'idle')!.selfMs).toBeCloseTo(232.704 + 0.13485, 3);
  });

  it('speedscope/0.0.1/simple.speedscope.json (evented, unit none)', async () => {
    const { result } = await open('speedscope/0.0.1/simple.speedscope.json');
    const p = result.profiles[0]!;
    expect(result.format).toBe('speedscope');
    expect(p.name).toBe('simple.txt');
    const s = summarizeProfile(p, 'speedscope');
    const self = Object.fromEntries(s.topFunctions.map((h) => [h.functionName, [h.selfMs * 1000, h.totalMs * 1000]]));
    // speedscope's own snapshot: a;b;c 2, a;b;d 4, a;b;c 3, a;b 5.
    expect(self).toEqual({ a: [0, 14], b: [5, 14], c: [5, 5], d: [4, 4] });
    expect(result.warnings).toEqual(['Profile 1 has no unit; its values are shown as microseconds.']);
  });

  it('speedscope/0.6.0/two-sampled.speedscope.json (two sampled profiles, seconds)', async () => {
    const { result } = await open('speedscope/0.6.0/two-sampled.speedscope.json');
    expect(result.profiles.map((p) => p.name)).toEqual(['one', 'two']);
    for (const p of result.profiles) {
      expect(p.totalWeight).toBe(14e6);
      expect(p.sampleCount).toBe(5);
    }
  });

  it('trace-event/unversioned/multi-thread-with-samples.json: one profile per thread', async () => {
    const { result } = await open('trace-event/unversioned/multi-thread-with-samples.json');
    expect(result.profiles.map((p) => p.name)).toEqual(['hermes (pid 7512), mqt_js (tid 1)', 'hermes (pid 7512, tid 2)']);
    const [t1, t2] = result.profiles.map((p) => summarizeProfile(p, 'chrome-trace'));
    expect(t1!.topFunctions.find((h) => h.functionName === 'function1')!.selfMs).toBeCloseTo(13.326, 3);
    expect(t1!.topFunctions.find((h) => h.functionName === '[GC Young Gen]')!.category).toBe('gc');
    expect(t2!.topFunctions.find((h) => h.functionName === 'function4')!.selfMs).toBeCloseTo(10, 3);
    expect(t2!.samples).toBe(5);
  });

  it('trace-event/unversioned/simple-with-samples.json: frame names carry their location', async () => {
    const { result } = await open('trace-event/unversioned/simple-with-samples.json');
    const s = summarizeProfile(result.profiles[0]!, 'chrome-trace');
    expect(s.samples).toBe(7);
    expect(s.topFunctions.find((h) => h.functionName === 'function3')).toMatchObject({ line: 17, column: 3, selfMs: 10.605 });
  });

  it('trace-event/unversioned/simple-partial.json: an unterminated event array imports with a warning', async () => {
    const { result } = await open('trace-event/unversioned/simple-partial.json');
    expect(result.warnings[0]).toMatch(/without its closing bracket/);
    const s = summarizeProfile(result.profiles[0]!, 'chrome-trace');
    const times = Object.fromEntries(s.topFunctions.map((h) => [h.functionName, [h.selfMs * 1000, h.totalMs * 1000]]));
    expect(times).toEqual({ alpha: [2, 14], beta: [3, 12], gamma: [5, 5], epsilon: [4, 4] });
  });

  it.each([
    ['speedscope/invalid/incomplete-trace.json', /frame "A" is opened but never closed/],
    ['speedscope/invalid/out-of-order-events.json', /closes frame "B" at 4, but the innermost open frame is "A"/],
  ])('%s is refused as malformed, like speedscope does', async (rel, detail) => {
    const err = await importProfile({ path: profileFixture(rel) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CheckupError);
    expect((err as CheckupError).code).toBe('CHK_PROFILE_MALFORMED');
    expect((err as CheckupError).message).toMatch(detail);
  });

  it('a missing file is CHK_FILE_NOT_FOUND; a folder holding no profile file itself is CHK_PROFILE_EMPTY', async () => {
    await expect(importProfile({ path: profileFixture('nope.cpuprofile') })).rejects.toMatchObject({ code: 'CHK_FILE_NOT_FOUND' });
    // node/ holds only version folders: a set is the files directly inside.
    await expect(importProfile({ path: profileFixture('node') })).rejects.toMatchObject({ code: 'CHK_PROFILE_EMPTY' });
  });

  it('recognises the format from the content, not the name', async () => {
    const { readFile } = await import('node:fs/promises');
    const data = await readFile(profileFixture('node/20.20/heap-prof.heapprofile'));
    const result = await importProfile({ name: 'misleading.cpuprofile', data });
    expect(result.format).toBe('heapprofile');
  });
});
