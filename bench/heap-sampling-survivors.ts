// The heap sampler's power on a slow leak: how many of a leak's survivors the sampling heap profiler keeps per MB
// leaked, at several sampling intervals, side by side (interleaved processes). The leak is
// test/fixtures/leaks/closure-leak-010.cjs (a listener closure per request holding a ~2 KB string, paced at
// 0.1 MiB/s whatever the request rate). The sampler is driven through the inspector protocol as app/profile/capture.ts
// drives it (HeapProfiler.startSampling without collected objects, a full GC, stopSampling), from a preload in the
// target (node:inspector's in-process session speaks the same protocol); a survivor is a sample whose stack contains
// watchRequest, the fixture's culprit.
//   node out/bench/heap-sampling-survivors.js [--intervals 8192,16384,32768] [--processes 3] [--seconds 8]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { median } from '../app/numbers.js';
import { rootDir } from '../app/paths.js';

const require = createRequire(import.meta.url);
const autocannonCli = join(require.resolve('autocannon'), '..', 'autocannon.js');
const FIXTURE = join(rootDir, 'test/fixtures/leaks/closure-leak-010.cjs');
/** The fixture's pace and kept object size (serve({ bytesPerSec: 0.1 * 1048576, objectBytes: 2100 })). */
const LEAK_BYTES_PER_SEC = 0.1 * 1048576;
const OBJECT_BYTES = 2100;

const PRELOAD = String.raw`'use strict';
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');
const s = new Session();
s.connect();
const post = (m, p) => new Promise((res, rej) => s.post(m, p || {}, (e, r) => (e ? rej(e) : res(r))));
const t0 = Date.now();
post('HeapProfiler.enable').then(() => post('HeapProfiler.startSampling', { samplingInterval: Number(process.env.HS_INTERVAL), includeObjectsCollectedByMajorGC: false, includeObjectsCollectedByMinorGC: false }));
setTimeout(async () => {
  await post('HeapProfiler.collectGarbage');
  const { profile } = await post('HeapProfiler.stopSampling');
  const seconds = (Date.now() - t0) / 1000;
  const parent = new Map();
  const byId = new Map();
  (function walk(n, up) { byId.set(n.id, n); parent.set(n.id, up); for (const c of n.children) walk(c, n.id); })(profile.head, undefined);
  const inLeak = (id) => { for (let x = id; byId.has(x); x = parent.get(x)) if (byId.get(x).callFrame.functionName === 'watchRequest') return true; return false; };
  let survivors = 0, survivorBytes = 0;
  for (const sm of profile.samples) if (inLeak(sm.nodeId)) { survivors++; survivorBytes += sm.size; }
  writeFileSync(process.env.HS_OUT, JSON.stringify({ seconds, samples: profile.samples.length, survivors, survivorBytes }));
  process.exit(0);
}, Number(process.env.HS_SECONDS) * 1000).unref();
`;

interface Counted { interval: number; seconds: number; samples: number; survivors: number; survivorBytes: number; mbKept: number; perMb: number }

async function once(dir: string, interval: number, seconds: number, n: number): Promise<Counted> {
  const out = join(dir, `out-${n}.json`);
  const child = spawn(process.execPath, ['--require', join(dir, 'preload.cjs'), FIXTURE], { env: { ...process.env, PORT: '0', HS_INTERVAL: String(interval), HS_SECONDS: String(seconds), HS_OUT: out }, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((r) => child.on('exit', r));
  const port = await new Promise<number>((resolve) => child.stdout!.on('data', (d: Buffer) => {
    const m = /listening on (\d+)/.exec(d.toString());
    if (m) resolve(Number(m[1]));
  }));
  // Load until the target stops itself (its timer), so that requests arrive all through the sampled window.
  const load = spawn(process.execPath, [autocannonCli, '-c', '10', '-d', String(seconds + 5), `http://127.0.0.1:${port}/`], { stdio: 'ignore' });
  await exited;
  load.kill('SIGTERM');
  const r = JSON.parse(readFileSync(out, 'utf8')) as Omit<Counted, 'interval' | 'mbKept' | 'perMb'>;
  // The fixture keeps one object whenever its kept total is behind the pace: ceil(pace x time / object) objects.
  const mbKept = (Math.ceil((LEAK_BYTES_PER_SEC * r.seconds) / OBJECT_BYTES) * OBJECT_BYTES) / 1048576;
  return { interval, ...r, mbKept, perMb: r.survivors / mbKept };
}

export async function benchHeapSamplingSurvivors(o: { intervals: number[]; processes: number; seconds: number; log?: (l: string) => void }): Promise<Counted[]> {
  const dir = mkdtempSync(join(tmpdir(), 'checkup-hs-'));
  writeFileSync(join(dir, 'preload.cjs'), PRELOAD);
  const all: Counted[] = [];
  try {
    let n = 0;
    // Interleaved: every interval's first process, then every interval's second...
    for (let p = 0; p < o.processes; p++) {
      for (const interval of o.intervals) {
        const c = await once(dir, interval, o.seconds, n++);
        o.log?.(`${interval / 1024} KiB: ${c.survivors} survivors in watchRequest (${(c.survivorBytes / 1024).toFixed(0)} KiB estimated) of ${c.samples} samples, ${c.mbKept.toFixed(2)} MB kept in ${c.seconds.toFixed(1)} s: ${c.perMb.toFixed(1)} per MB`);
        all.push(c);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return all;
}

export function formatHeapSamplingSurvivors(all: Counted[]): string {
  const intervals = [...new Set(all.map((c) => c.interval))];
  return [
    '| sampling interval | survivors in watchRequest per MB kept, median (each process) | survivors in the window, each | all samples kept, median |',
    '|---|---|---|---|',
    ...intervals.map((i) => {
      const cs = all.filter((c) => c.interval === i);
      return `| ${i / 1024} KiB | ${median(cs.map((c) => c.perMb)).toFixed(1)} (${cs.map((c) => c.perMb.toFixed(1)).join(', ')}) | ${cs.map((c) => c.survivors).join(', ')} in ${cs[0]!.mbKept.toFixed(2)} MB | ${median(cs.map((c) => c.samples))} |`;
    }),
  ].join('\n');
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const { values } = parseArgs({ options: { intervals: { type: 'string' }, processes: { type: 'string' }, seconds: { type: 'string' } } });
  const all = await benchHeapSamplingSurvivors({
    intervals: (values.intervals ?? '8192,16384,32768').split(',').map(Number),
    processes: Number(values.processes ?? 3),
    seconds: Number(values.seconds ?? 8),
    log: (l) => console.log(l),
  });
  console.log(formatHeapSamplingSurvivors(all));
}
