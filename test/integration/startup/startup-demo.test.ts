// `checkup startup --demo` on the bundled start-up lab: the slow variant's tree holds the lab's three heavy packages,
// loaded by the app and never called before it listens, each with lazy-load advice; the fixed variant, which requires
// them on first use, loads none of them before ready. Bad combinations of --demo are refused in words.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';

const out = mkdtempSync(join(tmpdir(), 'checkup-startup-demo-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

interface DemoJson {
  runs: number;
  modules: Array<{ id: string; package: string }>;
  packages: Array<{ name: string; modules: number; direct: boolean; calledAfterLoad?: number }>;
  advice: Array<{ kind: string; package?: string; savingMs?: number }>;
  heaviestPath: string[];
}

const HEAVY = ['geo-index', 'pdf-report', 'sheet-export'];

describe('checkup startup --demo', () => {
  it('shows the slow-startup lab\'s eager packages, and none in its fixed variant', { timeout: 120_000 }, async () => {
    const slow = await runCli(['startup', '--demo', '--runs', '2', '--no-compile-cache', '--json', '--out', out]);
    expect(slow.code, slow.stdout + slow.stderr).toBe(0);
    const s = JSON.parse(slow.stdout) as DemoJson;
    expect(s.runs).toBe(2);
    expect(s.packages.map((p) => p.name).sort()).toEqual(HEAVY);
    expect(s.packages.map((p) => p.modules).sort((a, b) => a - b)).toEqual([9, 15, 21]);
    for (const p of s.packages) expect(p).toMatchObject({ direct: true, calledAfterLoad: 0 });
    expect(s.advice.filter((a) => a.kind === 'lazy-load').map((a) => a.package).sort()).toEqual(HEAVY);
    expect(s.heaviestPath[0]).toBe('slow.js');

    const fixed = await runCli(['startup', '--demo', 'slow-startup', '--fixed', '--runs', '2', '--no-compile-cache', '--json', '--out', out]);
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
    const f = JSON.parse(fixed.stdout) as DemoJson;
    expect(f.packages).toEqual([]);
    expect(f.modules.map((m) => m.id)).toEqual(['fixed.js']);
    expect(f.advice.filter((a) => a.kind === 'lazy-load')).toEqual([]);
  });

  it('refuses --demo with a command, --fixed without --demo, and an unknown lab, in words', async () => {
    const withCommand = await runCli(['startup', '--demo', '--json', '--out', out, '--', 'node', 'app.js']);
    expect(withCommand.code).toBe(2);
    expect(withCommand.stdout).toContain('--demo starts a bundled sample');
    const fixedAlone = await runCli(['startup', '--fixed', '--json', '--out', out, '--', 'node', 'app.js']);
    expect(fixedAlone.code).toBe(2);
    expect(fixedAlone.stdout).toContain('--fixed goes with --demo');
    const unknown = await runCli(['startup', '--demo', 'no-such-lab', '--json', '--out', out]);
    expect(unknown.stdout).toContain('CHK_LAB_NOT_FOUND');
  });
});
