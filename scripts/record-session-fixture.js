#!/usr/bin/env node
// Turns a session folder written by `checkup run` into a small recorded fixture for the analyser tests: the doctor's
// input in parts, without the profiles (their evidence is derived once here, with the engine's own code).
//
//   node scripts/build.js && node bin/checkup.js run --demo blocking --out /tmp/s --json
//   node scripts/record-session-fixture.js /tmp/s/<session-id> test/fixtures/sessions/blocking
//
// Writes samples.ndjson (the probe windows of the measured window only), warnings.ndjson, load.json (autocannon's raw
// result left out), input.json (target, window start, concurrency, CPU evidence and heap culprits) and diagnosis.json
// (what the doctor said when the session was recorded). The parts are plain data: the tests rebuild the
// DiagnosisInput from them (test/helpers/recorded-session.ts).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [sessionDir, outDir] = process.argv.slice(2).map((p) => resolve(p));
if (!sessionDir || !outDir) {
  console.error('usage: node scripts/record-session-fixture.js SESSION_DIR OUT_DIR');
  process.exit(2);
}
const root = join(dirname(new URL(import.meta.url).pathname), '..');
const compiled = (path) => import(pathToFileURL(join(root, 'out', path)).href);
const { cutMeasuredWindow } = await compiled('app/contract/measured-window.js');
const { calledAppFunctions, cpuEvidence, profileCulprits } = await compiled('app/diagnosis/profile-evidence.js');
const { findHotspots } = await compiled('app/diagnosis/hotspots/index.js');
const { hotspotAdvice } = await compiled('app/diagnosis/advice-files.js');
const { cpuProfileToModel } = await compiled('app/profile/import/cpuprofile.js');
const { heapProfileToModel } = await compiled('app/profile/import/heapprofile.js');
const { probePath } = await compiled('app/paths.js');

const read = (name) => readFileSync(join(sessionDir, name), 'utf8');
const has = (name) => existsSync(join(sessionDir, name));
const ndjson = (name) => (has(name) ? read(name).split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []);

const session = JSON.parse(read('session.json'));
const { measureStartAt, measureEndAt } = session.timings;
const { samples } = cutMeasuredWindow(ndjson('samples.ndjson'), [], measureStartAt, measureEndAt);
const warnings = ndjson('warnings.ndjson');
const load = has('load.json') ? { ...JSON.parse(read('load.json')), raw: {} } : undefined;

// The probe's own files are never the user's culprit (as in the engine's diagnosis).
const probeDir = dirname(probePath);
const ours = new Set(readdirSync(probeDir).filter((n) => n.endsWith('.cjs')).flatMap((n) => [join(probeDir, n), pathToFileURL(join(probeDir, n)).href]));
const cpuModel = has('profile.cpuprofile') ? cpuProfileToModel(JSON.parse(read('profile.cpuprofile')), 'CPU profile') : undefined;
const cpu = cpuModel ? { ...cpuEvidence(cpuModel, { ignoreUrls: ours }), hotspots: findHotspots(cpuModel).map((m) => ({ id: m.id, title: hotspotAdvice(m.id).title, percent: m.percent })) } : undefined;
const heapCulprits = has('heap.heapprofile')
  ? profileCulprits(heapProfileToModel(JSON.parse(read('heap.heapprofile')), 'Heap profile'), 'allocation', { ignoreUrls: ours }).map((c) => {
      const mayInclude = cpuModel ? calledAppFunctions(cpuModel, c, { ignoreUrls: ours }) : [];
      return mayInclude.length ? { ...c, mayInclude } : c;
    })
  : undefined;

// The target's last stderr lines, as the engine keeps them (Node's own inspector notices left out).
const noise = /^(Debugger listening on ws:\/\/|For help, see: https:\/\/nodejs\.org\/en\/docs\/inspector|Debugger attached\.$|Debugger ending on ws:\/\/|Waiting for the debugger to disconnect\.\.\.$)/;
const stderrTail = (has('target.log') ? read('target.log').split('\n') : [])
  .map((line) => /^\S+ stderr (.*)$/.exec(line)?.[1])
  .filter((text) => text !== undefined && !noise.test(text))
  .slice(-20);

const t = session.target;
const input = {
  recordedFrom: { session: session.id, name: session.name, nodeVersion: t.nodeVersion, checkupVersion: session.checkupVersion, recipe: session.recipe },
  target: {
    ...(t.startupMs !== undefined ? { startupMs: t.startupMs } : {}),
    stderrTail,
    ...(t.exitedUnexpectedly ? { crashed: true, exitCode: t.exitCode ?? null, signal: t.signal ?? null } : {}),
  },
  measureStartAt,
  concurrency: session.recipe.load.connections * session.recipe.load.pipelining,
  ...(cpu ? { cpu } : {}),
  ...(heapCulprits ? { heapCulprits } : {}),
};

mkdirSync(outDir, { recursive: true });
const lines = (rows) => rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : '');
writeFileSync(join(outDir, 'samples.ndjson'), lines(samples));
writeFileSync(join(outDir, 'warnings.ndjson'), lines(warnings));
if (load) writeFileSync(join(outDir, 'load.json'), JSON.stringify(load, null, 1) + '\n');
writeFileSync(join(outDir, 'input.json'), JSON.stringify(input, null, 1) + '\n');
writeFileSync(join(outDir, 'diagnosis.json'), read('diagnosis.json'));
console.log(`${outDir}: ${samples.length} windows, verdict ${session.summary?.verdict}`);
