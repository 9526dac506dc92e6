// The probe's cost in instructions, counted by valgrind (callgrind): repeatable whatever else the machine is doing,
// unlike requests/s or CPU time on a shared 2-core machine. A hello-world server runs under valgrind without and with
// the probe (and, with `parts`, without each part of app/probe/parts.cjs). Each run is one process: a warm-up load with
// instrumentation off (start-up and the JIT's compilation of the hot paths are not the per-request cost: counting them
// made the earlier figures depend on how much code there was to optimise), then counters zeroed, an idle stretch (the
// work that runs by the clock: timers, windows), then the measured load. Per request = (load's instructions - the
// idle rate x the load's seconds) / requests; under valgrind a server handles only a few hundred requests a second,
// so the clock's work is charged at real request rates separately (the background figure).
// The background is counted in processes "at rest" (plain, probe, CHECKUP_VG_OTHER_PROBE's) with windows every 250 ms
// as `checkup run` takes them, whatever --vg-interval; per window x 4 (AtRest). `--vg-chunks 0`: only these.
// CHECKUP_VG_LOG_DIR=DIR keeps each server's output in DIR (NN-setting.log) with the stages of its count marked, for
// V8's --trace-deopt / --trace-opt given in --vg-node-args: where a deoptimisation fell (warm-up, idle, a counted chunk).
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** A stand-in for the engine's side channel: accepts the probe, counts the windows (samples) it sends, drops the rest. */
async function sink(dir: string): Promise<{ path: string; samples(): number; close(): void }> {
  const path = join(mkdtempSync(join(dir, 'sink-')), 'sink.sock');
  let samples = 0;
  const server = createServer((s) => {
    s.setEncoding('utf8');
    s.on('data', (text: string) => {
      for (let i = text.indexOf('"type":"sample"'); i >= 0; i = text.indexOf('"type":"sample"', i + 1)) samples++;
    });
    s.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(path, r));
  return { path, samples: () => samples, close: () => server.close() };
}

interface Counted {
  /** Instructions per request of the measured load, the clock's share taken out: the steady chunks' median. */
  perRequest: number;
  /** The same, the main thread's alone (without the compiler's and the GC's helper threads). */
  mainThreadPerRequest: number;
  /** Instructions per second while idle (timers, windows). */
  idlePerSecond: number;
  /** Per request, each chunk of the measured load in order (all threads). */
  chunks: number[];
  /** The same, the main thread's alone. */
  mainChunks: number[];
  /** Chunks in which the probe took a window (counted again: none of them is in `chunks` unless the retries ran out). */
  windowsInCount: number;
  /** Instructions per second while idle, the main thread's alone. */
  idleMainPerSecond: number;
  /** The probe's windows per second during the idle count (4 at the engine's 250 ms; 0 without the probe). */
  idleWindowsPerSecond: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function callgrindControl(pid: number, args: string[]): void {
  spawnSync('callgrind_control', [...args, String(pid)], { stdio: 'ignore', timeout: 120_000 });
}

/**
 * Totals of dump N (`out.N-TT`, one file per thread): all threads, and the main thread (the first) alone. With `keepAs`
 * (CHECKUP_VG_KEEP_DIR), each thread's file is copied there as `keepAs-TT` before it is deleted, for callgrind_annotate.
 */
function dumpTotals(dir: string, base: string, n: number, keepAs?: string): { all: number; main: number } {
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
    if (keepAs) copyFileSync(join(dir, f), `${keepAs}-${f.slice(prefix.length)}`);
    rmSync(join(dir, f), { force: true });
  }
  return { all, main };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * The steady state of one process: the JIT is still at work after a warm-up of thousands of requests (its
 * recompilations land in some chunks and not others, and a chunk's count can double), so a process's figure is the
 * median of its later half of chunks, where the count has stopped falling.
 */
export function steady(chunks: number[]): number {
  return median(chunks.slice(Math.floor(chunks.length / 2)));
}

async function count(dir: string, o: { keepAs?: string; logFile?: string; probeFile?: string; probe: boolean; without?: string[]; nodeArgs?: string[]; warmup: number; warmupLoads: number; settleSec: number; requests: number; chunks: number; idleSec: number; intervalMs: number }): Promise<Counted> {
  const channel = await sink(dir);
  const base = `cg-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.out`;
  const script = join(dir, 'server.cjs');
  // CHECKUP_VG_SERVER=FILE: another server to count (a framework's, for a part whose cost is in the framework's path);
  // it prints `port N` once it listens, as the hello world does.
  writeFileSync(script, process.env.CHECKUP_VG_SERVER ? readFileSync(process.env.CHECKUP_VG_SERVER, 'utf8') : SERVER);
  const child = spawn('valgrind', ['--tool=callgrind', '--instr-atstart=no', '--separate-threads=yes', `--callgrind-out-file=${join(dir, base)}`, '--smc-check=all-non-file', '--dump-instr=no', process.execPath, ...(o.nodeArgs ?? []), ...(o.probe ? ['--require', o.probeFile ?? probePath] : []), script], {
    env: { ...process.env, CHECKUP_PROBE_CHANNEL: channel.path, CHECKUP_PROBE_INTERVAL_MS: String(o.intervalMs), CHECKUP_PROBE_WITHOUT: (o.without ?? []).join(',') },
    stdio: ['ignore', 'pipe', o.logFile ? 'pipe' : 'ignore'],
  });
  // With a log file: the server's output (V8's --trace-deopt, --trace-opt lines) with the stages of the count marked
  // in it, so that a deoptimisation can be placed in the warm-up, the idle stretch or a counted chunk.
  const mark = (line: string) => o.logFile && appendFileSync(o.logFile, `=== ${line} ${new Date().toISOString()}\n`);
  if (o.logFile) {
    child.stdout!.on('data', (d: Buffer) => appendFileSync(o.logFile!, d));
    child.stderr!.on('data', (d: Buffer) => appendFileSync(o.logFile!, d));
  }
  try {
    const port = await new Promise<number>((resolve) => child.stdout!.on('data', (d: Buffer) => {
      const m = /port (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    }));
    // Asynchronous: with several valgrind processes counted at once, a synchronous load would hold up the others.
    const load = (n: number) => new Promise<void>((resolve) => spawn(process.execPath, [autocannonCli, '-c', '2', '-a', String(n), `http://127.0.0.1:${port}/`], { stdio: 'ignore' }).on('exit', () => resolve()));
    await sleep(1000);
    // The warm-up in several loads, each on connections of its own: when the first connections close, Node's
    // sockets and parsers change shape and V8 throws away the optimised code of the whole request path (a cascade
    // of "wrong map" deoptimisations at the next load's first request), then optimises it again over the next few
    // thousand requests. Counted after a single warm-up load, that re-optimisation was the first chunks' 3-5x.
    const warmupLoads = Math.max(2, o.warmupLoads);
    for (let i = 0; i < warmupLoads; i++) {
      mark(`warm-up load ${i + 1}`);
      await load(Math.ceil(o.warmup / warmupLoads));
    }
    // The probe's first window, waited for and followed by one more warm-up load. It is the first time the request
    // path's code meets the side channel: its write to the Unix socket reaches the same stream functions (_write,
    // writeOrBuffer, onwrite, _unrefTimer) with another map, and its take() resets the routes part's last-route cache,
    // so V8 throws their optimised code away ("wrong map", "insufficient type feedback") and optimises them again over
    // the next few thousand requests. At the engine's 250 ms that happens in the first second; with --vg-interval 60000
    // it landed wherever the 60th second fell, in some processes in the counted chunks (--trace-deopt, CHECKUP_VG_LOG_DIR).
    // The warm-up after it is as long as the first (every setting alike, the plain server too): the functions the
    // window threw away go back to the interpreter's baseline tier, and TurboFan takes them again only after their
    // call counts build up anew. One load of a quarter of the warm-up was not enough: in a probed process's kept dumps
    // (callgrind per function, the perf map of --perf-basic-prof) routes' add and the streams' onwrite still ran as
    // baseline code in the counted chunks, ~1k instructions a request that the engine's 250 ms windows never leave
    // (there the first window comes before the app is warm).
    if (o.probe) {
      mark('waiting for the first window');
      for (let waited = 0; channel.samples() === 0 && waited < o.intervalMs + 60_000; waited += 200) await sleep(200);
    }
    for (let i = 0; i < warmupLoads; i++) {
      mark(`warm-up load ${i + 1} after the first window`);
      await load(Math.ceil(o.warmup / warmupLoads));
    }
    mark('settle');
    // The optimising compiler's queued jobs run on threads of their own, which valgrind runs one at a time: let them
    // finish before counting.
    await sleep(o.settleSec * 1000);
    callgrindControl(child.pid!, ['--instr=on']);
    callgrindControl(child.pid!, ['--zero']);
    const idleStart = Date.now();
    mark('idle (counted)');
    const windowsAtIdle = channel.samples();
    await sleep(o.idleSec * 1000);
    callgrindControl(child.pid!, ['--dump=idle']);
    const idleSec = (Date.now() - idleStart) / 1000;
    const idleWindowsPerSecond = (channel.samples() - windowsAtIdle) / idleSec;
    const idle = dumpTotals(dir, base, 1, o.keepAs && `${o.keepAs}.idle`);
    const idlePerSecond = idle.all / idleSec;
    const idleMainPerSecond = idle.main / idleSec;
    // A background process (no chunks): the idle stretch is the whole count.
    if (o.chunks === 0) return { perRequest: NaN, mainThreadPerRequest: NaN, idlePerSecond, idleMainPerSecond, idleWindowsPerSecond, chunks: [], mainChunks: [], windowsInCount: 0 };
    const perChunk = Math.max(1, Math.round(o.requests / o.chunks));
    const chunks: number[] = [];
    const mains: number[] = [];
    // A chunk in which the probe took a window is counted again (twice at most): under valgrind a window costs
    // thousands of instructions per request of a 1,000-request chunk, which the idle rate does not take out.
    let windowsInCount = 0;
    for (let c = 0; chunks.length < o.chunks && c < o.chunks + 2; c++) {
      const samplesAtStart = channel.samples();
      const loadStart = Date.now();
      mark(`chunk ${c + 1} (counted)`);
      await load(perChunk);
      callgrindControl(child.pid!, ['--dump=load']);
      const loadSec = (Date.now() - loadStart) / 1000;
      const loaded = dumpTotals(dir, base, c + 2, o.keepAs && `${o.keepAs}.chunk${c + 1}`);
      const windowed = channel.samples() !== samplesAtStart;
      mark(`chunk ${c + 1} end${windowed ? ': a window in it, not counted' : ''}`);
      if (windowed) {
        windowsInCount++;
        if (c < o.chunks + 1) continue;
      }
      chunks.push((loaded.all - idlePerSecond * loadSec) / perChunk);
      mains.push((loaded.main - (idle.main / idleSec) * loadSec) / perChunk);
    }
    return { perRequest: steady(chunks), mainThreadPerRequest: steady(mains), idlePerSecond, idleMainPerSecond, idleWindowsPerSecond, chunks, mainChunks: mains, windowsInCount };
  } finally {
    const exited = new Promise((r) => child.on('exit', r));
    child.kill('SIGTERM');
    await exited;
    channel.close();
    const perfMap = `/tmp/perf-${child.pid}.map`;
    if (o.keepAs && existsSync(perfMap)) copyFileSync(perfMap, `${o.keepAs}.perf.map`);
  }
}

/** One setting counted in several processes: the median of their steady figures, and their range. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  /** Each process's steady figure, in the order run. */
  each: number[];
}

function spread(xs: number[]): Spread {
  return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs), each: xs };
}

export interface SettingCount {
  label: string;
  perRequest: Spread;
  mainThreadPerRequest: Spread;
  idlePerSecond: Spread;
  /** Each process's chunks, per request. */
  chunks: number[][];
}

export interface ProbeInstructionsResult {
  settings: { warmup: number; requests: number; chunks: number; processes: number; nodeArgs: string[]; restSec: number };
  plain: SettingCount;
  probe: SettingCount;
  /** probed / plain instructions per request (medians). */
  perRequestRatio: number;
  /**
   * The probe's instructions per second on an idle server at the engine's window (250 ms) and delay monitor: the
   * median of the probe's background processes less the plain server's (all threads).
   */
  backgroundPerSecond: number;
  /** The background processes (no load counted, windows every 250 ms whatever --vg-interval): each setting at rest. */
  atRest: AtRest[];
  /**
   * With `profilers`: the probe plus V8's CPU profiler (sampling every N µs) or heap sampler (every N bytes), the same
   * profilers an inspector session starts, through Node's --cpu-prof / --heap-prof.
   */
  profiled?: (SettingCount & { interval: number; kind: 'cpu' | 'heap' })[];
  /** With CHECKUP_VG_OTHER_PROBE: that build of the probe, counted beside this one. */
  other?: SettingCount;
  /** With `parts`: the probe with each part of app/probe/parts.cjs left out. */
  without?: (SettingCount & { part: string })[];
}

/** One setting's idle server: instructions per second (all threads; main thread), and the probe's windows per second. */
export interface AtRest {
  label: string;
  perSecond: Spread;
  mainPerSecond: Spread;
  windowsPerSecond: Spread;
  /**
   * With the probe: the idle count per window (the delay monitor's ticks in it included) x 4, the rate at 250 ms. Under
   * valgrind a window lasts longer (1.3-3.8 a second, the ticks as late): per wall-clock second understates it.
   */
  perSecondAt250?: Spread;
  /** The same, the main thread's alone. */
  mainPerSecondAt250?: Spread;
}

export interface ProbeInstructionsOptions {
  log?: (line: string) => void;
  /** Also count the probe without each switchable part (true), or without each of those named. */
  parts?: boolean | string[];
  /** Also count the probe with the CPU profiler at these sampling intervals (µs) and the heap sampler at these (bytes). */
  profilers?: { cpuUs: number[]; heapBytes: number[] };
  /** Which of the plain server and the whole probe to count (both by default; none to count only parts or profilers). */
  baseline?: ('plain' | 'probe')[];
  warmup?: number;
  /** The warm-up's requests in this many loads, each on new connections (at least 2: see count()). */
  warmupLoads?: number;
  /** Requests counted per process, in `chunks` loads with a dump after each. */
  requests?: number;
  /** 0: only the background processes (each setting at rest), no load counted. */
  chunks?: number;
  /** Seconds of the background processes' idle count (30 by default). */
  restSec?: number;
  /** Processes per setting. */
  processes?: number;
  idleSec?: number;
  /** Extra flags for node (say --max-opt=1, to count without the optimising compilers). */
  nodeArgs?: string[];
  /**
   * The probe's sampling window, ms (250 by default, as the engine runs it). Under valgrind a server serves only tens of
   * requests a second, so the clock's work during a load is as large as the requests' own, and subtracting an idle
   * rate measured apart (which varies by 2 M/s between processes) swamps the per-request figure: 60000 takes the
   * windows out of the measured load, leaving the requests' own cost (the background is then counted in a run of its own).
   */
  intervalMs?: number;
  /**
   * How many valgrind processes at once (1 by default: each is single-threaded in valgrind, and on a shared 2-core
   * machine a second one delays the first's compiler threads, which moves where the JIT's work lands).
   */
  parallel?: number;
}

export async function benchProbeInstructions(opts: ProbeInstructionsOptions = {}): Promise<ProbeInstructionsResult> {
  const dir = mkdtempSync(join(tmpdir(), 'checkup-vg-'));
  const log = opts.log ?? (() => undefined);
  const settings = { warmup: opts.warmup ?? 10_000, warmupLoads: opts.warmupLoads ?? 4, settleSec: 15, requests: opts.requests ?? 20_000, chunks: opts.chunks ?? 8, idleSec: opts.idleSec ?? 10, intervalMs: opts.intervalMs ?? 250 };
  const loads = settings.chunks > 0;
  const processes = Math.max(1, opts.processes ?? 3);
  const baseArgs = opts.nodeArgs ?? [];
  const { SWITCHABLE: ALL_PARTS } = require(join(dirname(probePath), 'parts.cjs')) as { SWITCHABLE: string[] };
  // A name may join several parts with '+' (db+request-context), left out together in one setting.
  const SWITCHABLE = Array.isArray(opts.parts) ? opts.parts.filter((p) => p.split('+').every((q) => ALL_PARTS.includes(q))) : ALL_PARTS;
  const profilerRuns = opts.profilers
    ? [
        ...opts.profilers.cpuUs.map((us) => ({ label: `cpu profile every ${us} µs`, kind: 'cpu' as const, interval: us, probe: true, nodeArgs: ['--cpu-prof', `--cpu-prof-interval=${us}`, `--cpu-prof-dir=${dir}`] })),
        ...opts.profilers.heapBytes.map((bytes) => ({ label: `heap sampling every ${bytes / 1024} KiB`, kind: 'heap' as const, interval: bytes, probe: true, nodeArgs: ['--heap-prof', `--heap-prof-interval=${bytes}`, `--heap-prof-dir=${dir}`] })),
      ]
    : [];
  // CHECKUP_VG_OTHER_PROBE=PATH: another build of the probe (say the previous commit's app/probe/probe.cjs, from git
  // archive) counted as one more setting, interleaved with this one's: a change's before and after in one run.
  const otherProbe = process.env.CHECKUP_VG_OTHER_PROBE;
  const baselines = (opts.baseline ?? ['plain', 'probe']).map((label) => ({ label, probe: label === 'probe' }));
  const loadRuns: { label: string; probe: boolean; probeFile?: string; without?: string[]; nodeArgs?: string[] }[] = [
    ...baselines,
    ...(otherProbe ? [{ label: 'other probe', probe: true, probeFile: otherProbe }] : []),
    ...(opts.parts ? SWITCHABLE.map((part) => ({ label: 'without ' + part, probe: true, without: part.split('+') })) : []),
    ...profilerRuns,
  ];
  // The background at the engine's window, in processes of its own (the load processes idle at --vg-interval, 60000
  // to keep windows out of the counted loads): a short warm-up, then restSec idle with windows every 250 ms.
  const REST = ' at rest';
  const restRuns = [...baselines, ...(otherProbe ? [{ label: 'other probe', probe: true, probeFile: otherProbe }] : [])].map((r) => ({ ...r, label: r.label + REST, rest: true }));
  const settingsRun: { label: string; probe: boolean; probeFile?: string; without?: string[]; nodeArgs?: string[]; rest?: boolean }[] = [...(loads ? loadRuns : []), ...restRuns];
  // Processes interleaved (every setting's first, then every setting's second...), so that a slow stretch of the
  // machine falls on all settings alike; instructions do not depend on it, the JIT's timing does.
  const queue = Array.from({ length: processes }, () => settingsRun).flat();
  const results = new Map<string, Counted[]>();
  const k = (n: number) => `${Math.round(n / 1000)}k`;
  try {
    const logDir = process.env.CHECKUP_VG_LOG_DIR;
    // CHECKUP_VG_KEEP_DIR=DIR: every dump kept there (NN-setting.idle-TT, NN-setting.chunkC-TT; TT the thread, 01 the
    // main one), for callgrind_annotate per function (plain's against the probe's). --vg-node-args=--perf-basic-prof
    // also keeps V8's /tmp/perf-PID.map of each process (NN-setting.perf.map), which names the JIT code callgrind
    // shows only by address (bench/callgrind-jit-names.mjs).
    const keepDir = process.env.CHECKUP_VG_KEEP_DIR;
    if (keepDir) mkdirSync(keepDir, { recursive: true });
    let runNumber = 0;
    const worker = async () => {
      for (let run = queue.shift(); run; run = queue.shift()) {
        const name = `${String(++runNumber).padStart(2, '0')}-${run.label.replace(/[^a-z0-9+-]+/gi, '_')}`;
        const logFile = logDir ? join(logDir, `${name}.log`) : undefined;
        const keepAs = keepDir ? join(keepDir, name) : undefined;
        const atRest = run.rest ? { chunks: 0, intervalMs: 250, idleSec: opts.restSec ?? 30, warmup: Math.min(settings.warmup, 2000) } : {};
        const counted = await count(dir, { ...settings, ...atRest, keepAs, logFile, probeFile: run.probeFile, probe: run.probe, without: run.without, nodeArgs: [...baseArgs, ...(run.nodeArgs ?? [])] });
        results.set(run.label, [...(results.get(run.label) ?? []), counted]);
        if (run.rest) log(`${run.label}: ${(counted.idlePerSecond / 1e6).toFixed(2)} M instructions/s (main thread ${(counted.idleMainPerSecond / 1e6).toFixed(2)} M/s), ${counted.idleWindowsPerSecond.toFixed(2)} windows/s${counted.idleWindowsPerSecond > 0 ? `, ${(counted.idlePerSecond / counted.idleWindowsPerSecond / 1e6).toFixed(3)} M per window` : ''}`);
        else log(`${run.label}: ${Math.round(counted.perRequest)} instructions per request (main thread ${Math.round(counted.mainThreadPerRequest)}), ${(counted.idlePerSecond / 1e6).toFixed(2)} M/s idle; chunks ${counted.chunks.map(k).join(' ')} (main thread ${counted.mainChunks.map(k).join(' ')})${counted.windowsInCount ? `; ${counted.windowsInCount} chunk(s) with a window counted again` : ''}`);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, opts.parallel ?? 1) }, worker));
    const setting = (label: string): SettingCount => {
      const runs = results.get(label) ?? [];
      return { label, perRequest: spread(runs.map((r) => r.perRequest)), mainThreadPerRequest: spread(runs.map((r) => r.mainThreadPerRequest)), idlePerSecond: spread(runs.map((r) => r.idlePerSecond)), chunks: runs.map((r) => r.chunks) };
    };
    const plain = setting('plain');
    const probe = setting('probe');
    const atRest = restRuns.map(({ label }): AtRest => {
      const runs = results.get(label) ?? [];
      const windowed = runs.filter((r) => r.idleWindowsPerSecond > 0);
      const at250 = windowed.length ? { perSecondAt250: spread(windowed.map((r) => (r.idlePerSecond / r.idleWindowsPerSecond) * 4)), mainPerSecondAt250: spread(windowed.map((r) => (r.idleMainPerSecond / r.idleWindowsPerSecond) * 4)) } : {};
      return { label, perSecond: spread(runs.map((r) => r.idlePerSecond)), mainPerSecond: spread(runs.map((r) => r.idleMainPerSecond)), windowsPerSecond: spread(runs.map((r) => r.idleWindowsPerSecond)), ...at250 };
    });
    const rest = (label: string) => ((r) => (r?.perSecondAt250 ?? r?.perSecond)?.median ?? NaN)(atRest.find((a) => a.label === label + REST));
    return {
      settings: { warmup: settings.warmup, requests: settings.requests, chunks: settings.chunks, processes, nodeArgs: baseArgs, restSec: opts.restSec ?? 30 },
      plain,
      probe,
      perRequestRatio: probe.perRequest.median / plain.perRequest.median,
      backgroundPerSecond: rest('probe') - rest('plain'),
      atRest,
      ...(otherProbe ? { other: setting('other probe') } : {}),
      ...(opts.profilers ? { profiled: profilerRuns.map((run) => ({ ...setting(run.label), kind: run.kind, interval: run.interval })) } : {}),
      ...(opts.parts ? { without: SWITCHABLE.map((part) => ({ ...setting('without ' + part), part })) } : {}),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// The report of a run (and the share at a request rate) live beside it; named from here as before.
export { formatProbeInstructions, overheadAt } from './probe-instructions-report.js';
