// Benchmark: opening a huge .cpuprofile the way users do, side by side with the floor. Three fresh processes per
// repetition, in an order that rotates from one repetition to the next:
//   floor    a Node process that reads the file and JSON.parse-s it (nothing else),
//   inspect  `checkup inspect FILE --json` (import, summary and advice in the import worker),
//   app      the engine call the app makes when a file is opened (openProfile: import, summary, advice and the
//            flame view's reduced document), in a Node process of its own.
// Each is timed from spawn to exit, and its peak RSS (all threads) is read by `/usr/bin/time -f %M`. Figures are
// reported as medians and ranges, and as ratios to the floor of the same repetition.
//
//   node out/bench/profile-open.js [--sizes 200] [--huge] [--reps 3] [--seed 1]
//   (--huge adds a 1 GB file; a 1 GB file is past V8's longest string, so its floor cannot be measured)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledEntry, rootDir } from '../app/paths.js';
import { median } from '../app/numbers.js';
import { ensureFile } from './profile-import.js';

export type OpenPath = 'floor' | 'inspect' | 'app';
const PATHS: OpenPath[] = ['floor', 'inspect', 'app'];

export interface OpenRun {
  ok: boolean;
  ms: number;
  peakRssMb: number;
  error?: string;
}

export interface ProfileOpenBenchResult {
  node: string;
  files: Array<{ sizeMb: number; bytes: number; samples: number; nodes: number; runs: Record<OpenPath, OpenRun[]> }>;
}

export interface BenchProfileOpenOptions {
  sizes?: number[];
  /** Also a 1 GB file. */
  huge?: boolean;
  reps?: number;
  seed?: number;
  cacheDir?: string;
  log?: (line: string) => void;
}

const FLOOR_SCRIPT = "JSON.parse(require('node:fs').readFileSync(process.argv[1], 'utf8'))";

function appScript(): string {
  const engine = JSON.stringify(compiledEntry('app/rpc/in-process'));
  return `
    const { openInProcessEngine } = await import(${engine});
    const engine = openInProcessEngine({ sessionsDir: process.argv[3] });
    try {
      const view = await engine.api.openProfile({ source: { kind: 'file', path: process.argv[2] } });
      if (!view.flamePath || view.summary.samples <= 0) throw new Error('no flame view');
    } finally {
      await engine.close();
    }
  `;
}

/** The app's path runs from a script file: the import worker inherits the process's flags, and `--input-type` is not one it can take. */
function command(path: OpenPath, file: string, scratch: string): string[] {
  if (path === 'floor') return [process.execPath, '-e', FLOOR_SCRIPT, file];
  if (path === 'inspect') return [process.execPath, join(rootDir, 'bin', 'checkup.js'), 'inspect', file, '--json'];
  const script = join(scratch, 'open-in-app.mjs');
  if (!existsSync(script)) writeFileSync(script, appScript());
  return [process.execPath, script, file, join(scratch, 'sessions')];
}

/** One fresh process under `/usr/bin/time`: wall time from spawn to exit, its peak RSS. */
function measure(argv: string[], timeFile: string): Promise<OpenRun> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '%M', '-o', timeFile, ...argv], { cwd: rootDir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    child.on('close', (code) => {
      const ms = Math.round(performance.now() - started);
      let peakRssMb = 0;
      try {
        peakRssMb = Math.round(Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop()) / 1024);
      } catch {
        // no report: the run failed before time wrote it
      }
      const lines = stderr.trim().split('\n');
      const last = lines.find((l) => /^\w*Error\b.*:|CHK_[A-Z_]+/.test(l)) ?? lines.filter((l) => l && !/^(Command exited|Node\.js v)/.test(l)).pop();
      resolve(code === 0 ? { ok: true, ms, peakRssMb } : { ok: false, ms, peakRssMb, error: (last ?? `exit ${code}`).slice(0, 200) });
    });
  });
}

