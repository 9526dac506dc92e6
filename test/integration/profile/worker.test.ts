// importInWorker runs the compiled worker (out/app/open-profile/worker.js): progress, results, errors, cancellation.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckupError } from '../../../app/errors.js';
import { summarizeProfile } from '../../../app/diagnosis/profile-summary.js';
import { importProfile, type ImportProgress } from '../../../app/profile/import/import-profile.js';
import { importInWorker } from '../../../app/open-profile/in-worker.js';
import { profileFixture } from '../../helpers/fixtures.js';
import { cachedProfileAt, type Generated } from './generated.js';

const dir = mkdtempSync(join(tmpdir(), 'checkup-worker-'));
let big: Generated;

beforeAll(async () => {
  // The generator's file for seed 3, kept between runs (generated.ts), under the name the messages must show.
  big = await cachedProfileAt(join(dir, 'big.cpuprofile'), '40MB', 3);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const children = () =>
  execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.includes('--prof-process'));

describe('importInWorker', () => {
  it('gives the same summary as an import on this thread, a flame profile, and progress', async () => {
    const path = profileFixture('node/20.20/cpu-prof.cpuprofile');
    const phases = new Set<string>();
    const r = await importInWorker({ path }, { onProgress: (p) => phases.add(p.phase), keepProfiles: true, top: 10 });
    const local = await importProfile({ path });
    expect(r.format).toBe('cpuprofile');
    expect(r.profiles).toHaveLength(1);
    expect(r.profiles[0]!.summary).toEqual(summarizeProfile(local.profiles[0]!, local.format, { top: 10 }));
    expect(r.profiles[0]!.flame?.format).toBe('cpuprofile');
    expect(r.profiles[0]!.profile?.totalWeight).toBe(local.profiles[0]!.totalWeight);
    expect(Array.from(r.profiles[0]!.profile!.timeline!.nodes)).toEqual(Array.from(local.profiles[0]!.timeline!.nodes));
    expect([...phases]).toEqual(['read', 'build', 'analyse', 'reduce']);
  });

  it('handles a 40 MB profile with steady read progress and a flame profile under budget', async () => {
    const reads: number[] = [];
    const started = performance.now();
    const r = await importInWorker({ path: big.path }, { onProgress: (p: ImportProgress) => p.phase === 'read' && reads.push(p.fraction) });
    expect(r.profiles[0]!.summary.samples).toBe(big.samples);
    expect(r.profiles[0]!.flame!.bytes).toBeLessThan(4.5 * 1024 * 1024);
    expect(r.profiles[0]!.flame!.notes.length).toBeGreaterThan(1);
    expect(reads.length).toBeGreaterThan(20);
    expect(reads.at(-1)).toBe(1);
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it('stops promptly when aborted mid-read', async () => {
    const controller = new AbortController();
    let abortedAt = 0;
    const pending = importInWorker(
      { path: big.path },
      {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.phase === 'read' && p.fraction > 0.2 && !abortedAt) {
            abortedAt = performance.now();
            controller.abort();
          }
        },
      },
    );
    await expect(pending).rejects.toMatchObject({ code: 'CHK_CANCELLED' });
    expect(performance.now() - abortedAt).toBeLessThan(1500);
  });

  it('stops a --prof-process child when aborted', async () => {
    const controller = new AbortController();
    const pending = importInWorker(
      { path: profileFixture('node/20.20/isolate-v8.log') },
      { signal: controller.signal, onProgress: (p) => p.phase === 'preprocess' && p.fraction === 0 && setTimeout(() => controller.abort(), 150) },
    );
    await expect(pending).rejects.toMatchObject({ code: 'CHK_CANCELLED' });
    await new Promise((r) => setTimeout(r, 200));
    expect(children()).toEqual([]);
  });

  it('passes coded errors through', async () => {
    await expect(importInWorker({ name: 'bad.json', data: '{"nodes": [' })).rejects.toMatchObject({ code: 'CHK_PROFILE_TRUNCATED' });
    await expect(importInWorker({ path: join(dir, 'missing.cpuprofile') })).rejects.toMatchObject({ code: 'CHK_FILE_NOT_FOUND' });
    await expect(importInWorker({ path: big.path }, { maxBytes: 1e6 })).rejects.toMatchObject({ code: 'CHK_PROFILE_TOO_LARGE' });
  });

  it('reports a worker that runs out of its memory limit as CHK_PROFILE_TOO_LARGE', async () => {
    const err = await importInWorker({ path: big.path }, { maxHeapMb: 8, flame: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CheckupError);
    expect((err as CheckupError).code).toBe('CHK_PROFILE_TOO_LARGE');
    expect((err as CheckupError).message).toMatch(/big\.cpuprofile \(40\.\d MB\) is larger than Checkup can open \(what fits in its 8 MB heap\)/);
  });
});
