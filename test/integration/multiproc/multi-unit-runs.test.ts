// Real runs of apps that are more than one process or thread (issue 11), through the real `checkup run --json`, on
// Node 20, 22 and 24: a cluster of two workers with a CPU-heavy handler is judged by its workers (blocked, the
// culprit the workers' handler), not by its idle primary; a server whose handler posts work to a pool of worker
// threads is judged worker-pool-saturated with the culprit in the worker's file; and after each run nothing of the
// tree is left running.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { UnitsFile } from '../../../app/contract/units.js';
import { processesWith, runCli, waitFor } from '../../helpers/cli.js';
import { fixturesDir } from '../target/target-helpers.js';
import { NODE22, NODE24 } from '../../helpers/node-binaries.js';

const NODES = [
  ['20', process.execPath],
  ['22', NODE22],
  ['24', NODE24],
] as const;
const out = mkdtempSync(join(tmpdir(), 'checkup-multiproc-sessions-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

interface RunJson {
  session: string;
  diagnosis: { verdict: string; findings: Array<{ kind: string; severity: string; explanation: string; culprits: Array<{ functionName: string; url: string; line: number }> }> };
}

async function run(node: string, script: string, marker: string, env: string[]): Promise<{ json: RunJson; units: UnitsFile }> {
  const args = ['run', '--json', '--out', out, '-d', '4', '--warmup', '1', '-c', '8', '--no-heap', '--node', node, '--cwd', fixturesDir, ...env.flatMap((e) => ['-e', e]), '--', 'node', script, marker];
  const r = await runCli(args);
  expect(r.code, r.stderr + r.stdout).toBe(0);
  const json = JSON.parse(r.stdout) as RunJson;
  const units = JSON.parse(readFileSync(join(json.session, 'units.json'), 'utf8')) as UnitsFile;
  // Shutdown took the whole tree down: no process with our marker in its command line is left.
  expect(await waitFor(() => processesWith(marker).length === 0, 5000), `left running: ${processesWith(marker).join(', ')}`).toBe(true);
  return { json, units };
}

describe.each(NODES)('multi-unit runs on Node %s', (version, node) => {
  it.skipIf(!existsSync(node))('a cluster of 2 workers with a CPU-heavy handler: blocked, culprit in the workers\' handler', async () => {
    const { json, units } = await run(node, 'cluster-cpu.cjs', `MULTIPROC-CLUSTER-${version}-${process.pid}`, ['WORK=1500000']);
    const lead = json.diagnosis.findings[0]!;
    expect(json.diagnosis.verdict, lead.explanation).toBe('event-loop-blocked');
    // The workers' function: renderReport, or its caller handleReport where V8 inlined it (Node 22 and 24 do).
    expect(lead.culprits[0]).toMatchObject({ functionName: expect.stringMatching(/^(renderReport|handleReport)$/), url: expect.stringContaining('cluster-cpu.cjs') });
    expect(lead.explanation).toMatch(/^In cluster worker \d+/);
    const workers = units.units.filter((u) => u.role === 'cluster-worker');
    expect(workers).toHaveLength(2);
    const primary = units.units.find((u) => u.role === 'primary')!;
    for (const w of workers) expect(w.parentId).toBe(primary.id);
    // The load was served by the workers, and they decided the verdict.
    expect(primary.requests ?? 0).toBe(0);
    expect(workers.reduce((n, w) => n + (w.requests ?? 0), 0)).toBeGreaterThan(0);
    expect(units.decidedBy.every((id) => workers.some((w) => w.id === id))).toBe(true);
    for (const w of workers.filter((x) => (x.requests ?? 0) > 0)) {
      expect(w.cpuProfile).toBeDefined();
      expect(existsSync(join(json.session, w.cpuProfile!))).toBe(true);
    }
  }, 90_000);

  it.skipIf(!existsSync(node))('a handler posting work to a saturated pool of worker threads: culprit in the worker\'s file', async () => {
    const { json, units } = await run(node, 'worker-pool-server.cjs', `MULTIPROC-POOL-${version}-${process.pid}`, ['WORK=1000000', 'POOL=2']);
    const lead = json.diagnosis.findings[0]!;
    expect(json.diagnosis.verdict, `${lead.explanation}\n${JSON.stringify(units.units.map((u) => [u.id, u.elu, u.diagnosis?.verdict]))}`).toBe('worker-pool-saturated');
    // The worker's function: crunchNumbers itself, or its caller onJob where V8 inlined it (Node 22 and 24 do).
    expect(lead.culprits[0]).toMatchObject({ functionName: expect.stringMatching(/^(crunchNumbers|onJob)$/), url: expect.stringContaining('pool-worker.cjs') });
    const threads = units.units.filter((u) => u.role === 'worker-thread');
    expect(threads).toHaveLength(2);
    for (const t of threads) {
      expect(t.title).toContain('pool-worker.cjs');
      expect(t.parentId).toBe(units.units.find((u) => u.main)!.id);
      const profile = JSON.parse(readFileSync(join(json.session, t.cpuProfile!), 'utf8')) as { nodes: Array<{ callFrame: { functionName: string } }> };
      expect(profile.nodes.some((n) => /^(crunchNumbers|onJob)$/.test(n.callFrame.functionName))).toBe(true);
      // The thread's own probe windows: its loop busy with the pool's work.
      const samples = readFileSync(join(json.session, t.samples!), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { elu: number });
      expect(samples.length).toBeGreaterThan(4);
      expect(Math.max(...samples.map((x) => x.elu))).toBeGreaterThan(0.5);
    }
  }, 90_000);
});
