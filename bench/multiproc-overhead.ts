// what the probe and the profilers cost an app that is more than one process or thread, as
// ratios of runs side by side. Two apps: a cluster of 2 workers and a server handing each request to a pool of 2
// worker threads, both doing moderate CPU work per request. Each is measured three ways, in interleaved rounds (the
// order rotates, so a drift of the machine's load favours no side): autocannon alone against the unprobed app,
// `checkup run --no-profile --no-heap` (a probe in every process and thread), and `checkup run --no-heap` (the probe
// plus a CPU profile of every process and worker thread). Reported: req/s of each checkup side over autocannon alone,
// and CPU time per request (all the app's processes) of each side over alone. On a machine busy with other work the
// req/s ratio says more about the scheduler than about us (a CPU-bound worker waiting for a core reads busy but uses
// little CPU), so the CPU per request is the figure to read there.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UnitsFile } from '../app/contract/units.js';
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

interface Measured {
  rps: number;
  /** CPU ms per completed request, every process of the app together. */
  cpuMsPerRequest: number;
}

/** utime + stime (ms) of every live process in a process group (Linux /proc; clock ticks taken as 100/s). */
function groupCpuMs(pgid: number): number {
  let ticks = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(f[2]) === pgid) ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // gone
    }
  }
  return ticks * 10;
}

async function alone(app: (typeof APPS)[number], o: Required<MultiprocOverheadOptions>): Promise<Measured> {
  const port = await freePort();
  // Its own process group, so the cluster's workers go with it.
  const server = spawn(process.execPath, [app.script], { cwd: targets, env: { ...process.env, ...app.env, PORT: String(port) }, stdio: 'ignore', detached: true });
  try {
    await answering(port);
    const url = `http://127.0.0.1:${port}/`;
    if (o.warmupSec > 0) await run([autocannonCli, '-c', String(o.connections), '-d', String(o.warmupSec), '--json', url]).done;
    const cpuBefore = groupCpuMs(server.pid!);
    const measured = await run([autocannonCli, '-c', String(o.connections), '-d', String(o.durationSec), '--json', url]).done;
    const cpuMs = groupCpuMs(server.pid!) - cpuBefore;
    const result = JSON.parse(measured.stdout) as { requests: { average: number; total: number } };
    return { rps: result.requests.average, cpuMsPerRequest: cpuMs / Math.max(1, result.requests.total) };
  } finally {
    try {
      process.kill(-server.pid!, 'SIGKILL');
    } catch {
      server.kill('SIGKILL');
    }
  }
}

async function underCheckup(app: (typeof APPS)[number], profiled: boolean, o: Required<MultiprocOverheadOptions>, out: string): Promise<Measured> {
  const args = [checkupCli, 'run', '--json', '--out', out, '-c', String(o.connections), '-d', String(o.durationSec), '--warmup', String(o.warmupSec), '--no-heap'];
  if (!profiled) args.push('--no-profile');
  for (const [k, v] of Object.entries(app.env)) args.push('-e', `${k}=${v}`);
  const r = await run([...args, '--', 'node', app.script]).done;
  if (r.code !== 0) throw new Error(`checkup run failed (${r.code}): ${r.stdout.slice(0, 500)}`);
  const doc = JSON.parse(r.stdout) as { load: { requestsPerSecond: number; requestsTotal: number }; units?: UnitsFile };
  // The probes' CPU readings of every process (a process's main thread reports the whole process) over the window.
  const cores = (doc.units?.units ?? []).filter((u) => u.threadId === 0).reduce((sum, u) => sum + (u.cpu ?? 0), 0);
  return { rps: doc.load.requestsPerSecond, cpuMsPerRequest: (cores * o.durationSec * 1000) / Math.max(1, doc.load.requestsTotal) };
}

export interface MultiprocOverheadResult {
  options: Required<Omit<MultiprocOverheadOptions, 'log'>>;
  apps: Array<{ name: string; rounds: Array<Record<Side, Measured>>; probeRatio: number; profiledRatio: number; probeCpuRatio: number; profiledCpuRatio: number }>;
}

export async function benchMultiprocOverhead(opts: MultiprocOverheadOptions = {}): Promise<MultiprocOverheadResult> {
  const o: Required<MultiprocOverheadOptions> = { rounds: 3, durationSec: 8, warmupSec: 2, connections: 10, log: () => undefined, ...opts };
  const out = mkdtempSync(join(tmpdir(), 'checkup-bench-multiproc-'));
  const apps: MultiprocOverheadResult['apps'] = [];
  try {
    for (const app of APPS) {
      const rounds: Array<Record<Side, Measured>> = [];
      for (let i = 0; i < o.rounds; i++) {
        const round = {} as Record<Side, Measured>;
        // Rotate the order every round: alone, probe, profiled; then probe, profiled, alone; ...
        for (let k = 0; k < SIDES.length; k++) {
          const side = SIDES[(i + k) % SIDES.length]!;
          round[side] = side === 'alone' ? await alone(app, o) : await underCheckup(app, side === 'profiled', o, out);
        }
        rounds.push(round);
        const line = (side: Side) => `${Math.round(round[side].rps)} req/s ${fmt(round[side].cpuMsPerRequest, 2)} CPU ms/req`;
        o.log(`${app.name}, round ${i + 1}/${o.rounds}: alone ${line('alone')}; probe ${line('probe')}; probe + profiles ${line('profiled')}`);
      }
      const ratio = (side: Side, key: keyof Measured) => median(rounds.map((r) => r[side][key] / r.alone[key]));
      apps.push({ name: app.name, rounds, probeRatio: ratio('probe', 'rps'), profiledRatio: ratio('profiled', 'rps'), probeCpuRatio: ratio('probe', 'cpuMsPerRequest'), profiledCpuRatio: ratio('profiled', 'cpuMsPerRequest') });
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
      `  ${a.name}, probe in every process and thread / alone:   req/s median ratio ${fmt(a.probeRatio)}  [${a.rounds.map((x) => fmt(x.probe.rps / x.alone.rps)).join(', ')}]`,
      `      CPU per request median ratio ${fmt(a.probeCpuRatio)}  [${a.rounds.map((x) => fmt(x.probe.cpuMsPerRequest / x.alone.cpuMsPerRequest)).join(', ')}]`,
      `  ${a.name}, probe + CPU profile of every unit / alone:   req/s median ratio ${fmt(a.profiledRatio)}  [${a.rounds.map((x) => fmt(x.profiled.rps / x.alone.rps)).join(', ')}]`,
      `      CPU per request median ratio ${fmt(a.profiledCpuRatio)}  [${a.rounds.map((x) => fmt(x.profiled.cpuMsPerRequest / x.alone.cpuMsPerRequest)).join(', ')}]`,
    ]),
  ].join('\n');
}
