// The probe's cost in instructions, counted by valgrind (callgrind): repeatable whatever else the machine is doing,
// unlike requests/s or CPU time on a shared 2-core machine. A hello-world server runs under valgrind without and with
// the probe (and, with `parts`, without each part of app/probe/parts.cjs). Each run is one process: a warm-up load with
// instrumentation off (start-up and the JIT's compilation of the hot paths are not the per-request cost: counting them
// made the earlier figures depend on how much code there was to optimise), then counters zeroed, an idle stretch (the
// work that runs by the clock: timers, windows), then the measured load. Per request = (load's instructions - the
// idle rate x the load's seconds) / requests; under valgrind a server handles only a few hundred requests a second,
// so the clock's work is charged at real request rates separately (the background figure).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { probePath } from '../app/paths.js';

const require = createRequire(import.meta.url);
const autocannonCli = join(require.resolve('autocannon'), '..', 'autocannon.js');
const SERVER = `require('node:http').createServer((req, res) => res.end('hello world')).listen(0, '127.0.0.1', function () { console.log('port ' + this.address().port); });\n`;

export function valgrindAvailable(): boolean {
  return spawnSync('valgrind', ['--version']).status === 0;
}

/** A stand-in for the engine's side channel: accepts the probe and discards what it sends. */
async function sink(dir: string): Promise<{ path: string; close(): void }> {
  const path = join(mkdtempSync(join(dir, 'sink-')), 'sink.sock');
  const server = createServer((s) => {
    s.on('data', () => undefined);
    s.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(path, r));
  return { path, close: () => server.close() };
}

interface Counted {
  /** Instructions per request of the measured load, the clock's share taken out. */
  perRequest: number;
  /** The same, the main thread's alone (without the compiler's and the GC's helper threads). */
  mainThreadPerRequest: number;
  /** Instructions per second while idle (timers, windows). */
  idlePerSecond: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function callgrindControl(pid: number, args: string[]): void {
  spawnSync('callgrind_control', [...args, String(pid)], { stdio: 'ignore', timeout: 120_000 });
}

/** Totals of dump N (`out.N-TT`, one file per thread): all threads, and the main thread (the first) alone. */
function dumpTotals(dir: string, base: string, n: number): { all: number; main: number } {
  const prefix = `${base}.${n}-`;
  const files = () => readdirSync(dir).filter((f) => f.startsWith(prefix)).sort();
  for (let i = 0; i < 600 && !files().length; i++) spawnSync('sleep', ['0.2']);
  spawnSync('sleep', ['1']); // every thread's file written
  let all = 0;
  let main = NaN;
  for (const f of files()) {
    const m = /^(?:summary|totals): (\d+)/m.exec(readFileSync(join(dir, f), 'utf8'));
    const total = Number(m?.[1] ?? 0);
    all += total;
    if (Number.isNaN(main)) main = total;
  }
  return { all, main };
}

async function count(dir: string, o: { probe: boolean; without?: string[]; nodeArgs?: string[]; warmup: number; settleSec: number; requests: number; idleSec: number; intervalMs: number }): Promise<Counted> {
  const channel = await sink(dir);
  const base = `cg-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.out`;
  const script = join(dir, 'server.cjs');
  writeFileSync(script, SERVER);
  const child = spawn('valgrind', ['--tool=callgrind', '--instr-atstart=no', '--separate-threads=yes', `--callgrind-out-file=${join(dir, base)}`, '--smc-check=all-non-file', '--dump-instr=no', process.execPath, ...(o.nodeArgs ?? []), ...(o.probe ? ['--require', probePath] : []), script], {
    env: { ...process.env, CHECKUP_PROBE_CHANNEL: channel.path, CHECKUP_PROBE_INTERVAL_MS: String(o.intervalMs), CHECKUP_PROBE_WITHOUT: (o.without ?? []).join(',') },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  try {
    const port = await new Promise<number>((resolve) => child.stdout!.on('data', (d: Buffer) => {
      const m = /port (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    }));
    const load = (n: number) => spawnSync(process.execPath, [autocannonCli, '-c', '2', '-a', String(n), `http://127.0.0.1:${port}/`], { stdio: 'ignore' });
    await sleep(1000);
    load(o.warmup);
    // The optimising compiler's queued jobs run on threads of their own, which valgrind runs one at a time: let them
    // finish before counting.
    await sleep(o.settleSec * 1000);
    callgrindControl(child.pid!, ['--instr=on']);
    callgrindControl(child.pid!, ['--zero']);
    const idleStart = Date.now();
    await sleep(o.idleSec * 1000);
    callgrindControl(child.pid!, ['--dump=idle']);
    const idleSec = (Date.now() - idleStart) / 1000;
    const idle = dumpTotals(dir, base, 1);
    const loadStart = Date.now();
    load(o.requests);
    callgrindControl(child.pid!, ['--dump=load']);
    const loadSec = (Date.now() - loadStart) / 1000;
    const loaded = dumpTotals(dir, base, 2);
    const idlePerSecond = idle.all / idleSec;
    return {
      perRequest: (loaded.all - idlePerSecond * loadSec) / o.requests,
      mainThreadPerRequest: (loaded.main - (idle.main / idleSec) * loadSec) / o.requests,
      idlePerSecond,
    };
  } finally {
    const exited = new Promise((r) => child.on('exit', r));
    child.kill('SIGTERM');
    await exited;
    channel.close();
  }
}

export interface ProbeInstructionsResult {
  perRequestPlain: number;
  perRequestProbed: number;
  /** probed / plain instructions per request. */
  perRequestRatio: number;
  /** The probe's instructions per second on an idle server (sampling every 250 ms, delay monitor). */
  backgroundPerSecond: number;
  /**
   * With `profilers`: the probe plus V8's CPU profiler (sampling every N µs) or heap sampler (every N bytes), the same
   * profilers an inspector session starts, through Node's --cpu-prof / --heap-prof: instructions per request and the
   * added instructions per second, against the probe alone.
   */
  profiled?: { label: string; perRequest: number; idlePerSecond: number }[];
  /** With `parts`: instructions per request and idle per second with each part of app/probe/parts.cjs left out. */
  without?: { part: string; perRequest: number; idlePerSecond: number }[];
}

export interface ProbeInstructionsOptions {
  log?: (line: string) => void;
  /** Also count the probe without each switchable part (true), or without each of those named. */
  parts?: boolean | string[];
  /** Also count the probe with the CPU profiler at these sampling intervals (µs) and the heap sampler at these (bytes). */
  profilers?: { cpuUs: number[]; heapBytes: number[] };
  warmup?: number;
  requests?: number;
  idleSec?: number;
  /** How many valgrind processes at once (each is single-threaded in valgrind; counts do not depend on it). */
  parallel?: number;
}

export async function benchProbeInstructions(opts: ProbeInstructionsOptions = {}): Promise<ProbeInstructionsResult> {
  const dir = mkdtempSync(join(tmpdir(), 'checkup-vg-'));
  const log = opts.log ?? (() => undefined);
  const settings = { warmup: opts.warmup ?? 2000, settleSec: 15, requests: opts.requests ?? 1000, idleSec: opts.idleSec ?? 10, intervalMs: 250 };
  const { SWITCHABLE: ALL_PARTS } = require(join(dirname(probePath), 'parts.cjs')) as { SWITCHABLE: string[] };
  const SWITCHABLE = Array.isArray(opts.parts) ? opts.parts.filter((p) => ALL_PARTS.includes(p)) : ALL_PARTS;
  const profilerRuns = opts.profilers
    ? [
        ...opts.profilers.cpuUs.map((us) => ({ label: `cpu profile every ${us} µs`, probe: true, nodeArgs: ['--cpu-prof', `--cpu-prof-interval=${us}`, `--cpu-prof-dir=${dir}`] })),
        ...opts.profilers.heapBytes.map((bytes) => ({ label: `heap sampling every ${bytes / 1024} KiB`, probe: true, nodeArgs: ['--heap-prof', `--heap-prof-interval=${bytes}`, `--heap-prof-dir=${dir}`] })),
      ]
    : [];
  const runs: { label: string; probe: boolean; without?: string[]; nodeArgs?: string[] }[] = [
    { label: 'plain', probe: false },
    { label: 'probe', probe: true },
    ...(opts.parts ? SWITCHABLE.map((part) => ({ label: part, probe: true, without: [part] })) : []),
    ...profilerRuns,
  ];
  const results = new Map<string, Counted>();
  try {
    const queue = [...runs];
    const worker = async () => {
      for (let run = queue.shift(); run; run = queue.shift()) {
        const counted = await count(dir, { ...settings, probe: run.probe, without: run.without, nodeArgs: run.nodeArgs });
        results.set(run.label, counted);
        log(`${run.label === 'plain' || run.label === 'probe' || run.nodeArgs ? run.label : 'probe without ' + run.label}: ${Math.round(counted.perRequest)} instructions per request (main thread ${Math.round(counted.mainThreadPerRequest)}), ${(counted.idlePerSecond / 1e6).toFixed(2)} M/s idle`);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, opts.parallel ?? 2) }, worker));
    const plain = results.get('plain')!;
    const probed = results.get('probe')!;
    return {
      perRequestPlain: plain.perRequest,
      perRequestProbed: probed.perRequest,
      perRequestRatio: probed.perRequest / plain.perRequest,
      backgroundPerSecond: probed.idlePerSecond - plain.idlePerSecond,
      ...(opts.profilers ? { profiled: profilerRuns.map((run) => ({ label: run.label, perRequest: results.get(run.label)!.perRequest, idlePerSecond: results.get(run.label)!.idlePerSecond - probed.idlePerSecond })) } : {}),
      ...(opts.parts ? { without: SWITCHABLE.map((part) => ({ part, perRequest: results.get(part)!.perRequest, idlePerSecond: results.get(part)!.idlePerSecond - plain.idlePerSecond })) } : {}),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Extra instructions per request at `rate` requests/s, as a share of the app's own. */
export function overheadAt(r: ProbeInstructionsResult, rate: number): number {
  return (r.perRequestProbed - r.perRequestPlain + r.backgroundPerSecond / rate) / r.perRequestPlain;
}

export function formatProbeInstructions(r: ProbeInstructionsResult): string {
  const pct = (rate: number) => `${(100 * overheadAt(r, rate)).toFixed(1)} % at ${rate.toLocaleString('en-US')} req/s`;
  return [
    'Probe cost in instructions (valgrind callgrind; hello-world server; repeatable on a noisy machine)',
    `  per request: ${Math.round(r.perRequestPlain).toLocaleString('en-US')} without the probe, ${Math.round(r.perRequestProbed).toLocaleString('en-US')} with it: ratio ${r.perRequestRatio.toFixed(3)}`,
    `  background (4 samples/s, 10 ms delay timer): ${(r.backgroundPerSecond / 1e6).toFixed(1)} M instructions/s`,
    `  together, extra instructions per request: ${pct(1000)}, ${pct(10_000)}, ${pct(50_000)}`,
    ...(r.profiled ?? []).map((p) => `  probe + ${p.label}: ${Math.round(p.perRequest).toLocaleString('en-US')} per request (${(100 * (p.perRequest / r.perRequestProbed - 1)).toFixed(1)} % over the probe alone), plus ${(p.idlePerSecond / 1e6).toFixed(1)} M instructions/s: ${(100 * ((p.perRequest - r.perRequestProbed + p.idlePerSecond / 10_000) / r.perRequestProbed)).toFixed(1)} % at 10,000 req/s`),
    ...(r.without ?? []).map((w) => `  without ${w.part}: ${Math.round(w.perRequest).toLocaleString('en-US')} per request (the part's share ${Math.round(r.perRequestProbed - w.perRequest).toLocaleString('en-US')}), background ${(w.idlePerSecond / 1e6).toFixed(2)} M/s`),
  ].join('\n');
}
