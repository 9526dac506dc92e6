// `checkup export --format`: profiles written for other tools, as someone handing a profile to go tool pprof, Pyroscope
// or Chrome DevTools would run it; each written file is opened again and must say the same.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importProfile } from '../../../app/profile/import/import-profile.js';
import { runCli } from '../../helpers/cli.js';
import { profileFixture } from '../../helpers/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'checkup-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Go's own pprof tool, when this machine has Go (it reads what Checkup exports as Pyroscope and Parca would). */
const goBinary = ['/usr/local/go/bin/go', '/usr/bin/go', '/usr/lib/go/bin/go'].find((p) => existsSync(p));

const selfTotal = async (path: string, index = 0) => (await importProfile({ path })).profiles[index]!.totalWeight;

describe('checkup export --format', () => {
  it('writes a .cpuprofile as pprof and speedscope beside it; both open with the same total time', async () => {
    const source = join(dir, 'busy.cpuprofile');
    copyFileSync(profileFixture('node/20.20/cpu-prof.cpuprofile'), source);
    const pprof = await runCli(['export', source, '--format', 'pprof', '--json']);
    expect(pprof.code, pprof.stderr).toBe(0);
    expect(JSON.parse(pprof.stdout).path).toBe(join(dir, 'busy.pb.gz'));
    const speedscope = await runCli(['export', source, '--format', 'speedscope']);
    expect(speedscope.stdout).toContain(join(dir, 'busy.speedscope.json'));
    const before = await selfTotal(source);
    expect(await selfTotal(join(dir, 'busy.pb.gz'))).toBeCloseTo(before, 0);
    expect(await selfTotal(join(dir, 'busy.speedscope.json'))).toBeCloseTo(before, 0);
  });

  it('writes the chosen profile of a pprof file as a .cpuprofile, never over the source, and refuses bytes as time', async () => {
    const source = join(dir, 'go-cpu.pb.gz');
    copyFileSync(join(import.meta.dirname, '../../fixtures/profiles/go/1.26/cpu.pb.gz'), source);
    const r = await runCli(['export', source, '--format', 'cpuprofile']);
    expect(r.code, r.stderr).toBe(0);
    expect(await selfTotal(join(dir, 'go-cpu.cpuprofile'))).toBeCloseTo(await selfTotal(source), 0);
    const again = await runCli(['export', join(dir, 'busy.pb.gz'), '--format', 'pprof']);
    expect(again.stdout).toContain('busy-checkup.pb.gz');
    const heap = join(dir, 'go-heap.pb.gz');
    copyFileSync(join(import.meta.dirname, '../../fixtures/profiles/go/1.26/heap.pb.gz'), heap);
    const refused = await runCli(['export', heap, '--format', 'cpuprofile', '--json']);
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stdout).error.message).toMatch(/counts bytes, not time/);
    const second = await runCli(['export', heap, '--format', 'speedscope', '--profile', '2']);
    expect(second.code, second.stderr).toBe(0);
    expect(existsSync(join(dir, 'go-heap-2.speedscope.json'))).toBe(true);
  });

  it("exports a session folder's heap profile as pprof into that folder, and refuses an unknown format", async () => {
    const session = join(dir, 'a-session');
    mkdirSync(session);
    writeFileSync(join(session, 'session.json'), '{}');
    copyFileSync(profileFixture('node/20.20/heap-prof.heapprofile'), join(session, 'heap.heapprofile'));
    const r = await runCli(['export', session, '--format', 'pprof', '--heap']);
    expect(r.code, r.stderr).toBe(0);
    expect(await selfTotal(join(session, 'heap.pb.gz'))).toBe(await selfTotal(join(session, 'heap.heapprofile')));
    const bad = await runCli(['export', session, '--format', 'flamegraph']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/CHK_INVALID_OPTIONS.*--format is one of pprof, cpuprofile, speedscope/);
  });

  it.skipIf(!goBinary)('is read by go tool pprof with the same hot function and share (only where Go is installed; skipped otherwise)', async () => {
    const { execFileSync } = await import('node:child_process');
    const source = join(dir, 'for-go.cpuprofile');
    copyFileSync(profileFixture('node/20.20/cpu-prof.cpuprofile'), source);
    expect((await runCli(['export', source, '--format', 'pprof'])).code).toBe(0);
    const top = execFileSync(goBinary!, ['tool', 'pprof', '-top', '-nodecount=3', join(dir, 'for-go.pb.gz')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    // checkup inspect says sortRandom 53.2 % self (inspect-cli.test.ts reads the same fixture).
    expect(top).toMatch(/\s53\.1\d%\s+53\.1\d%\s+[\d.]+m?s\s+[\d.]+%\s+sortRandom/);
  });
});
