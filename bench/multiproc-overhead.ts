// Issue 11's bench line: what the probe and the profilers cost an app that is more than one process or thread, as
// ratios of runs side by side. Two apps: a cluster of 2 workers and a server handing each request to a pool of 2
// worker threads, both doing moderate CPU work per request. Each is measured three ways, in interleaved rounds (the
// order rotates, so a drift of the machine's load favours no side): autocannon alone against the unprobed app,
// `checkup run --no-profile --no-heap` (a probe in every process and thread), and `checkup run --no-heap` (the probe
// plus a CPU profile of every process and worker thread). Reported: req/s of each checkup side over autocannon alone.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootDir } from '../app/paths.js';
import { median } from '../app/numbers.js';
import { fmt } from './stats.js';

const require = createRequire(import.meta.url);
const autocannonCli = join(require.resolve('autocannon'), '..', 'autocannon.js');
const checkupCli = join(rootDir, 'bin', 'checkup.js');
const targets = join(rootDir, 'test', 'fixtures', 'targets');

export interface MultiprocOverheadOptions {
  rounds?: number;
  durationSec?: number;
  warmupSec?: number;
  connections?: number;
  log?: (line: string) => void;
}

const APPS = [
  { name: 'cluster of 2 workers', script: 'cluster-cpu.cjs', env: { WORKERS: '2', WORK: '200000' } },
  { name: 'pool of 2 worker threads', script: 'worker-pool-server.cjs', env: { POOL: '2', WORK: '200000' } },
] as const;

type Side = 'alone' | 'probe' | 'profiled';
const SIDES: Side[] = ['alone', 'probe', 'profiled'];

function run(args: string[], env: NodeJS.ProcessEnv = {}): { child: ChildProcess; done: Promise<{ code: number | null; stdout: string }> } {
  const child = spawn(process.execPath, args, { cwd: targets, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', ...env } });
  let stdout = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.resume();
  return { child, done: new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout }))) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function answering(port: number, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const ok = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the app never answered on port ${port}`);
}

async function alone(app: (typeof APPS)[number], o: Required<MultiprocOverheadOptions>): Promise<number> {
  const port = await freePort();
  // Its own process group, so the cluster's workers go with it.
  const server = spawn(process.execPath, [app.script], { cwd: targets, env: { ...process.env, ...app.env, PORT: String(port) }, stdio: 'ignore', detached: true });
  try {
    await answering(port);
    const url = `http://127.0.0.1:${port}/`;
    if (o.warmupSec > 0) await run([autocannonCli, '-c', String(o.connections), '-d', String(o.warmupSec), '--json', url]).done;
    const measured = await run([autocannonCli, '-c', String(o.connections), '-d', String(o.durationSec), '--json', url]).done;
    return (JSON.parse(measured.stdout) as { requests: { average: number } }).requests.average;
  } finally {
    try {
      process.kill(-server.pid!, 'SIGKILL');
    } catch {
      server.kill('SIGKILL');
    }
  }
}

async function underCheckup(app: (typeof APPS)[number], profiled: boolean, o: Required<MultiprocOverheadOptions>, out: string): Promise<number> {
  const args = [checkupCli, 'run', '--json', '--out', out, '-c', String(o.connections), '-d', String(o.durationSec), '--warmup', String(o.warmupSec), '--no-heap'];
  if (!profiled) args.push('--no-profile');
  for (const [k, v] of Object.entries(app.env)) args.push('-e', `${k}=${v}`);
  const r = await run([...args, '--', 'node', app.script]).done;
  if (r.code !== 0) throw new Error(`checkup run failed (${r.code}): ${r.stdout.slice(0, 500)}`);
  return (JSON.parse(r.stdout) as { load: { requestsPerSecond: number } }).load.requestsPerSecond;
}

export interface MultiprocOverheadResult {
  options: Required<Omit<MultiprocOverheadOptions, 'log'>>;
  apps: Array<{ name: string; rounds: Array<Record<Side, number>>; probeRatio: number; profiledRatio: number }>;
}

export async function benchMultiprocOverhead(opts: MultiprocOverheadOptions = {}): Promise<MultiprocOverheadResult> {
  const o: Required<MultiprocOverheadOptions> = { rounds: 3, durationSec: 8, warmupSec: 2, connections: 10, log: () => undefined, ...opts };
  const out = mkdtempSync(join(tmpdir(), 'checkup-bench-multiproc-'));
  const apps: MultiprocOverheadResult['apps'] = [];
  try {
    for (const app of APPS) {
      const rounds: Array<Record<Side, number>> = [];
      for (let i = 0; i < o.rounds; i++) {
        const round = {} as Record<Side, number>;
        // Rotate the order every round: alone, probe, profiled; then probe, profiled, alone; ...
        for (let k = 0; k < SIDES.length; k++) {
          const side = SIDES[(i + k) % SIDES.length]!;
          round[side] = side === 'alone' ? await alone(app, o) : await underCheckup(app, side === 'profiled', o, out);
        }
        rounds.push(round);
        o.log(`${app.name}, round ${i + 1}/${o.rounds}: alone ${Math.round(round.alone)} req/s, probe ${Math.round(round.probe)} (${fmt(round.probe / round.alone)}), probe + profiles ${Math.round(round.profiled)} (${fmt(round.profiled / round.alone)})`);
      }
      apps.push({ name: app.name, rounds, probeRatio: median(rounds.map((r) => r.probe / r.alone)), profiledRatio: median(rounds.map((r) => r.profiled / r.alone)) });
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  const { log: _log, ...options } = o;
  return { options, apps };
}

export function formatMultiprocOverhead(r: MultiprocOverheadResult): string {
  const o = r.options;
  return [
    `Probe and profiler cost with workers and clusters: ${o.connections} connections, ${o.durationSec} s measured after ${o.warmupSec} s warm-up, ${o.rounds} interleaved rounds`,
    ...r.apps.flatMap((a) => [
      `  ${a.name}: req/s under checkup run (probe in every process and thread) / autocannon alone: median ratio ${fmt(a.probeRatio)}  [${a.rounds.map((x) => fmt(x.probe / x.alone)).join(', ')}]`,
      `  ${a.name}: req/s under checkup run (probe + CPU profile of every unit) / alone:            median ratio ${fmt(a.profiledRatio)}  [${a.rounds.map((x) => fmt(x.profiled / x.alone)).join(', ')}]`,
    ]),
  ].join('\n');
}
