// `npm run bench`: every benchmark, each reported as ratios or side-by-side figures from the same run.
//   --only run,probe,instructions,fp,import,startup,multiproc    choose sections (default: all)
//   --pairs N                  interleaved pairs for the run and probe sections (default 3)
//   --sizes 10,50,200          profile sizes in MB for the import section
//   --open-sizes 200, --huge, --open-reps N   import: files opened as users open them (checkup inspect, the app's
//                              openProfile) beside the floor (read + JSON.parse); --huge adds a 1 GB file; N reps (3)
//   --fp-pairs N, --fp-repeat N   pairs (default 10) and repeats per run (default 1) for the false-positive section
//   --ab, --ab-comparisons K   with fp: interleaved A/B comparisons (3 pairs each, --pairs to change) of the unchanged
//                              healthy lab against its commit instead of single-run pairs; K comparisons (default 20)
//   --probe-parts all|a,b+c    with instructions: also count the probe without each part of app/probe/parts.cjs (b+c:
//                              those two left out together)
//   --vg-warmup N, --vg-requests N, --vg-chunks N, --vg-processes N, --vg-node-args "--max-opt=1"   with instructions:
//                              warm-up requests (default 10000), requests counted (20000) in chunks (8), processes per
//                              setting (3), extra node flags (--max-opt=1: no optimising compiler, a steady state at once)
//   --vg-warmup-loads N        with instructions: the warm-up in N loads on new connections (default 4, at least 2)
//   --vg-baseline plain,probe  with instructions: which of the plain server and the whole probe to count ('' for neither:
//                              only --probe-parts / --profilers)
//   --vg-interval MS           with instructions: the probe's window (250; 60000 keeps the clock's work out of the loads)
//   --vg-rest-sec S            with instructions: seconds each setting is counted at rest (30; longer shows whether the
//                              compilers' work on the probe settles)
//   --profilers cpu:1000,cpu:250,heap:32768   with instructions: also the probe plus V8's CPU profiler / heap sampler at
//                              those intervals (µs, bytes)
//   --hog                      a process burning one core: during each pair's second run (fp), during every run (accuracy)
//   --splits tuning,seen-held-out,held-out  --loads story,default  --nodes 20,22,24  --cases a,b  --stability-runs N   for the accuracy section
//                              (its sessions are kept; node out/bench/rejudge.js FOLDER judges them again)
//   --repeat N                 with accuracy: each case N times per Node and load (flip rate); --record FILE writes the
//                              run's summary (commit, cases' hash, per run verdict, culprits, judged figures with their
//                              margins, load average; per set the interval and flip rate) for bench/results/
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { accuracyRecord, recordText } from './accuracy-record.js';
import { benchAccuracy, benchCulpritStability, formatAccuracy } from './accuracy.js';
import { CORPUS_SETS, type CorpusSet, type LoadChoice } from './corpus.js';
import { benchFalsePositives, formatFalsePositives } from './false-positives.js';
import { benchAbFalsePositives, formatAbFalsePositives } from './ab-false-positives.js';
import { benchProbeInstructions, formatProbeInstructions, valgrindAvailable } from './probe-instructions.js';
import { benchProbeOverhead } from './probe-overhead.js';
import { benchProfileImport, formatProfileImportBench } from './profile-import.js';
import { benchProfileOpen, formatProfileOpenBench } from './profile-open.js';
import { benchRunOverhead, formatRunOverhead } from './run-overhead.js';
import { benchStartupOverhead, formatStartupOverhead } from './startup-overhead.js';
import { benchMultiprocOverhead, formatMultiprocOverhead } from './multiproc-overhead.js';

const { values } = parseArgs({ options: { only: { type: 'string' }, pairs: { type: 'string' }, sizes: { type: 'string' }, 'fp-pairs': { type: 'string' }, 'fp-repeat': { type: 'string' }, splits: { type: 'string' }, loads: { type: 'string' }, nodes: { type: 'string' }, cases: { type: 'string' }, hog: { type: 'boolean' }, 'open-sizes': { type: 'string' }, huge: { type: 'boolean' }, 'open-reps': { type: 'string' }, 'stability-runs': { type: 'string' }, ab: { type: 'boolean' }, 'ab-comparisons': { type: 'string' }, 'probe-parts': { type: 'string' }, profilers: { type: 'string' }, 'vg-requests': { type: 'string' }, 'vg-warmup': { type: 'string' }, 'vg-chunks': { type: 'string' }, 'vg-processes': { type: 'string' }, 'vg-node-args': { type: 'string' }, 'vg-interval': { type: 'string' }, 'vg-rest-sec': { type: 'string' }, 'vg-warmup-loads': { type: 'string' }, 'vg-baseline': { type: 'string' }, repeat: { type: 'string' }, record: { type: 'string' } } });
const only = new Set((values.only ?? 'run,probe,instructions,fp,import,accuracy,multiproc').split(','));
const pairs = values.pairs ? Number(values.pairs) : 3;
const log = (line: string) => process.stderr.write(line + '\n');
const report: string[] = [];

