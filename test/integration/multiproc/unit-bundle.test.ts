// An exported bundle of a multi-unit run (issue 11) carries every unit's profile and probe windows with units.json,
// and an imported bundle opens as the original: a real cluster run through `checkup run`, `checkup export`, then
// `checkup import` into another sessions folder; the units, their verdicts and the diagnosis are the original's, each
// unit's profile opens in the flame view with the workers' function, and the unit files are byte for byte the same.
// A bundle naming a unit file its units.json does not name is refused, and leaves no session behind.
import { existsSync, readdirSync, readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { UnitsFile } from '../../../app/contract/units.js';
import { Engine } from '../../../app/engine/engine.js';
import { isUnitFileName } from '../../../app/contract/session.js';
import { processesWith, runCli, waitFor } from '../../helpers/cli.js';
import { fixturesDir } from '../target/target-helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'checkup-unit-bundle-'));
const original = join(dir, 'original');
const elsewhere = join(dir, 'elsewhere');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a bundle of a cluster run', () => {
  it('carries the units\' profiles and samples, and re-opens with them', async () => {
    const marker = `UNIT-BUNDLE-${process.pid}`;
    const run = await runCli(['run', '--json', '--out', original, '-d', '3', '--warmup', '1', '-c', '8', '--no-heap', '-e', 'WORK=1500000', '--cwd', fixturesDir, '--', 'node', 'cluster-cpu.cjs', marker]);
    expect(run.code, run.stderr + run.stdout).toBe(0);
    expect(await waitFor(() => processesWith(marker).length === 0, 5000)).toBe(true);
    const session = (JSON.parse(run.stdout) as { session: string }).session;
    const unitFiles = readdirSync(session).filter(isUnitFileName).sort();
    // The primary's and both workers' profiles (the primary is the main: its own are profile.cpuprofile and samples.ndjson).
    expect(unitFiles.filter((f) => f.endsWith('.cpuprofile')).length).toBeGreaterThanOrEqual(2);
    expect(unitFiles.filter((f) => f.endsWith('.samples.ndjson')).length).toBeGreaterThanOrEqual(2);

    const exported = await runCli(['export', session, '--json', '--out', original]);
    expect(exported.code, exported.stderr).toBe(0);
    const bundlePath = (JSON.parse(exported.stdout) as { path: string }).path;
    const bundled = JSON.parse(gunzipSync(readFileSync(bundlePath)).toString('utf8')) as { files: Record<string, string> };
    expect(Object.keys(bundled.files).filter(isUnitFileName).sort()).toEqual(unitFiles);

    const imported = await runCli(['import', bundlePath, '--json', '--out', elsewhere]);
    expect(imported.code, imported.stderr).toBe(0);
    const id = (JSON.parse(imported.stdout) as { sessionId: string }).sessionId;
    const copy = join(elsewhere, id);
    for (const f of unitFiles) expect(readFileSync(join(copy, f), 'utf8'), f).toBe(readFileSync(join(session, f), 'utf8'));

    const engine = new Engine({ sessionsDir: elsewhere });
    try {
      const detail = await engine.getSession({ id });
      const units = JSON.parse(readFileSync(join(session, 'units.json'), 'utf8')) as UnitsFile;
      expect(detail.units).toEqual(units);
      expect(detail.diagnosis).toEqual(JSON.parse(readFileSync(join(session, 'diagnosis.json'), 'utf8')));
      expect(detail.diagnosis?.verdict).toBe('event-loop-blocked');
      // Each worker that served has its flame view in the imported session, with the workers' handler in it.
      const served = units.units.filter((u) => u.role === 'cluster-worker' && u.cpuProfile && (u.requests ?? 0) > 0);
      expect(served.length).toBeGreaterThan(0);
      for (const w of served) {
        const view = await engine.openProfile({ source: { kind: 'session', sessionId: id, file: 'cpu', unit: w.id }, flame: true });
        expect(view.flamePath).toBeDefined();
        expect(view.summary.topFunctions.map((f) => f.functionName)).toEqual(expect.arrayContaining([expect.stringMatching(/^(renderReport|handleReport)$/)]));
      }
    } finally {
      await engine.close();
    }
  }, 120_000);

  it('refuses a bundle carrying a unit file its units.json does not name, and keeps nothing of it', async () => {
    const bundles = readdirSync(original, { recursive: true }).map(String).filter((f) => f.endsWith('.checkup'));
    expect(bundles.length).toBe(1);
    const bundle = JSON.parse(gunzipSync(readFileSync(join(original, bundles[0]!))).toString('utf8')) as { files: Record<string, string> };
    bundle.files['unit-999999.cpuprofile'] = '{}';
    const bad = join(dir, 'stray-unit.checkup');
    writeFileSync(bad, gzipSync(JSON.stringify(bundle)));
    const target = join(dir, 'refused');
    const r = await runCli(['import', bad, '--out', target]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/CHK_BUNDLE_INVALID/);
    expect(r.stderr).toContain('unit-999999.cpuprofile');
    expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);
  }, 30_000);
});
