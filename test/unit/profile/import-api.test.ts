import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CheckupError } from '../../../app/errors.js';
import { cpuProfileToModel } from '../../../app/profile/import/cpuprofile.js';
import { heapProfileToModel } from '../../../app/profile/import/heapprofile.js';
import { importProfile, type ImportProgress } from '../../../app/profile/import/import-profile.js';
import { profileFixture } from '../../helpers/fixtures.js';

const cpuText = readFileSync(profileFixture('node/20.20/cpu-prof.cpuprofile'), 'utf8');

async function codeOf(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CheckupError);
  return (err as CheckupError).code;
}

describe('importProfile', () => {
  it('takes a path, bytes or text, with the same result', async () => {
    const fromPath = await importProfile({ path: profileFixture('node/20.20/cpu-prof.cpuprofile') });
    const fromText = await importProfile({ name: 'x', data: cpuText });
    const fromBytes = await importProfile({ name: 'x', data: new TextEncoder().encode(cpuText) });
    for (const r of [fromText, fromBytes]) {
      expect(r.format).toBe('cpuprofile');
      expect(r.profiles[0]!.totalWeight).toBe(fromPath.profiles[0]!.totalWeight);
      expect(r.profiles[0]!.frames).toEqual(fromPath.profiles[0]!.frames);
    }
  });

  it('reports progress from 0 to 1 while it reads, then the build', async () => {
    const big = JSON.stringify({ ...JSON.parse(cpuText), pad: 'x'.repeat(3_000_000) });
    const seen: ImportProgress[] = [];
    await importProfile({ name: 'big', data: big }, { onProgress: (p) => seen.push(p) });
    const reads = seen.filter((p) => p.phase === 'read').map((p) => p.fraction);
    expect(reads.length).toBeGreaterThan(2);
    expect(reads).toEqual([...reads].sort((a, b) => a - b));
    expect(reads.at(-1)).toBe(1);
    expect(seen.at(-1)).toEqual({ phase: 'build', fraction: 1 });
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    const big = JSON.stringify({ ...JSON.parse(cpuText), pad: 'x'.repeat(8_000_000) });
    const pending = importProfile({ name: 'big', data: big }, { signal: controller.signal, onProgress: () => controller.abort() });
    expect(await codeOf(pending)).toBe('CHK_CANCELLED');
  });

  it.each([
    ['', 'CHK_PROFILE_EMPTY'],
    [' \n\t ', 'CHK_PROFILE_EMPTY'],
    ['hello, world', 'CHK_PROFILE_UNKNOWN_FORMAT'],
    ['{"some":"json"}', 'CHK_PROFILE_UNKNOWN_FORMAT'],
    ['[1,2,3]', 'CHK_PROFILE_UNKNOWN_FORMAT'],
    ['42', 'CHK_PROFILE_UNKNOWN_FORMAT'],
    ['{"a":1}garbage', 'CHK_PROFILE_MALFORMED'],
    ['{"nodes":[{"id":1,"callFrame":{"functionName":"(root)"}}],"samples":[],"timeDeltas":[]', 'CHK_PROFILE_TRUNCATED'],
    ['{"nodes":[{"id":1,"callFrame":{"functionName":"(root)"}}],"samples":[],"timeDeltas":[]}', 'CHK_PROFILE_NO_SAMPLES'],
    ['{"nodes":[{"id":1,"callFrame":{}},{"id":1,"callFrame":{}}],"samples":[1],"timeDeltas":[1]}', 'CHK_PROFILE_MALFORMED'],
    ['{"nodes":[{"id":1,"callFrame":{}}],"samples":[1,1],"timeDeltas":[1,1e300]}', 'CHK_PROFILE_MALFORMED'],
    ['{"nodes":[{"id":1,"callFrame":{}}],"samples":[7],"timeDeltas":[1]}', 'CHK_PROFILE_MALFORMED'],
    ['{"head":{"callFrame":{"functionName":"(root)"},"selfSize":0,"children":[]}}', 'CHK_PROFILE_NO_SAMPLES'],
    ['{"traceEvents":[{"ph":"M","name":"thread_name","pid":1,"tid":1,"args":{"name":"main"}}]}', 'CHK_PROFILE_NO_SAMPLES'],
  ])('%j is refused with %s', async (text, code) => {
    expect(await codeOf(importProfile({ name: 'bad', data: text }))).toBe(code);
  });

  it('refuses binary data, and nesting past the limit', async () => {
    const binary = Uint8Array.from({ length: 512 }, (_, i) => (i * 37 + 11) % 256);
    expect(await codeOf(importProfile({ name: 'bin', data: binary }))).toBe('CHK_PROFILE_UNKNOWN_FORMAT');
    expect(await codeOf(importProfile({ name: 'deep', data: '{"nodes":' + '['.repeat(50_000) }))).toBe('CHK_PROFILE_TOO_DEEP');
  });

  it('refuses a file over its size limit before reading it', async () => {
    const err = await importProfile({ path: profileFixture('node/20.20/cpu-prof.cpuprofile') }, { maxBytes: 10_000 }).catch((e: CheckupError) => e);
    expect(err).toMatchObject({ code: 'CHK_PROFILE_TOO_LARGE' });
    expect((err as CheckupError).message).toMatch(/cpu-prof\.cpuprofile \(29\.5 kB\) is larger than Checkup can open \(10\.0 kB\)/);
  });

  it('accepts the inspector result wrapped in {profile}', async () => {
    const r = await importProfile({ name: 'stop.json', data: JSON.stringify({ profile: JSON.parse(cpuText) }) });
    expect(r.format).toBe('cpuprofile');
  });

  it('warns about samples of unknown nodes and negative time steps, and keeps the rest', async () => {
    const text = JSON.stringify({
      nodes: [
        { id: 1, callFrame: { functionName: '(root)', url: '' }, children: [2] },
        { id: 2, callFrame: { functionName: 'f', url: 'file:///a.js', lineNumber: 0 } },
      ],
      startTime: 0,
      endTime: 4000,
      samples: [2, 9, 2, 2],
      timeDeltas: [0, 1000, -500, 1500],
    });
    const r = await importProfile({ name: 'odd', data: text });
    expect(r.warnings).toEqual([
      '1 samples had a negative time step (out of order) and count as zero time.',
      '1 samples refer to nodes that are not in the profile and were left out.',
    ]);
    expect(r.profiles[0]!.sampleCount).toBe(3);
  });
});

describe('cpuProfileToModel / heapProfileToModel (inspector results)', () => {
  it('builds a model from a Profiler.stop result without changing it', () => {
    const json = JSON.parse(cpuText);
    const before = JSON.stringify(json);
    const p = cpuProfileToModel(json, 'live');
    expect(p.name).toBe('live');
    expect(p.sampleCount).toBe(1279);
    expect(JSON.stringify(json)).toBe(before);
  });

  it('builds a model from a HeapProfiler.stopSampling result', () => {
    const json = JSON.parse(readFileSync(profileFixture('node/20.20/heap-prof.heapprofile'), 'utf8'));
    const p = heapProfileToModel(json, 'heap');
    expect(p.unit).toBe('bytes');
    expect(p.totalWeight).toBe(3147288);
  });

  it('throws coded errors on objects that are not profiles', () => {
    expect(() => cpuProfileToModel(null)).toThrow(CheckupError);
    expect(() => cpuProfileToModel({ nodes: 'x' })).toThrow(/no "nodes" list/);
    expect(() => heapProfileToModel({ head: 1 })).toThrow(/no "head" node/);
  });
});
