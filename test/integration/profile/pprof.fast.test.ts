// pprof in and out, on real files: a real server profiled by @datadog/pprof under real load, and Go's runtime/pprof.
// The importer's figures are checked against pprof-format's own decoding of the same file, summed here independently.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Profile as PprofProfile } from 'pprof-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoadSpecSchema } from '../../../app/contract/recipe.js';
import { CheckupError } from '../../../app/errors.js';
import { startLoad } from '../../../app/load/start-load.js';
import { summarizeProfile } from '../../../app/diagnosis/profile-summary.js';
import { importProfile } from '../../../app/profile/import/import-profile.js';
import { toPprof } from '../../../app/profile/model/export-pprof.js';
import type { Profile } from '../../../app/profile/model/profile.js';
import { profileFixture } from '../../helpers/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'checkup-pprof-'));
const serverScript = join(import.meta.dirname, '../../fixtures/targets/pprof-server.cjs');
const goFixture = (name: string) => join(import.meta.dirname, '../../fixtures/profiles/go/1.26', name);
let server: ChildProcess | undefined;

/** Self value per function of one sample type, summed from pprof-format's decoding (leaf = first location's first line). */
function independentSelf(path: string, sampleType: string): { total: number; self: Map<string, number> } {
  const p = PprofProfile.decode(gunzipSync(readFileSync(path)));
  const s = (i: number | bigint) => p.stringTable.strings[Number(i)]!;
  const t = p.sampleType.findIndex((v) => s(v.type) === sampleType);
  if (t < 0) throw new Error(`no sample type ${sampleType}`);
  const fn = new Map(p.function.map((f) => [Number(f.id), f]));
  const loc = new Map(p.location.map((l) => [Number(l.id), l]));
  const self = new Map<string, number>();
  let total = 0;
  for (const sample of p.sample) {
    const v = Number(sample.value[t]!);
    total += v;
    const leaf = loc.get(Number(sample.locationId[0]))!.line[0]!;
    const f = fn.get(Number(leaf.functionId))!;
    // A function is its name, file and first line (the line of its frame when the producer leaves start_line out);
    // @datadog/pprof names an anonymous function by its position, V8's profiles (and Checkup) say (anonymous).
    // Its "Garbage Collection" is V8's "(garbage collector)".
    const v8Names: Record<string, string> = { 'Garbage Collection': '(garbage collector)', Idle: '(idle)', Program: '(program)' };
    const name = /^(|\(anonymous:L#\d+:C#\d+\))$/.test(s(f.name)) ? '(anonymous)' : (Object.hasOwn(v8Names, s(f.name)) ? v8Names[s(f.name)]! : s(f.name));
    const key = `${name}|${s(f.filename)}|${Number(f.startLine) || Number(leaf.line)}`;
    self.set(key, (self.get(key) ?? 0) + v);
  }
  return { total, self };
}

/** The top functions of our summary agree with the independent sums within 1 percentage point. */
function expectAgreement(profile: Profile, path: string, sampleType: string): void {
  const { total, self } = independentSelf(path, sampleType);
  const summary = summarizeProfile(profile, 'pprof', { top: 10 });
  expect(summary.topFunctions.length).toBeGreaterThan(0);
  for (const f of summary.topFunctions) {
    const file = f.url.startsWith('file://') ? [f.url, decodeURI(f.url.slice('file://'.length))] : [f.url];
    const theirs = Math.max(...file.map((u) => self.get(`${f.functionName}|${u}|${f.line}`) ?? 0));
    expect(Math.abs(f.selfPercent - (100 * theirs) / total), `${f.functionName} ${f.url}`).toBeLessThanOrEqual(1);
  }
}

function selfByFunction(p: Profile): Map<string, number> {
  const m = new Map<string, number>();
  for (let n = 1; n < p.nodeCount; n++) {
    const f = p.frames[p.nodeFrame[n]!]!;
    const key = `${f.functionName}|${f.url}|${f.line}|${f.column}`;
    m.set(key, (m.get(key) ?? 0) + p.nodeSelf[n]!);
  }
  return m;
}

beforeAll(async () => {
  server = spawn(process.execPath, [serverScript], { env: { ...process.env, PPROF_DIR: dir }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    server!.stdout!.on('data', (d: Buffer) => {
      const m = /listening on (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
    server!.on('exit', (code) => reject(new Error(`pprof server exited (${code})`)));
  });
  await startLoad(LoadSpecSchema.parse({ connections: 4, durationSec: 3, warmupSec: 0, requests: [{ path: '/work' }] }), { host: '127.0.0.1', port }).result;
  await fetch(`http://127.0.0.1:${port}/profile`).then((r) => r.text());
}, 60_000);

afterAll(() => {
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('pprof import', () => {
  it('opens @datadog/pprof wall-time profiles of a loaded server: the wall type first, its hot functions as pprof-format sums them', async () => {
    const path = join(dir, 'wall.pb.gz');
    const r = await importProfile({ path });
    expect(r.format).toBe('pprof');
    expect(r.profiles[0]!.name).toBe('wall (nanoseconds)');
    expect(r.profiles[0]!.unit).toBe('microseconds');
    expect(r.profiles.map((p) => p.name)).toContain('sample (count)');
    expectAgreement(r.profiles[0]!, path, 'wall');
    const summary = summarizeProfile(r.profiles[0]!, 'pprof', { top: 10 });
    const names = summary.topFunctions.map((f) => f.functionName);
    expect(names).toContain('render');
    const render = summary.topFunctions.find((f) => f.functionName === 'render')!;
    expect(render.category).toBe('app');
    expect(render.url).toMatch(/^file:\/\/.*pprof-server\.cjs$/);
    expect(render.line).toBeGreaterThan(0);
  });

  it('opens @datadog/pprof heap profiles: bytes first, objects as a count', async () => {
    const path = join(dir, 'heap.pb.gz');
    const r = await importProfile({ path });
    expect(r.profiles[0]!.name).toBe('inuse_space (bytes)');
    expect(r.profiles[0]!.unit).toBe('bytes');
    expect(r.profiles.find((p) => p.name === 'inuse_objects (count)')?.unit).toBe('count');
    expectAgreement(r.profiles[0]!, path, 'inuse_space');
  });

  it('opens Go runtime/pprof CPU and heap profiles and says they are not from Node', async () => {
    const cpu = await importProfile({ path: goFixture('cpu.pb.gz') });
    expect(cpu.profiles[0]!.name).toBe('cpu (nanoseconds)');
    expectAgreement(cpu.profiles[0]!, goFixture('cpu.pb.gz'), 'cpu');
    const top = summarizeProfile(cpu.profiles[0]!, 'pprof', { top: 3 }).topFunctions.map((f) => f.functionName);
    expect(top.some((n) => n.startsWith('main.hash'))).toBe(true);
    expect(cpu.warnings.join(' ')).toMatch(/another runtime/);
    const heap = await importProfile({ path: goFixture('heap.pb.gz') });
    expect(heap.profiles.map((p) => p.name)).toEqual(expect.arrayContaining(['inuse_space (bytes)', 'alloc_space (bytes)', 'alloc_objects (count)']));
    expectAgreement(heap.profiles[0]!, goFixture('heap.pb.gz'), 'inuse_space');
  });

  it('refuses damaged input with coded errors', async () => {
    const good = readFileSync(goFixture('cpu.pb.gz'));
    const cut = await importProfile({ name: 'cut.pb.gz', data: good.subarray(0, good.length >> 1) }).catch((e: unknown) => e);
    expect((cut as CheckupError).code).toBe('CHK_PROFILE_TRUNCATED');
    const raw = gunzipSync(good);
    const broken = await importProfile({ name: 'broken.pb', data: raw.subarray(0, raw.length - 7) }).catch((e: unknown) => e);
    expect((broken as CheckupError).code).toBe('CHK_PROFILE_MALFORMED');
    const bomb = gzipSync(Buffer.concat([raw, Buffer.alloc(4 << 20)]));
    const big = await importProfile({ name: 'bomb.pb.gz', data: bomb }, { maxBytes: 2 << 20 }).catch((e: unknown) => e);
    expect((big as CheckupError).code).toBe('CHK_PROFILE_TOO_LARGE');
  });
});

describe('pprof export', () => {
  it('keeps functions named like Object.prototype members apart from its own tables, through the import worker', async () => {
    const names = ['toString', 'constructor', '__proto__', 'hasOwnProperty'];
    const cpuprofile = {
      nodes: [
        { id: 1, callFrame: { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 }, hitCount: 0, children: [2, 3, 4, 5] },
        ...names.map((functionName, i) => ({ id: i + 2, callFrame: { functionName, scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 }, hitCount: 1 })),
      ],
      startTime: 0,
      endTime: 5000,
      // A .cpuprofile's sample lasts until the next one: the closing root sample gives the fourth its time.
      samples: [2, 3, 4, 5, 1],
      timeDeltas: [1000, 1000, 1000, 1000, 1000],
    };
    const { cpuProfileToModel } = await import('../../../app/profile/import/cpuprofile.js');
    const { importInWorker } = await import('../../../app/open-profile/in-worker.js');
    const file = join(dir, 'proto-names.pb.gz');
    writeFileSync(file, gzipSync(toPprof(cpuProfileToModel(cpuprofile, 'x'))));
    const r = await importInWorker({ path: file }, { flame: false });
    const top = r.profiles[0]!.summary.topFunctions;
    expect(top.map((f) => f.functionName).sort()).toEqual([...names].sort());
    for (const f of top) expect(typeof f.category).toBe('string');
  });


  it('round trip .cpuprofile -> pprof -> import keeps every function\'s self time', async () => {
    for (const fixture of ['node/20.20/cpu-prof.cpuprofile', 'node/20.20/heap-prof.heapprofile']) {
      const before = (await importProfile({ path: profileFixture(fixture) })).profiles[0]!;
      const file = join(dir, 'round-trip.pb.gz');
      writeFileSync(file, gzipSync(toPprof(before)));
      const after = (await importProfile({ path: file })).profiles[0]!;
      expect(after.unit).toBe(before.unit);
      const a = selfByFunction(before);
      const b = selfByFunction(after);
      expect(b.size).toBe(a.size);
      for (const [key, self] of a) expect(b.get(key), key).toBeCloseTo(self, 2);
      expect(after.sampleCount).toBe(before.sampleCount);
    }
  });
});