export async function benchProfileOpen(opts: BenchProfileOpenOptions = {}): Promise<ProfileOpenBenchResult> {
  if (!existsSync('/usr/bin/time')) throw new Error('this benchmark needs /usr/bin/time (Debian: apt-get install time) for peak RSS');
  const sizes = [...(opts.sizes ?? [200]), ...(opts.huge ? [1024] : [])];
  const reps = opts.reps ?? 3;
  const cacheDir = opts.cacheDir ?? join(tmpdir(), 'checkup-bench-profiles');
  const log = opts.log ?? ((line: string) => process.stderr.write(line + '\n'));
  const scratch = mkdtempSync(join(tmpdir(), 'checkup-bench-open-'));
  const result: ProfileOpenBenchResult = { node: process.version, files: [] };
  try {
    for (const sizeMb of sizes) {
      log(`profile-open: ${sizeMb} MB file...`);
      const file = await ensureFile(cacheDir, sizeMb, opts.seed ?? 1);
      const runs: Record<OpenPath, OpenRun[]> = { floor: [], inspect: [], app: [] };
      for (let rep = 0; rep < reps; rep++) {
        // Rotated order: no side always runs first (cold page cache, a neighbour's burst).
        const order = PATHS.map((_, k) => PATHS[(k + rep) % PATHS.length]!);
        for (const path of order) {
          const run = await measure(command(path, file.path, scratch), join(scratch, 'time.txt'));
          runs[path].push(run);
          log(`  rep ${rep + 1} ${path}: ${run.ok ? `${run.ms} ms, peak ${run.peakRssMb} MB` : `failed: ${run.error}`}`);
        }
      }
      result.files.push({ sizeMb, bytes: file.bytes, samples: file.samples, nodes: file.nodes, runs });
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return result;
}

function span(values: number[], unit: (v: number) => string): string {
  if (!values.length) return 'failed';
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return `${unit(median(values))} (${unit(lo)}–${unit(hi)})`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (mb: number) => `${Math.round(mb)} MB`;
const times = (r: number) => `${r.toFixed(2)}x`;

/** Per path: median time and peak RSS with ranges, and the medians of the per-repetition ratios to the floor. */
export function formatProfileOpenBench(r: ProfileOpenBenchResult): string {
  const lines = ['| file | path | time | peak RSS | time / floor | peak RSS / floor |', '|---|---|---|---|---|---|'];
  for (const f of r.files) {
    const label = `${f.sizeMb} MB (${(f.samples / 1e6).toFixed(1)} M samples)`;
    for (const path of PATHS) {
      const runs = f.runs[path];
      const ok = runs.filter((x) => x.ok);
      const failed = runs.length - ok.length;
      const ratios = (pick: (x: OpenRun) => number) =>
        runs.flatMap((x, i) => (x.ok && f.runs.floor[i]?.ok ? [pick(x) / pick(f.runs.floor[i]!)] : []));
      const timeRatio = path === 'floor' ? '1' : span(ratios((x) => x.ms), times);
      const rssRatio = path === 'floor' ? '1' : span(ratios((x) => x.peakRssMb), times);
      const note = failed ? ` (${failed} failed: ${runs.find((x) => !x.ok)!.error})` : '';
      lines.push(`| ${label} | ${path} | ${span(ok.map((x) => x.ms), seconds)}${note} | ${span(ok.map((x) => x.peakRssMb), megabytes)} | ${timeRatio} | ${rssRatio} |`);
    }
  }
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const r = await benchProfileOpen({
    ...(arg('sizes') ? { sizes: arg('sizes')!.split(',').map(Number) } : {}),
    ...(arg('reps') ? { reps: Number(arg('reps')) } : {}),
    ...(arg('seed') ? { seed: Number(arg('seed')) } : {}),
    huge: process.argv.includes('--huge'),
  });
  console.log(JSON.stringify(r, null, 2));
  console.log(formatProfileOpenBench(r));
}
