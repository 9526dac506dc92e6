// Benchmark: opening generated 10/50/200 MB .cpuprofile files. Our import + summary + flame reduction runs in a fresh
// child process per file (time, and the child's own peak RSS), once with the streaming parser and once with a plain
// JSON.parse of the whole text, side by side with speedscope's own importer in headless Chromium (time until the
// flame graph is shown, the tab crashes, or the time limit passes; peak RSS of the browser's processes).
//
//   node out/bench/profile-import.js [--sizes 10,50,200] [--seed 1] [--timeout 120]
import { execFile } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { cpus, tmpdir, totalmem } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { compiledEntry, rootDir } from '../app/paths.js';

export interface BenchProfileImportOptions {
  /** File sizes in MB. */
  sizes?: number[];
  seed?: number;
  /** Where generated files are kept between runs. */
  cacheDir?: string;
  /** Per-file time limit for speedscope, seconds. */
  speedscopeTimeoutSec?: number;
  /** Also the same stacks as pprof (default true). */
  pprof?: boolean;
  /** Skip the browser side (e.g. no Chromium on this machine). */
  skipSpeedscope?: boolean;
  chromiumPath?: string;
  log?: (line: string) => void;
}

interface Run {
  ok: boolean;
  ms?: number;
  maxRssMb?: number;
  error?: string;
}

interface SpeedscopeRun {
  status: 'rendered' | 'crashed' | 'timeout' | 'error';
  ms: number;
  peakPssMb: number;
  detail?: string;
}

export interface ProfileImportBenchResult {
  machine: { node: string; cpus: number; totalMemMb: number };
  files: Array<{
    sizeMb: number;
    bytes: number;
    samples: number;
    nodes: number;
    checkup: { streaming: Run; jsonParse: Run; flameBytes?: number };
    speedscope?: SpeedscopeRun;
    /** The same stacks as a production profiler writes them: pprof, one sample per tick with a timestamp label. */
    pprof?: { bytes: number; unzippedBytes: number; checkup: Run; pprofFormat: Run };
  }>;
}

const exec = promisify(execFile);

export async function ensureFile(dir: string, sizeMb: number, seed: number): Promise<{ path: string; bytes: number; samples: number; nodes: number }> {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `seed${seed}-${sizeMb}MB.cpuprofile`);
  const meta = `${path}.json`;
  if (existsSync(path) && existsSync(meta)) return JSON.parse(readFileSync(meta, 'utf8'));
  const generator = join(rootDir, 'scripts', 'generate-big-profile.js');
  const { stdout } = await exec(process.execPath, [generator, '--size', `${sizeMb}MB`, '--seed', String(seed), '--out', path], { maxBuffer: 1 << 20 });
  const info = JSON.parse(stdout) as { path: string; bytes: number; samples: number; nodes: number };
  writeFileSync(meta, JSON.stringify(info));
  return info;
}

/** The file's stacks as pprof (scripts/generate-big-pprof.js), kept beside it in the cache. */
async function ensurePprof(cpuprofile: string): Promise<{ path: string; bytes: number; unzippedBytes: number }> {
  const path = `${cpuprofile}.pb.gz`;
  const meta = `${path}.json`;
  if (existsSync(path) && existsSync(meta)) return JSON.parse(readFileSync(meta, 'utf8'));
  const { stdout } = await exec(process.execPath, ['--max-old-space-size=8192', join(rootDir, 'scripts', 'generate-big-pprof.js'), '--from', cpuprofile, '--out', path], { maxBuffer: 1 << 20, timeout: 1_800_000 });
  const info = JSON.parse(stdout) as { path: string; bytes: number; unzippedBytes: number };
  writeFileSync(meta, JSON.stringify(info));
  return info;
}

