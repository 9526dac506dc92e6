// What the probe costs the app it watches: requests/s of a hello-world server with the probe (launched through target
// control: probe sampling every 250 ms, inspector open, side channel) versus the same server started plainly.
// Interleaved pairs with alternating order (so drift and thermal effects hit both sides alike); the figure is the
// median of the per-pair ratios. autocannon runs in a separate child process so it does not share an event loop with
// anything it measures; on a 2-core machine it still shares the cores with the server, as a real run does.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compiledEntry } from '../app/paths.js';
import { launchTarget, resolveNodeBinary } from '../app/target/index.js';
import { killTree } from '../app/target/process-tree.js';
import { median } from '../app/numbers.js';
import { freePort } from '../scripts/free-port.js';

export interface ProbeOverheadOptions {
  /** Interleaved pairs (default 3; the median needs at least 3). */
  pairs?: number;
  /** Measured seconds per run (default 5). */
  durationSec?: number;
  /** Unmeasured load before each run (default 1). */
  warmupSec?: number;
  connections?: number;
  /** Node binary for the server (default: as target control chooses). */
  node?: string;
  /** Measure another build of the probe (default app/probe/probe.cjs). */
  probeFile?: string;
  onProgress?: (message: string) => void;
}

export interface ProbeOverheadPair {
  order: 'plain-first' | 'probed-first';
  plainRps: number;
  probedRps: number;
  /** probed / plain: 1 means no cost. */
  ratio: number;
  /** Server CPU time per request (µs) over the measured window, Linux only: steadier than req/s on a busy machine. */
  plainCpuUsPerRequest?: number;
  probedCpuUsPerRequest?: number;
}

export interface ProbeOverheadResult {
  pairs: ProbeOverheadPair[];
  medianRatio: number;
  /** Median of probed / plain server CPU per request (Linux only): 1 means no cost, 1.05 means 5 % more CPU. */
  medianCpuRatio?: number;
  plainRpsMedian: number;
  probedRpsMedian: number;
  durationSec: number;
  connections: number;
}

const SERVER = `'use strict';
require('http').createServer((req, res) => res.end('hello world')).listen(Number(process.env.PORT || 0), '127.0.0.1');
`;

interface LoadRequest {
  url: string;
  connections: number;
  durationSec: number;
}

interface LoadPlan {
  connections: number;
  durationSec: number;
  warmupSec: number;
}

interface LoadFigures {
  requestsPerSecond: number;
  requestsTotal: number;
  errors: number;
  non2xx: number;
}

interface RunFigures {
  rps: number;
  cpuUsPerRequest?: number;
}

/** utime + stime of a process in clock ticks (Linux /proc), or undefined elsewhere. */
function cpuTicks(pid: number | undefined): number | undefined {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** Clock ticks per second for /proc figures (USER_HZ; 100 on practically every Linux). */
const TICKS_PER_SECOND = 100;

/** Warm up, then measure requests/s and the server's CPU time per request over the measured run only. */
async function measure(url: string, serverPid: number | undefined, load: LoadPlan): Promise<RunFigures> {
  if (load.warmupSec > 0) await runLoad({ url, connections: load.connections, durationSec: load.warmupSec });
  const before = cpuTicks(serverPid);
  const figures = await runLoad({ url, connections: load.connections, durationSec: load.durationSec });
  const after = cpuTicks(serverPid);
  if (figures.errors || figures.non2xx) throw new Error(`bench: ${figures.errors} errors, ${figures.non2xx} non-2xx during the load`);
  const cpuUsPerRequest = before !== undefined && after !== undefined && figures.requestsTotal > 0 ? ((after - before) / TICKS_PER_SECOND) * 1e6 / figures.requestsTotal : undefined;
  return { rps: figures.requestsPerSecond, cpuUsPerRequest };
}


async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const s = connect({ port, host: '127.0.0.1' });
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`bench: port ${port} never opened`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One load run in a child process (this same file, compiled, with --load-child). */
function runLoad(request: LoadRequest): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [compiledEntry('bench/probe-overhead'), '--load-child', JSON.stringify(request)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`bench: load child exited with ${code}`));
      try {
        resolve(JSON.parse(out) as LoadFigures);
      } catch (err) {
        reject(err as Error);
      }
    });
  });
}

