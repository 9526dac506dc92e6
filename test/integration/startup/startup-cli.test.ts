// `checkup startup` on real apps in fresh processes: a generated app of 1,200 CommonJS modules whose top packages and
// modules by inclusive time must agree with the app's own measurement of the same start, an ES module app on each
// Node, a CLI that is ready when it exits, and the compile-cache trial (tried on Node 22, refused on Node 20).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { makeBigApp, makeCliApp, makeEsmApp } from '../../../bench/startup-apps.js';
import { NODE22, NODE24 } from '../../helpers/node-binaries.js';

const out = mkdtempSync(join(tmpdir(), 'checkup-startup-sessions-'));
const cleanup: string[] = [out];
afterAll(() => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

interface StartupJson {
  session: string;
  dir: string;
  runs: number;
  readyMs: { median: number; min: number; max: number };
  modules: Array<{ id: string; package: string; selfMs: number; totalMs: number; format: string }>;
  packages: Array<{ name: string; totalMs: number; calledAfterLoad?: number; modules: number }>;
  advice: Array<{ kind: string; savingMs: number | null; measured: boolean; package?: string; refused?: string; before?: { median: number }; after?: { median: number } }>;
  starts: Array<{ purpose: string; pid: number; readyMs: number; readyKind: string }>;
  tracing: { esm: string; notes: string[] };
}

async function startup(args: string[], command: string[]): Promise<StartupJson> {
  const r = await runCli(['startup', '--json', '--out', out, ...args, '--', ...command]);
  expect(r.stderr).toBe('');
  expect(r.code, r.stdout).toBe(0);
  return JSON.parse(r.stdout) as StartupJson;
}

const sortedByTotal = (xs: Array<{ totalMs: number }>) => xs.every((x, i) => i === 0 || xs[i - 1]!.totalMs >= x.totalMs);

describe('checkup startup', () => {
  it('reports the top packages and modules of a 1,200-module app as the app itself measures them (within 10 %)', async () => {
    const app = makeBigApp(40, 30, 5);
    cleanup.push(app.dir);
    const doc = await startup(['--runs', '2', '--no-compile-cache', '--cwd', app.dir], ['node', 'server.js']);

    expect(doc.runs).toBe(2);
    expect(doc.readyMs.min).toBeLessThanOrEqual(doc.readyMs.median);
    expect(doc.readyMs.median).toBeLessThanOrEqual(doc.readyMs.max);
    const depModules = doc.modules.filter((m) => m.package.startsWith('pkg-'));
    expect(depModules.length).toBe(1200);
    expect(sortedByTotal(doc.modules)).toBe(true);
    expect(sortedByTotal(doc.packages)).toBe(true);
    // A CommonJS entry that imports nothing, on Node 20: no loader thread for ES module hooks, and the report says
    // what that leaves out.
    expect(doc.tracing.esm).toBe('none');
    expect(doc.tracing.notes.join('\n')).toMatch(/import\(\) from CommonJS is not in the tree/);

    // The app's own measurement of the traced start.
    const traced = doc.starts.find((s) => s.purpose === 'traced')!;
    const own = JSON.parse(readFileSync(join(app.dir, `measure-${traced.pid}.json`), 'utf8')) as Record<string, number>;
    const ownOrder = Object.entries(own).sort((a, b) => b[1] - a[1]);
    expect(ownOrder).toHaveLength(40);
    // The same top packages (a near-tie may swap neighbours: both sides see the same spans, wrapped once more).
    const ownTopNames = ownOrder.slice(0, 7).map(([n]) => n);
    for (const p of doc.packages.slice(0, 5)) expect(ownTopNames).toContain(p.name);
    for (const [name, ms] of ownOrder.slice(0, 5)) {
      const pkg = doc.packages.find((p) => p.name === name)!;
      expect(Math.abs(pkg.totalMs - ms) / ms, `${name}: Checkup ${pkg.totalMs} ms, the app ${ms} ms`).toBeLessThan(0.1);
      // A package's entry is its outermost module: the same figure, module by module.
      const entry = doc.modules.find((m) => m.id === `${name}/index.js`)!;
      expect(Math.abs(entry.totalMs - ms) / ms).toBeLessThan(0.1);
      expect(entry.selfMs).toBeLessThan(entry.totalMs);
    }
    // The heaviest packages are not called after loading (only the first five are): lazy-load candidates.
    expect(doc.packages.find((p) => p.name === 'pkg-00')!.calledAfterLoad).toBeGreaterThan(0);
    expect(doc.packages.find((p) => p.name === 'pkg-39')!.calledAfterLoad).toBe(0);
    const lazy = doc.advice.filter((a) => a.kind === 'lazy-load');
    expect(lazy.length).toBeGreaterThan(0);
    for (const a of lazy) expect(doc.packages.find((p) => p.name === a.package)!.calledAfterLoad).toBe(0);
    for (const usedPkg of ['pkg-00', 'pkg-01', 'pkg-02', 'pkg-03', 'pkg-04']) expect(lazy.map((a) => a.package)).not.toContain(usedPkg);
    expect(existsSync(join(doc.dir, 'profile.cpuprofile'))).toBe(true);
  });

  it.each([
    ['20', process.execPath, 'module.register'],
    ['22', NODE22, 'module.registerHooks'],
    ['24', NODE24, 'module.registerHooks'],
  ])('traces an ES module app on Node %s', async (_v, node, hooks) => {
    const dir = makeEsmApp();
    cleanup.push(dir);
    const doc = await startup(['--runs', '1', '--no-compile-cache', '--cwd', dir, '--node', node], ['node', 'server.mjs']);
    expect(doc.tracing.esm).toBe(hooks);
    const heavy = doc.modules.find((m) => m.id === 'heavy-esm/index.js')!;
    const light = doc.modules.find((m) => m.id === 'light-esm/index.js')!;
    const entry = doc.modules.find((m) => m.id === 'server.mjs')!;
    expect(heavy.format).toBe('esm');
    expect(heavy.totalMs).toBeGreaterThan(light.totalMs);
    // The entry's inclusive time holds what it imported.
    expect(entry.totalMs).toBeGreaterThanOrEqual(heavy.totalMs + light.totalMs);
    expect(doc.packages[0]!.name).toBe('heavy-esm');
  });

  it('tries the compile cache on Node 22 and shows the measured before and after', async () => {
    const app = makeBigApp(10, 30, 2);
    cleanup.push(app.dir);
    const doc = await startup(['--runs', '3', '--cwd', app.dir, '--node', NODE22], ['node', 'server.js']);
    const cc = doc.advice.find((a) => a.kind === 'compile-cache')!;
    expect(cc.measured).toBe(true);
    expect(cc.refused).toBeUndefined();
    expect(typeof cc.savingMs).toBe('number');
    expect(cc.savingMs).toBeCloseTo(cc.before!.median - cc.after!.median, 0);
    expect(doc.starts.filter((s) => s.purpose === 'cache-timed')).toHaveLength(3);
    expect(doc.starts.filter((s) => s.purpose === 'cache-baseline')).toHaveLength(3);
  });

  it('refuses the compile cache on Node 20 with the reason, and times a CLI to its exit', async () => {
    const dir = makeCliApp();
    cleanup.push(dir);
    const doc = await startup(['--runs', '2', '--cwd', dir, '--node', process.execPath], ['node', 'cli.js']);
    const cc = doc.advice.find((a) => a.kind === 'compile-cache')!;
    expect(cc.measured).toBe(false);
    expect(cc.savingMs).toBeNull();
    expect(cc.refused).toMatch(/Node 22\.1/);
    expect(doc.starts.every((s) => s.readyKind === 'exit')).toBe(true);
  });

  it('says what is wrong with a bad command, with a coded error and no session left running', async () => {
    const r = await runCli(['startup', '--json', '--out', out, '--', 'node', 'no-such-file.js']);
    expect(r.code).toBe(2);
    expect((JSON.parse(r.stdout) as { error: { code: string } }).error.code).toBe('CHK_SCRIPT_NOT_FOUND');
    const dir = makeCliApp('process.exit(3);');
    cleanup.push(dir);
    const crash = await runCli(['startup', '--json', '--out', out, '--no-compile-cache', '--cwd', dir, '--', 'node', 'cli.js']);
    expect(crash.code).toBe(3);
    expect((JSON.parse(crash.stdout) as { error: { code: string } }).error.code).toBe('CHK_TARGET_EXITED_EARLY');
    // The failed checkup's session is finished as partial, with the reason; none is left 'running'.
    const statuses = readdirSync(out).map((id) => JSON.parse(readFileSync(join(out, id, 'session.json'), 'utf8')) as { status: string; partialReason?: string });
    expect(statuses.some((x) => x.status === 'running')).toBe(false);
    expect(statuses.some((x) => x.partialReason === 'CHK_TARGET_EXITED_EARLY')).toBe(true);
  });

  it('compares two start-up sessions: time to ready with a test, per-module deltas', async () => {
    const slow = makeCliApp("const big = []; for (let i = 0; i < 3e5; i++) big.push({ i }); require('./extra.js');");
    cleanup.push(slow);
    writeFileSync(join(slow, 'extra.js'), 'let t = 0; for (let i = 0; i < 5e6; i++) t += i; module.exports = t;\n');
    const before = await startup(['--runs', '3', '--no-compile-cache', '--cwd', slow], ['node', 'cli.js']);
    writeFileSync(join(slow, 'cli.js'), 'console.log("fast");\n');
    const after = await startup(['--runs', '3', '--no-compile-cache', '--cwd', slow], ['node', 'cli.js']);
    const r = await runCli(['compare', before.dir, after.dir, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const c = JSON.parse(r.stdout) as { kind: string; readyMs: { before: number; after: number; test?: { method: string }; judgement: { verdict: string } }; modules: Array<{ id: string; deltaMs: number }> };
    expect(c.kind).toBe('startup');
    expect(c.readyMs.before).toBeCloseTo(before.readyMs.median, 0);
    expect(c.readyMs.after).toBeCloseTo(after.readyMs.median, 0);
    expect(c.readyMs.test?.method).toMatch(/3 vs 3 timed starts/);
    const extra = c.modules.find((m) => m.id === 'extra.js')!;
    expect(extra.deltaMs).toBeLessThan(0);
  });
});