/** pprof-format's own decoding of the whole message (objects for every sample): the reference for a pprof reader. */
function pprofFormatScript(): string {
  return `
    const { Profile } = await import('pprof-format');
    const { readFileSync } = await import('node:fs');
    const { gunzipSync } = await import('node:zlib');
    const started = performance.now();
    const p = Profile.decode(gunzipSync(readFileSync(process.argv[1])));
    const ms = performance.now() - started;
    console.log(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024, samples: p.sample.length, flameBytes: 0 }));
  `;
}

/** The code a measuring child runs: `stream` (our import) or `json` (JSON.parse, then the same model). */
function childScript(mode: 'stream' | 'json'): string {
  const imp = JSON.stringify(compiledEntry('app/profile/import/index'));
  const ana = JSON.stringify(compiledEntry('app/diagnosis/profile-summary'));
  const red = JSON.stringify(compiledEntry('app/profile/reduce/reduce-for-flame'));
  return `
    const { importProfile, cpuProfileToModel } = await import(${imp});
    const { summarizeProfile } = await import(${ana});
    const { reduceForFlame } = await import(${red});
    const { readFileSync } = await import('node:fs');
    const path = process.argv[1];
    const started = performance.now();
    let profile, format = 'cpuprofile';
    if (${JSON.stringify(mode)} === 'json') {
      profile = cpuProfileToModel(JSON.parse(readFileSync(path, 'utf8')), path);
    } else {
      const r = await importProfile({ path }, { maxBytes: 4e9 });
      profile = r.profiles[0];
      format = r.format;
    }
    const summary = summarizeProfile(profile, format);
    const flame = reduceForFlame(profile);
    const ms = performance.now() - started;
    console.log(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024, samples: summary.samples, flameBytes: flame.bytes }));
  `;
}

const strip = ({ flameBytes: _f, ...run }: Run & { flameBytes?: number }): Run => run;

