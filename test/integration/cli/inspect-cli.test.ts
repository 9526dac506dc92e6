// `checkup inspect` on real profile files from real tools, as someone who was sent a profile would run it.
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { profileFixture } from '../../helpers/fixtures.js';
import { runCli } from '../../helpers/cli.js';

describe('checkup inspect', () => {
  it('a Node 20 --cpu-prof file: the JSON document with the hot functions, categories and packages', async () => {
    const r = await runCli(['inspect', profileFixture('node/20.20/cpu-prof.cpuprofile'), '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ format: 'cpuprofile', unit: 'milliseconds', samples: 1279 });
    expect(doc.durationMs).toBeGreaterThan(1000);
    expect(doc.topFunctions[0]).toMatchObject({ functionName: 'sortRandom', url: 'file:///srv/app/busy.js', line: 6, category: 'app', package: null });
    expect(doc.topFunctions[0].selfPercent).toBeGreaterThan(doc.topFunctions[1].selfPercent);
    for (const f of doc.topFunctions) expect(Object.keys(f)).toEqual(expect.arrayContaining(['functionName', 'url', 'line', 'selfPercent', 'totalPercent', 'category', 'package']));
    expect(doc.categories.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['app', 'gc', 'node-core']));
    expect(Array.isArray(doc.packages)).toBe(true);
    expect(Array.isArray(doc.advice)).toBe(true);
  });

  it('a sampling heap profile: allocation by function, in bytes', async () => {
    const doc = JSON.parse((await runCli(['inspect', profileFixture('node/20.20/heap-prof.heapprofile'), '--json'])).stdout);
    expect(doc).toMatchObject({ format: 'heapprofile', unit: 'bytes' });
    expect(doc.topFunctions[0].selfBytes).toBeGreaterThan(0);
  });

  it('a `node --prof` log, through node --prof-process', async () => {
    const r = await runCli(['inspect', profileFixture('node/20.20/isolate-v8.log')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('v8-log');
    expect(r.stdout).toMatch(/sortRandom/);
  });

  it('a trace with several threads lists them and takes --profile N', async () => {
    const r = await runCli(['inspect', profileFixture('trace-event/unversioned/multi-thread-with-samples.json'), '--json', '--profile', '1']);
    const doc = JSON.parse(r.stdout);
    expect(doc.profile).toBe(1);
    expect(doc.profiles).toHaveLength(2);
  });

  it('refuses a truncated, a binary and a missing file with coded errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'checkup-inspect-'));
    const truncated = join(dir, 'cut.cpuprofile');
    const { readFileSync } = await import('node:fs');
    writeFileSync(truncated, readFileSync(profileFixture('node/20.20/cpu-prof.cpuprofile')).subarray(0, 5000));
    const binary = join(dir, 'image.cpuprofile');
    writeFileSync(binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255, 254]));
    for (const [file, code] of [[truncated, 'CHK_PROFILE_TRUNCATED'], [binary, 'CHK_PROFILE_UNKNOWN_FORMAT'], [join(dir, 'nope.json'), 'CHK_FILE_NOT_FOUND']]) {
      const r = await runCli(['inspect', file!, '--json']);
      expect(r.code, file).toBe(2);
      expect(JSON.parse(r.stdout).error.code).toBe(code);
    }
  });
});
