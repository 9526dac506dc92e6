// Benchmark: requests/s of a hello-world server under `checkup run` versus autocannon alone
// with the same options, without and with profiling, from interleaved pairs; and the time from the end of the load to
// the diagnosis being written. Both sides run as separate processes exactly as a user would run them.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootDir } from '../app/paths.js';
import { median } from '../app/numbers.js';
import { fmt } from './stats.js';

const require = createRequire(import.meta.url);
const autocannonCli = join(require.resolve('autocannon'), '..', 'autocannon.js');
const helloServer = join(rootDir, 'bench', 'fixtures', 'hello-server.js');
const checkupCli = join(rootDir, 'bin', 'checkup.js');

export interface RunOverheadOptions {
  pairs?: number;
  durationSec?: number;
  warmupSec?: number;
  connections?: number;
  log?: (line: string) => void;
}

interface Captured {
  code: number | null;
  stdout: string;
}

function capture(args: string[], onLine?: (line: string) => void): { done: Promise<Captured>; child: ReturnType<typeof spawn> } {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout!.on('data', (d: Buffer) => {
    stdout += d.toString();
    if (onLine) for (const line of d.toString().split('\n')) if (line) onLine(line);
  });
  return { child, done: new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout: stdout || stderr }))) };
}

/** autocannon alone: the server as a plain process, a warm-up run, then the measured run. */
async function autocannonAlone(o: Required<RunOverheadOptions>): Promise<number> {
  let port = 0;
  let resolvePort!: () => void;
  const portSeen = new Promise<void>((resolve) => (resolvePort = resolve));
  const server = capture([helloServer], (line) => {
    try {
      port = (JSON.parse(line) as { port: number }).port;
      resolvePort();
    } catch {
      // not the port line
    }
  });
  const serverChild = server.child;
  await portSeen;
  try {
    const url = `http://127.0.0.1:${port}/`;
    if (o.warmupSec > 0) await capture([autocannonCli, '-c', String(o.connections), '-d', String(o.warmupSec), '--json', url]).done;
    const measured = await capture([autocannonCli, '-c', String(o.connections), '-d', String(o.durationSec), '--json', url]).done;
    return (JSON.parse(measured.stdout) as { requests: { average: number } }).requests.average;
  } finally {
    serverChild.kill('SIGKILL');
  }
}

interface CheckupSide {
  rps: number;
  diagnosisMs: number;
  profilerStartMs?: number;
  profilerStopMs?: number;
}

async function underCheckup(o: Required<RunOverheadOptions>, profiling: boolean, out: string): Promise<CheckupSide> {
  const args = [checkupCli, 'run', '--json', '--out', out, '-c', String(o.connections), '-d', String(o.durationSec), '--warmup', String(o.warmupSec)];
  if (!profiling) args.push('--no-profile', '--no-heap');
  const r = await capture([...args, '--', 'node', helloServer]).done;
  if (r.code !== 0) throw new Error(`checkup run failed (${r.code}): ${r.stdout.slice(0, 500)}`);
  const doc = JSON.parse(r.stdout) as { load: { requestsPerSecond: number }; session: string };
  const session = JSON.parse(readFileSync(join(doc.session, 'session.json'), 'utf8')) as { timings: Record<string, number> };
  const t = session.timings;
  return { rps: doc.load.requestsPerSecond, diagnosisMs: t.diagnosedAt! - t.measureEndAt!, profilerStartMs: t.profilerStartMs, profilerStopMs: t.profilerStopMs };
}

export interface RunOverheadResult {
  options: Required<Omit<RunOverheadOptions, 'log'>>;
  plain: { pairs: Array<{ alone: number; checkup: number; ratio: number }>; medianRatio: number };
  profiled: { pairs: Array<{ alone: number; checkup: number; ratio: number }>; medianRatio: number };
  diagnosisMs: { values: number[]; median: number };
  profilerMs: { start: number; stop: number };
}

export async function benchRunOverhead(opts: RunOverheadOptions = {}): Promise<RunOverheadResult> {
  const o: Required<RunOverheadOptions> = { pairs: 3, durationSec: 10, warmupSec: 2, connections: 10, log: () => undefined, ...opts };
  const out = mkdtempSync(join(tmpdir(), 'checkup-bench-'));
  const plain: RunOverheadResult['plain']['pairs'] = [];
  const profiled: RunOverheadResult['plain']['pairs'] = [];
  const diagnosis: number[] = [];
  const profilerStart: number[] = [];
  const profilerStop: number[] = [];
  for (let i = 0; i < o.pairs; i++) {
    // Alternate which side goes first, so a drift in the machine's load does not favour one side.
    for (const [profiling, into] of [[false, plain], [true, profiled]] as const) {
      const first = i % 2 === 0;
      const a = first ? await autocannonAlone(o) : undefined;
      const c = await underCheckup(o, profiling, out);
      const alone = a ?? (await autocannonAlone(o));
      into.push({ alone, checkup: c.rps, ratio: c.rps / alone });
      o.log(`pair ${i + 1}/${o.pairs} ${profiling ? 'profiled' : 'plain   '}: autocannon alone ${Math.round(alone)} req/s, under checkup ${Math.round(c.rps)} req/s, ratio ${fmt(c.rps / alone)}`);
      if (profiling) {
        diagnosis.push(c.diagnosisMs);
        if (c.profilerStartMs !== undefined) profilerStart.push(c.profilerStartMs);
        if (c.profilerStopMs !== undefined) profilerStop.push(c.profilerStopMs);
      }
    }
  }
  const { log: _log, ...options } = o;
  return {
    options,
    plain: { pairs: plain, medianRatio: median(plain.map((p) => p.ratio)) },
    profiled: { pairs: profiled, medianRatio: median(profiled.map((p) => p.ratio)) },
    diagnosisMs: { values: diagnosis, median: median(diagnosis) },
    profilerMs: { start: median(profilerStart), stop: median(profilerStop) },
  };
}

export function formatRunOverhead(r: RunOverheadResult): string {
  const o = r.options;
  return [
    `Run overhead: hello-world, ${o.connections} connections, ${o.durationSec} s measured after ${o.warmupSec} s warm-up, ${o.pairs} interleaved pairs`,
    `  (a) req/s under checkup run (probe only) / autocannon alone:   median ratio ${fmt(r.plain.medianRatio)}  [${r.plain.pairs.map((p) => fmt(p.ratio)).join(', ')}]  goal >= 0.97`,
    `  (b) req/s under checkup run (CPU + heap profiling) / alone:    median ratio ${fmt(r.profiled.medianRatio)}  [${r.profiled.pairs.map((p) => fmt(p.ratio)).join(', ')}]`,
    `  (c) end of load -> diagnosis written (10 s runs, profiled):   median ${Math.round(r.diagnosisMs.median)} ms  [${r.diagnosisMs.values.map((v) => Math.round(v)).join(', ')}]  goal < 1000 ms`,
    `      profiler cost seen by the engine: Profiler.start ${fmt(r.profilerMs.start, 1)} ms, Profiler.stop ${fmt(r.profilerMs.stop, 1)} ms`,
  ].join('\n');
}