async function measureChild(mode: 'stream' | 'json' | 'pprof-format', path: string): Promise<Run & { flameBytes?: number }> {
  try {
    const script = mode === 'pprof-format' ? pprofFormatScript() : childScript(mode);
    // pprof-format's decode holds every sample as objects: give it the heap it needs, so the row shows its cost.
    const heap = mode === 'pprof-format' ? ['--max-old-space-size=16384'] : [];
    const { stdout } = await exec(process.execPath, [...heap, '--input-type=module', '-e', script, path], { maxBuffer: 1 << 20, timeout: 600_000, cwd: rootDir });
    const r = JSON.parse(stdout) as { ms: number; maxRssMb: number; flameBytes: number };
    return { ok: true, ms: Math.round(r.ms), maxRssMb: Math.round(r.maxRssMb), flameBytes: r.flameBytes };
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    const last = (e.stderr ?? e.message).trim().split('\n').filter(Boolean).slice(-1)[0] ?? 'failed';
    return { ok: false, error: last.slice(0, 200) };
  }
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.wasm': 'application/wasm', '.png': 'image/png', '.woff2': 'font/woff2', '.ico': 'image/x-icon', '.txt': 'text/plain' };

/** speedscope's release build plus /profiles/<file> from the cache dir, on loopback only. */
function serve(cacheDir: string): Promise<{ server: Server; port: number }> {
  const release = join(rootDir, 'node_modules', 'speedscope', 'dist', 'release');
  const server = createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split(/[?#]/)[0]!);
    const [base, rel] = url.startsWith('/profiles/') ? [cacheDir, url.slice('/profiles/'.length)] : [release, url === '/' ? 'index.html' : url.slice(1)];
    const file = normalize(join(base, rel));
    if (!file.startsWith(base + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': statSync(file).size });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port })));
}

/**
 * Memory of this process's descendants (the browser's processes while it runs), MB: the sum of their proportional
 * set sizes (Pss), so pages the processes share are counted once, not once per process.
 */
function descendantsMemoryMb(): number {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  for (const pid of parentOf.keys()) {
    let ours = false;
    for (let p = parentOf.get(pid); p !== undefined && p > 1; p = parentOf.get(p)) if (p === process.pid) ours = true;
    if (!ours) continue;
    try {
      const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      if (pss) total += Number(pss[1]) / 1024;
    } catch {
      // gone, or not readable
    }
  }
  return total;
}

async function speedscopeRun(port: number, fileName: string, timeoutSec: number, chromiumPath: string): Promise<SpeedscopeRun> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  let peak = 0;
  let detail = '';
  const sampler = setInterval(() => (peak = Math.max(peak, descendantsMemoryMb())), 250);
  const started = performance.now();
  try {
    const page = await browser.newPage();
    const crashed = new Promise<'crashed'>((resolve) => page.on('crash', () => resolve('crashed')));
    page.on('dialog', (d) => void d.dismiss());
    const profileUrl = `http://127.0.0.1:${port}/profiles/${encodeURIComponent(fileName)}`;
    await page.goto(`http://127.0.0.1:${port}/index.html#profileURL=${encodeURIComponent(profileUrl)}`);
    // Loaded when speedscope names the tab after the profile and draws a frame of the flame chart.
    // (Browser-side code as strings: this file is compiled without the DOM library.)
    const rendered = page
      .waitForFunction("document.title.endsWith(' - speedscope') && !!document.querySelector('canvas') && !document.body.innerText.includes('Something went wrong')", undefined, {
        timeout: timeoutSec * 1000,
        polling: 250,
      })
      .then(() => page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))'))
      .then(() => 'rendered' as const)
      .catch((err: Error) => {
        detail = err.message.split('\n')[0]!.slice(0, 200);
        return /Timeout/i.test(err.message) ? ('timeout' as const) : ('crashed' as const);
      });
    // A hard limit on this side too: a tab busy importing may never run the page-side poll that would time out.
    let limitTimer: NodeJS.Timeout | undefined;
    const limit = new Promise<'timeout'>((resolve) => (limitTimer = setTimeout(() => resolve('timeout'), timeoutSec * 1000 + 5000)));
    const status = await Promise.race([rendered, crashed, limit]);
    clearTimeout(limitTimer);
    const run: SpeedscopeRun = { status, ms: Math.round(performance.now() - started), peakPssMb: Math.round(Math.max(peak, descendantsMemoryMb())) };
    if (status !== 'rendered' && detail) run.detail = detail;
    return run;
  } catch (err) {
    return { status: 'error', ms: Math.round(performance.now() - started), peakPssMb: Math.round(peak), detail: (err as Error).message.slice(0, 200) };
  } finally {
    clearInterval(sampler);
    await browser.close().catch(() => undefined);
  }
}

export async function benchProfileImport(opts: BenchProfileImportOptions = {}): Promise<ProfileImportBenchResult> {
  const sizes = opts.sizes ?? [10, 50, 200];
  const seed = opts.seed ?? 1;
  const cacheDir = opts.cacheDir ?? join(tmpdir(), 'checkup-bench-profiles');
  const log = opts.log ?? ((line: string) => process.stderr.write(line + '\n'));
  const chromiumPath = opts.chromiumPath ?? '/usr/bin/chromium';
  const skipBrowser = opts.skipSpeedscope || !existsSync(chromiumPath);
  const result: ProfileImportBenchResult = {
    machine: { node: process.version, cpus: cpus().length, totalMemMb: Math.round(totalmem() / 1e6) },
    files: [],
  };
  const { server, port } = skipBrowser ? { server: undefined, port: 0 } : await serve(cacheDir);
  try {
    for (const sizeMb of sizes) {
      log(`profile-import: ${sizeMb} MB file...`);
      const file = await ensureFile(cacheDir, sizeMb, seed);
      const streaming = await measureChild('stream', file.path);
      log(`  checkup (streaming): ${streaming.ok ? `${streaming.ms} ms, peak ${streaming.maxRssMb} MB` : streaming.error}`);
      const jsonParse = await measureChild('json', file.path);
      log(`  checkup (JSON.parse): ${jsonParse.ok ? `${jsonParse.ms} ms, peak ${jsonParse.maxRssMb} MB` : jsonParse.error}`);
      const entry: ProfileImportBenchResult['files'][number] = {
        sizeMb,
        bytes: file.bytes,
        samples: file.samples,
        nodes: file.nodes,
        checkup: { streaming: strip(streaming), jsonParse: strip(jsonParse), flameBytes: streaming.flameBytes },
      };
      if (opts.pprof !== false) {
        const pprof = await ensurePprof(file.path);
        const ours = await measureChild('stream', pprof.path);
        const theirs = await measureChild('pprof-format', pprof.path);
        entry.pprof = { bytes: pprof.bytes, unzippedBytes: pprof.unzippedBytes, checkup: strip(ours), pprofFormat: strip(theirs) };
        log(`  pprof (${Math.round(pprof.unzippedBytes / 1e6)} MB unzipped): checkup ${ours.ok ? `${ours.ms} ms, peak ${ours.maxRssMb} MB` : ours.error}; pprof-format decode ${theirs.ok ? `${theirs.ms} ms, peak ${theirs.maxRssMb} MB` : theirs.error}`);
      }
      if (!skipBrowser) {
        const name = file.path.slice(file.path.lastIndexOf(sep) + 1);
        entry.speedscope = await speedscopeRun(port, name, opts.speedscopeTimeoutSec ?? 120, chromiumPath);
        log(`  speedscope: ${entry.speedscope.status} after ${entry.speedscope.ms} ms, browser peak ${entry.speedscope.peakPssMb} MB (Pss)`);
      }
      result.files.push(JSON.parse(JSON.stringify(entry)));
    }
  } finally {
    server?.close();
  }
  return result;
}

export function formatProfileImportBench(r: ProfileImportBenchResult): string {
  const rows = r.files.map((f) => {
    const run = (x: Run) => (x.ok ? `${(x.ms! / 1000).toFixed(1)} s / ${x.maxRssMb} MB` : 'failed');
    const s = f.speedscope ? (f.speedscope.status === 'rendered' ? `${(f.speedscope.ms / 1000).toFixed(1)} s / ${f.speedscope.peakPssMb} MB` : `${f.speedscope.status} after ${(f.speedscope.ms / 1000).toFixed(0)} s`) : 'skipped';
    return `| ${f.sizeMb} MB (${(f.samples / 1e6).toFixed(1)} M samples) | ${run(f.checkup.streaming)} | ${run(f.checkup.jsonParse)} | ${s} |`;
  });
  const table = ['| file | Checkup (streaming) | Checkup (JSON.parse) | speedscope in Chromium |', '|---|---|---|---|', ...rows].join('\n');
  const pprofRows = r.files.filter((f) => f.pprof).map((f) => {
    const run = (x: Run) => (x.ok ? `${(x.ms! / 1000).toFixed(1)} s / ${x.maxRssMb} MB` : `failed (${x.error})`);
    return `| ${(f.pprof!.unzippedBytes / 1e6).toFixed(0)} MB unzipped, ${(f.pprof!.bytes / 1e6).toFixed(0)} MB .pb.gz (${(f.samples / 1e6).toFixed(1)} M samples) | ${run(f.pprof!.checkup)} | ${run(f.pprof!.pprofFormat)} |`;
  });
  if (!pprofRows.length) return table;
  return [table, '', '| pprof file | Checkup (import + summary + flame) | pprof-format decode only |', '|---|---|---|', ...pprofRows].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const sizes = arg('sizes')?.split(',').map(Number);
  const r = await benchProfileImport({
    ...(sizes ? { sizes } : {}),
    ...(arg('seed') ? { seed: Number(arg('seed')) } : {}),
    ...(arg('timeout') ? { speedscopeTimeoutSec: Number(arg('timeout')) } : {}),
  });
  console.log(JSON.stringify(r, null, 2));
  console.log(formatProfileImportBench(r));
}