if (only.has('run')) {
  log('== run overhead (a, b, c)');
  report.push(formatRunOverhead(await benchRunOverhead({ pairs, log })));
}
if (only.has('probe')) {
  log('== probe overhead');
  const r = await benchProbeOverhead({ pairs, onProgress: log });
  report.push(
    [
      `Probe overhead: hello-world, ${r.connections} connections, ${r.durationSec} s, ${r.pairs.length} interleaved pairs`,
      `  req/s with the probe / without: median ratio ${r.medianRatio.toFixed(3)}  [${r.pairs.map((p) => p.ratio.toFixed(3)).join(', ')}]`,
      ...(r.medianCpuRatio !== undefined ? [`  server CPU per request with the probe / without: median ratio ${r.medianCpuRatio.toFixed(3)}`] : []),
    ].join('\n'),
  );
}
if (only.has('multiproc')) {
  log('== probe and profiler cost with workers and clusters');
  report.push(formatMultiprocOverhead(await benchMultiprocOverhead({ rounds: pairs, log })));
}
/** `cpu:1000,cpu:250,heap:32768`: CPU sampling intervals in µs and heap sampling intervals in bytes. */
function profilerIntervals(spec: string): { cpuUs: number[]; heapBytes: number[] } {
  const items = spec.split(',').map((s) => s.split(':'));
  return { cpuUs: items.filter(([k]) => k === 'cpu').map(([, v]) => Number(v)), heapBytes: items.filter(([k]) => k === 'heap').map(([, v]) => Number(v)) };
}
function vgSettings() {
  const num = (key: 'vg-requests' | 'vg-warmup' | 'vg-warmup-loads' | 'vg-chunks' | 'vg-processes' | 'vg-interval' | 'vg-rest-sec') => (values[key] ? Number(values[key]) : undefined);
  return { requests: num('vg-requests'), warmup: num('vg-warmup'), warmupLoads: num('vg-warmup-loads'), chunks: num('vg-chunks'), processes: num('vg-processes'), intervalMs: num('vg-interval'), restSec: num('vg-rest-sec'), nodeArgs: values['vg-node-args']?.split(' ').filter(Boolean), ...(values['vg-baseline'] !== undefined ? { baseline: values['vg-baseline'].split(',').filter((b): b is 'plain' | 'probe' => b === 'plain' || b === 'probe') } : {}) };
}
if (only.has('instructions')) {
  log('== probe cost in instructions (valgrind)');
  if (valgrindAvailable()) report.push(formatProbeInstructions(await benchProbeInstructions({ log, ...(values['probe-parts'] ? { parts: values['probe-parts'] === 'all' ? true : values['probe-parts'].split(',') } : {}), ...(values.profilers ? { profilers: profilerIntervals(values.profilers) } : {}), ...vgSettings() })));
  else report.push('Probe cost in instructions: skipped, valgrind is not installed.');
}
if (only.has('fp') && values.ab) {
  log('== false positives of interleaved A/B comparisons');
  report.push(formatAbFalsePositives(await benchAbFalsePositives({ comparisons: Number(values['ab-comparisons'] ?? 20), pairs: values.pairs ? Number(values.pairs) : 3, hog: Boolean(values.hog), log })));
} else if (only.has('fp')) {
  log('== false positives of comparisons');
  report.push(formatFalsePositives(await benchFalsePositives({ pairs: Number(values['fp-pairs'] ?? 10), repeats: Number(values['fp-repeat'] ?? 1), hog: Boolean(values.hog), log })));
}
if (only.has('startup')) {
  log('== start-up instrumentation');
  log(formatStartupOverhead(await benchStartupOverhead(values.pairs ? Number(values.pairs) : 5, log)));
}
if (only.has('import')) {
  log('== profile import');
  const sizes = values.sizes ? values.sizes.split(',').map(Number) : undefined;
  report.push(formatProfileImportBench(await benchProfileImport({ ...(sizes ? { sizes } : {}), log })));
  log('== opening huge profiles as users do');
  const openSizes = values['open-sizes'] ? values['open-sizes'].split(',').map(Number) : undefined;
  const reps = values['open-reps'] ? Number(values['open-reps']) : undefined;
  report.push(formatProfileOpenBench(await benchProfileOpen({ ...(openSizes ? { sizes: openSizes } : {}), ...(reps ? { reps } : {}), huge: Boolean(values.huge), log })));
}
if (only.has('accuracy')) {
  log('== doctor accuracy on the corpus');
  // "node (PATH)" is this machine's node (20 here); 22 and 24 come from npm.
  const nodes = values.nodes?.split(',').map((n) => (n === '20' ? 'PATH' : n));
  const hog = Boolean(values.hog);
  const startedAt = new Date();
  const loadAtStart = loadavg()[0] ?? 0;
  const repeat = values.repeat ? Number(values.repeat) : 1;
  const accuracy = await benchAccuracy({
    splits: (values.splits ?? CORPUS_SETS.join(',')).split(',') as CorpusSet[],
    loads: (values.loads ?? 'story,default').split(',') as LoadChoice[],
    ...(nodes ? { nodes } : {}),
    ...(values.cases ? { cases: values.cases.split(',') } : {}),
    repeat,
    hog,
    log,
  });
  report.push(formatAccuracy(accuracy, hog));
  if (values.record) {
    const record = accuracyRecord({ cases: accuracy.cases, results: accuracy.results, repeat, command: `npm run bench -- ${process.argv.slice(2).join(' ')}`, startedAt, loadAtStart, loadAtEnd: loadavg()[0] ?? 0 });
    mkdirSync(dirname(resolve(values.record)), { recursive: true });
    writeFileSync(resolve(values.record), recordText(record));
    log(`record written: ${values.record}`);
  }
  report.push(await benchCulpritStability({ runs: Number(values['stability-runs'] ?? 10), ...(nodes ? { nodes } : {}), log }));
}
process.stdout.write('\n' + report.join('\n\n') + '\n');
