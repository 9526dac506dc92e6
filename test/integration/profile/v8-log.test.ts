// `node --prof` isolate logs go through a real `node --prof-process --preprocess` child process.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { summarizeProfile } from '../../../app/diagnosis/profile-summary.js';
import { importProfile } from '../../../app/profile/import/import-profile.js';
import { profileFixture } from '../../helpers/fixtures.js';

/** Our --prof-process children still alive (none may outlive an import). */
function profProcessChildren(): string[] {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out.split('\n').filter((l) => l.includes('--prof-process'));
}

const tempDirs = () => readdirSync(tmpdir()).filter((d) => d.startsWith('checkup-v8log-'));

describe('V8 isolate logs', () => {
  it('node/20.20/isolate-v8.log: the same hot functions as the CPU profile of the same script', async () => {
    const r = await importProfile({ path: profileFixture('node/20.20/isolate-v8.log') });
    expect(r.format).toBe('v8-log');
    expect(r.warnings).toEqual([]);
    const s = summarizeProfile(r.profiles[0]!, r.format, { top: 10 });
    expect(s.samples).toBe(1251);
    expect(s.topFunctions[0]).toMatchObject({ functionName: 'sortRandom', url: 'file:///srv/app/busy.js', line: 6, category: 'app' });
    expect(s.topFunctions[1]).toMatchObject({ functionName: '(anonymous)', url: 'file:///srv/app/busy.js', line: 6 });
    expect(s.topFunctions[2]).toMatchObject({ functionName: '(garbage collector)', category: 'gc' });
    expect(s.topFunctions.map((h) => h.functionName)).toContain('buildStrings');
    // 10.5% of the ticks were taken in GC state: the advisor says so.
    expect(s.advice.map((a) => a.id)).toEqual(['gc-share']);
  });

  it('node/8.5/isolate-v8.log: Node 20 still reads it, and warns that the V8 versions differ', async () => {
    const r = await importProfile({ path: profileFixture('node/8.5/isolate-v8.log') });
    expect(r.format).toBe('v8-log');
    expect(r.warnings).toContain('The log was written by another V8 version than this Node.js has; some names may be wrong or missing.');
    const s = summarizeProfile(r.profiles[0]!, r.format);
    expect(s.samples).toBe(93);
    // The profiled program (speedscope's sample simple.js): its hottest JS function is d.
    const app = s.topFunctions.filter((h) => h.category === 'app');
    expect(app[0]).toMatchObject({ functionName: 'd', line: 20 });
    expect(app.filter((h) => h.selfMs > 0).map((h) => h.functionName).sort()).toEqual(['b', 'c', 'd']);
  });

  it('reads a log handed over as bytes through a private temp file, and removes it', async () => {
    const before = tempDirs();
    const data = readFileSync(profileFixture('node/20.20/isolate-v8.log'));
    const r = await importProfile({ name: 'isolate.log', data });
    expect(r.profiles[0]!.sampleCount).toBe(1251);
    expect(tempDirs()).toEqual(before);
  });

  it('warns when the log is cut off', async () => {
    const data = readFileSync(profileFixture('node/20.20/isolate-v8.log')).subarray(0, 400_000);
    const r = await importProfile({ name: 'cut.log', data });
    expect(r.warnings).toContain('The log is cut off at the end (its writer may have been killed); the ticks before the cut were read.');
  });

  it('CHK_PROF_PROCESS_FAILED when --prof-process does not finish in time, and the child is gone', async () => {
    const err = await importProfile({ path: profileFixture('node/20.20/isolate-v8.log') }, { profProcessTimeoutMs: 50 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'CHK_PROF_PROCESS_FAILED' });
    expect((err as Error).message).toMatch(/could not read isolate-v8\.log: it did not finish within 50 ms/);
    await new Promise((r) => setTimeout(r, 100));
    expect(profProcessChildren()).toEqual([]);
  });

  it('CHK_PROF_PROCESS_FAILED when there is no Node to run it', async () => {
    const err = await importProfile({ path: profileFixture('node/20.20/isolate-v8.log') }, { nodePath: '/nonexistent/node' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'CHK_PROF_PROCESS_FAILED' });
    expect((err as Error).message).toMatch(/ENOENT/);
  });

  it('CHK_CANCELLED when aborted while --prof-process runs, and the child is gone', async () => {
    const controller = new AbortController();
    const pending = importProfile({ path: profileFixture('node/20.20/isolate-v8.log') }, {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.phase === 'preprocess' && p.fraction === 0) setTimeout(() => controller.abort(), 100);
      },
    });
    await expect(pending).rejects.toMatchObject({ code: 'CHK_CANCELLED' });
    await new Promise((r) => setTimeout(r, 100));
    expect(profProcessChildren()).toEqual([]);
  });
});