async function measurePlain(scriptPath: string, node: string, load: LoadPlan): Promise<RunFigures> {
  const port = await freePort();
  const child = spawn(node, [scriptPath], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore', detached: process.platform !== 'win32' });
  let exited = false;
  child.once('exit', () => (exited = true));
  try {
    await waitForPort(port, 10_000);
    return await measure(`http://127.0.0.1:${port}/`, child.pid, load);
  } finally {
    await killTree({ leader: child.pid! }, 2000, () => exited);
  }
}

async function measureProbed(scriptPath: string, node: string, load: LoadPlan, probeFile?: string): Promise<RunFigures> {
  const target = await launchTarget({ kind: 'script', script: scriptPath, cwd: tmpdir() }, { node, sampleIntervalMs: 250, probeFile });
  try {
    const { port, pid } = await target.waitUntilListening(10_000);
    return await measure(`http://127.0.0.1:${port}/`, pid, load);
  } finally {
    await target.shutdown({ graceMs: 2000 });
  }
}

export async function benchProbeOverhead(opts: ProbeOverheadOptions = {}): Promise<ProbeOverheadResult> {
  const pairs = Math.max(1, opts.pairs ?? 3);
  const load = { connections: opts.connections ?? 10, durationSec: opts.durationSec ?? 5, warmupSec: opts.warmupSec ?? 1 };
  const node = resolveNodeBinary(opts.node);
  const dir = mkdtempSync(join(tmpdir(), 'checkup-bench-probe-'));
  const scriptPath = join(dir, 'hello-world.cjs');
  writeFileSync(scriptPath, SERVER);
  const results: ProbeOverheadPair[] = [];
  try {
    for (let i = 0; i < pairs; i++) {
      const order = i % 2 === 0 ? 'plain-first' : 'probed-first';
      let plain: RunFigures;
      let probed: RunFigures;
      if (order === 'plain-first') {
        plain = await measurePlain(scriptPath, node, load);
        probed = await measureProbed(scriptPath, node, load, opts.probeFile);
      } else {
        probed = await measureProbed(scriptPath, node, load, opts.probeFile);
        plain = await measurePlain(scriptPath, node, load);
      }
      const pair: ProbeOverheadPair = {
        order,
        plainRps: plain.rps,
        probedRps: probed.rps,
        ratio: probed.rps / plain.rps,
        plainCpuUsPerRequest: plain.cpuUsPerRequest,
        probedCpuUsPerRequest: probed.cpuUsPerRequest,
      };
      results.push(pair);
      const cpu = pair.plainCpuUsPerRequest && pair.probedCpuUsPerRequest ? `, CPU/request ${pair.plainCpuUsPerRequest.toFixed(1)} vs ${pair.probedCpuUsPerRequest.toFixed(1)} µs` : '';
      opts.onProgress?.(`probe overhead pair ${i + 1}/${pairs}: plain ${pair.plainRps.toFixed(0)} req/s, probed ${pair.probedRps.toFixed(0)} req/s, ratio ${pair.ratio.toFixed(3)}${cpu}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const cpuRatios = results.filter((p) => p.plainCpuUsPerRequest && p.probedCpuUsPerRequest).map((p) => p.probedCpuUsPerRequest! / p.plainCpuUsPerRequest!);
  return {
    pairs: results,
    medianRatio: median(results.map((p) => p.ratio)),
    medianCpuRatio: cpuRatios.length === results.length ? median(cpuRatios) : undefined,
    plainRpsMedian: median(results.map((p) => p.plainRps)),
    probedRpsMedian: median(results.map((p) => p.probedRps)),
    durationSec: load.durationSec,
    connections: load.connections,
  };
}

// ---- the load child ----------------------------------------------------------------------------------------------

interface AutocannonResult {
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;

async function loadChild(request: LoadRequest): Promise<void> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const result = await autocannon({ url: request.url, connections: request.connections, duration: request.durationSec });
  const figures: LoadFigures = { requestsPerSecond: result.requests.total / request.durationSec, requestsTotal: result.requests.total, errors: result.errors + result.timeouts, non2xx: result.non2xx };
  process.stdout.write(JSON.stringify(figures));
}

if (process.argv[2] === '--load-child' && import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  loadChild(JSON.parse(process.argv[3] ?? '{}') as LoadRequest).catch((err: unknown) => {
    process.stderr.write(String((err as Error)?.stack ?? err) + '\n');
    process.exit(1);
  });
}
