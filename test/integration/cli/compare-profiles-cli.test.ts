// `checkup compare` on two profiles rather than two sessions: the same run recorded by V8 (--cpu-prof) and by
// @datadog/pprof (as production records it) pairs function by function; two versions of a script show the one that
// changed; profiles of different kinds are refused.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'checkup-compare-profiles-'));
const burn = join(import.meta.dirname, '../../fixtures/targets/pprof-burn.cjs');

/** `node --cpu-prof` of a script; the path of the one .cpuprofile it wrote. */
function cpuProf(script: string, args: string[], name: string): string {
  const out = join(dir, name);
  execFileSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${out}`, script, ...args]);
  return join(out, readdirSync(out)[0]!);
}

let burnCpuprofile: string;
let burnPprof: string;
let slow: string;
let fast: string;

beforeAll(() => {
  burnPprof = join(dir, 'burn.pb.gz');
  burnCpuprofile = cpuProf(burn, [burnPprof], 'burn');
  // A fixed amount of work (~0.8 s each on an idle core), not a fixed time: on a busy machine a timed loop gets fewer
  // samples and the change can fall inside the sampling noise (CI once saw 'same').
  const script = join(dir, 'work.cjs');
  writeFileSync(
    script,
    `function sortPrices(n) { const a = []; for (let i = 0; i < n; i++) a.push(Math.random()); return a.sort((x, y) => x - y).length; }
function sumPrices(n) { let s = 0; for (let i = 0; i < n; i++) s += Math.sqrt(i); return s; }
const heavy = process.argv[2] === 'slow';
for (let k = 0; k < (heavy ? 80 : 1000); k++) { sortPrices(heavy ? 20000 : 1000); sumPrices(200000); }
`,
  );
  slow = cpuProf(script, ['slow'], 'slow');
  fast = cpuProf(script, ['fast'], 'fast');
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('checkup compare on profiles', () => {
  it('pairs a .cpuprofile and a pprof of the same run function by function, with the session comparison`s function shape', async () => {
    const r = await runCli(['compare', burnCpuprofile, burnPprof, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.before.format).toBe('cpuprofile');
    expect(doc.after.format).toBe('pprof');
    for (const name of ['renderInvoice', 'checksumRows', '(garbage collector)']) {
      const f = doc.functions.find((x: { functionName: string }) => x.functionName === name);
      expect(f, name).toBeDefined();
      // Found on both sides (not "gone" and "new"), with shares of the same order.
      expect(f.selfBefore).toBeGreaterThan(1);
      expect(f.selfAfter).toBeGreaterThan(1);
      expect(Math.abs(f.delta)).toBeLessThan(15);
    }
    for (const f of doc.functions) expect(Object.keys(f)).toEqual(expect.arrayContaining(['functionName', 'url', 'line', 'category', 'selfBefore', 'selfAfter', 'delta', 'change']));
    expect(doc.diff).toBeUndefined();
  });

  it('names the function that changed between two versions of a script', async () => {
    const r = await runCli(['compare', slow, fast, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const { functions } = JSON.parse(r.stdout) as { functions: Array<{ functionName: string; change: string; delta: number }> };
    const sort = functions.find((f) => f.functionName === 'sortPrices')!;
    expect(sort.change).toBe('faster');
    expect(functions.filter((f) => f.change === 'faster')[0]!.functionName).toMatch(/sortPrices|\(anonymous\)|sort/);
    const human = await runCli(['compare', slow, fast]);
    expect(human.stdout).toMatch(/Faster \(self time per second of profile\)[\s\S]*sortPrices/);
  });

  it('refuses a time profile against a heap profile with a coded error', async () => {
    const go = (f: string) => join(import.meta.dirname, '../../fixtures/profiles/go/1.26', f);
    const r = await runCli(['compare', go('cpu.pb.gz'), go('heap.pb.gz'), '--json']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: 'CHK_COMPARE_MISMATCH' });
    expect(JSON.parse(r.stdout).error.message).toMatch(/measures time .* measures bytes/);
  });
});
