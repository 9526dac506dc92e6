// Huge files: the generator's output is realistic and deterministic, and a 60 MB .cpuprofile imports, summarises and
// reduces in a separate process with bounded peak memory (measured: the process's own maxRSS).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledEntry } from '../../../app/paths.js';
import { summarizeProfile } from '../../../app/diagnosis/profile-summary.js';
import { importProfile } from '../../../app/profile/import/import-profile.js';
import { cachedProfile, generateProfile, type Generated } from './generated.js';

const dir = mkdtempSync(join(tmpdir(), 'checkup-huge-'));
let big: Generated;

beforeAll(async () => {
  big = await cachedProfile('60MB', 11);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('generate-big-profile.js', () => {
  it('is deterministic for a seed and different across seeds', async () => {
    const a = await generateProfile(join(dir, 'a.cpuprofile'), '1MB', 5);
    const b = await generateProfile(join(dir, 'b.cpuprofile'), '1MB', 5);
    const c = await generateProfile(join(dir, 'c.cpuprofile'), '1MB', 6);
    expect(sha(a.path)).toBe(sha(b.path));
    expect(sha(c.path)).not.toBe(sha(a.path));
    expect(Math.abs(a.bytes - 1e6) / 1e6).toBeLessThan(0.02);
  });

  it('writes a realistic shape: app, packages (scoped, nested), Node core, natives; deep stacks; skewed hotness', async () => {
    const r = await importProfile({ path: big.path });
    const p = r.profiles[0]!;
    expect(Math.abs(big.bytes - 60e6) / 60e6).toBeLessThan(0.02);
    expect(p.sampleCount).toBe(big.samples);
    expect(p.frames.length).toBeGreaterThan(2000);
    const s = summarizeProfile(p, r.format, { top: 50 });
    expect(s.categories.map((c) => c.name)).toEqual(expect.arrayContaining(['app', 'dependency', 'node-core', 'native']));
    const pkgs = new Set(p.frames.map((f) => f.package).filter(Boolean));
    for (const name of ['express', '@aws-sdk/client-s3', 'debug', 'lodash']) expect(pkgs.has(name), name).toBe(true);
    expect(Math.max(...p.nodeDepth)).toBeGreaterThan(20);
    // Zipf-like: the hottest function takes far more than an even share, the top 10 a large part.
    const top10 = s.topFunctions.slice(0, 10).reduce((sum, h) => sum + h.selfPercent, 0);
    expect(s.topFunctions[0]!.selfPercent).toBeGreaterThan(100 / 50);
    expect(top10).toBeGreaterThan(25);
    // Consecutive identical samples are common, as in real profiles.
    let runs = 0;
    const nodes = p.timeline!.nodes;
    for (let i = 1; i < nodes.length; i++) if (nodes[i] === nodes[i - 1]) runs++;
    expect(runs / nodes.length).toBeGreaterThan(0.3);
  });
});

describe('a 60 MB .cpuprofile', () => {
  it('imports, summarises and reduces in a child process within a bounded peak memory', async () => {
    const script = `
      const { importProfile } = await import(${JSON.stringify(compiledEntry('app/profile/import/index'))});
      const { summarizeProfile } = await import(${JSON.stringify(compiledEntry('app/diagnosis/profile-summary'))});
      const { reduceForFlame } = await import(${JSON.stringify(compiledEntry('app/profile/reduce/reduce-for-flame'))});
      const t = performance.now();
      const r = await importProfile({ path: process.argv[1] });
      const s = summarizeProfile(r.profiles[0], r.format);
      const f = reduceForFlame(r.profiles[0]);
      console.log(JSON.stringify({ ms: performance.now() - t, maxRssMb: process.resourceUsage().maxRSS / 1024, samples: s.samples, flameBytes: f.bytes }));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, big.path]);
    const m = JSON.parse(stdout) as { ms: number; maxRssMb: number; samples: number; flameBytes: number };
    expect(m.samples).toBe(big.samples);
    expect(m.flameBytes).toBeLessThan(4.5 * 1024 * 1024);
    // Measured ~2.1x the file size at 200 MB (README); one JSON.parse of the text alone needs ~4x.
    expect(m.maxRssMb).toBeLessThan((3 * big.bytes) / 1e6 + 100);
  });

  it('is refused with CHK_PROFILE_TOO_LARGE beyond the limit, before it is read', async () => {
    const started = performance.now();
    await expect(importProfile({ path: big.path }, { maxBytes: 50e6 })).rejects.toMatchObject({ code: 'CHK_PROFILE_TOO_LARGE' });
    expect(performance.now() - started).toBeLessThan(200);
  });
});
