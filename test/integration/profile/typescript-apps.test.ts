// TypeScript and ES module apps checked as their authors run them, on Node 20, 22 and 24: built by tsc with source
// maps, run by tsx (maps only in the target's memory), bundled by esbuild with an external map, and an ES module app
// with top-level await. The culprits must name the original file and the line of the function there; the session's
// profile opened later, and a profile file opened offline, must show the same.
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReferencedPaths } from '../../../app/engine/referenced-paths.js';
import { runCli } from '../../helpers/cli.js';
import { brokenDist, ESM_APP_FIXTURE, lineOf, prepareTsApp, profileOf } from '../../helpers/ts-app.js';
import { NODE22, NODE24 } from '../../helpers/node-binaries.js';

const NODES = { '20': process.execPath, '22': NODE22, '24': NODE24 } as const;
const out = mkdtempSync(join(tmpdir(), 'checkup-ts-sessions-'));
let app = '';
beforeAll(() => {
  app = prepareTsApp();
});
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  if (app) rmSync(app, { recursive: true, force: true });
});

interface Culprit {
  functionName: string;
  url: string;
  line: number;
  measure: string;
}

async function checkup(node: string, script: string[], cwd: string) {
  const r = await runCli(['run', '-c', '5', '-d', '2', '--warmup', '1', '--no-heap', '--json', '--out', out, '--cwd', cwd, '--', node, ...script]);
  expect(r.code, r.stderr).toBe(0);
  const doc = JSON.parse(r.stdout) as { sessionId: string; diagnosis: { findings: Array<{ culprits?: Culprit[] }> } };
  const culprits = doc.diagnosis.findings.flatMap((f) => f.culprits ?? []).filter((c) => c.measure === 'cpu');
  expect(culprits.length).toBeGreaterThan(0);
  return { sessionId: doc.sessionId, culprits };
}

/** Where each of the app's functions is in the TypeScript source (V8 may charge an inlined callee to its caller). */
function tsLines(): Record<string, { file: string; line: number }> {
  const report = join(app, 'src', 'report.ts');
  const server = join(app, 'src', 'server.ts');
  return {
    buildRegionReport: { file: report, line: lineOf(report, 'export function buildRegionReport(') },
    makeRows: { file: report, line: lineOf(report, 'export function makeRows(') },
    '(anonymous)': { file: server, line: lineOf(server, 'http.createServer(') },
  };
}

function expectAtTsLines(culprits: Culprit[]): void {
  const where = tsLines();
  for (const c of culprits) {
    expect(c.url, `${c.functionName} is still in compiled code`).toMatch(/\/src\/(report|server)\.ts$/);
    const expected = where[c.functionName];
    expect(expected, `unexpected culprit ${c.functionName}`).toBeDefined();
    expect({ url: c.url, line: c.line }).toEqual({ url: pathToFileURL(expected!.file).href, line: expected!.line });
  }
}

describe.each(Object.entries(NODES))('Node %s', (_version, node) => {
  it('a server built by tsc with source maps: culprits at the .ts file and line, which "Open in editor" accepts', async () => {
    const run = await checkup(node, [join(app, 'dist', 'server.js')], app);
    expectAtTsLines(run.culprits);
    const file = await new ReferencedPaths(out).sourceFile(run.culprits[0]!.url, run.sessionId);
    expect(file).toMatch(/\/src\/(report|server)\.ts$/);
  });

  it('the same app run by tsx: culprits at the .ts line, from the maps tsx keeps in memory', async () => {
    const run = await checkup(node, ['--import', 'tsx', join(app, 'src', 'server.ts')], app);
    expectAtTsLines(run.culprits);
    const sessionDir = join(out, readdirSync(out).find((d) => d === run.sessionId)!);
    expect(readdirSync(sessionDir)).toContain('source-maps.json');

    // The session's profile opened later reads the recorded maps; a copy of it elsewhere has no maps to read.
    const top = (await inspect(join(sessionDir, 'profile.cpuprofile'))).topFunctions.find((f) => f.category === 'app')!;
    expect(top.url).toMatch(/\/src\/(report|server)\.ts$/);
    expect(top.line).toBe(tsLines()[top.functionName]!.line);
    const elsewhere = mkdtempSync(join(tmpdir(), 'checkup-ts-copy-'));
    copyFileSync(join(sessionDir, 'profile.cpuprofile'), join(elsewhere, 'profile.cpuprofile'));
    const unmapped = (await inspect(join(elsewhere, 'profile.cpuprofile'))).topFunctions.find((f) => f.functionName === top.functionName)!;
    expect(unmapped.line).not.toBe(top.line);
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it('an ES module app ("type": "module", a .mjs module, top-level await): launched, probed, culprit at its line', async () => {
    const run = await checkup(node, [join(ESM_APP_FIXTURE, 'server.js')], ESM_APP_FIXTURE);
    const digest = join(ESM_APP_FIXTURE, 'lib', 'digest.mjs');
    const server = join(ESM_APP_FIXTURE, 'server.js');
    // Node 24's compilers may inline slowDigest into the request handler, whose time then counts as the handler's.
    const where: Record<string, string> = {
      slowDigest: `${pathToFileURL(digest).href}:${lineOf(digest, 'export function slowDigest(')}`,
      '(anonymous)': `${pathToFileURL(server).href}:${lineOf(server, 'http.createServer(')}`,
    };
    for (const c of run.culprits) expect(`${c.url}:${c.line}`, c.functionName).toBe(where[c.functionName]);
    expect(await new ReferencedPaths(out).sourceFile(run.culprits[0]!.url, run.sessionId)).toMatch(/esm-app\/(lib\/digest\.mjs|server\.js)$/);
  });
});

describe('bundles and offline profiles', () => {
  it('an esbuild bundle with an external map: culprits at the .ts line', async () => {
    const run = await checkup(NODES['20'], [join(app, 'bundle', 'server.js')], app);
    expectAtTsLines(run.culprits);
  });

  it("tsx's command line behind an npm script (`npm run dev`: tsx starts the app in a child node): culprits at the .ts line", async () => {
    const r = await runCli(['run', '-c', '5', '-d', '2', '--warmup', '1', '--no-heap', '--json', '--out', out, '--cwd', app, '--', 'npm', 'run', 'dev']);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { diagnosis: { findings: Array<{ culprits?: Culprit[] }> } };
    const culprits = doc.diagnosis.findings.flatMap((f) => f.culprits ?? []).filter((c) => c.measure === 'cpu');
    expect(culprits.length).toBeGreaterThan(0);
    expectAtTsLines(culprits);
  });

  it('a .cpuprofile of the tsc-built app opened offline: hot functions at the .ts line, from the maps beside the code', async () => {
    const doc = await inspect(profileOf(join(app, 'dist')));
    const hot = doc.topFunctions.find((f) => f.functionName === 'buildRegionReport')!;
    expect(hot).toMatchObject({ url: pathToFileURL(join(app, 'src', 'report.ts')).href, line: tsLines().buildRegionReport!.line });
    // No word about the maps. (V8 on a busy machine may write a sample out of order, which the import says: not ours.)
    expect(doc.warnings.filter((w) => !/out of order/.test(w))).toEqual([]);
  });

  it('a malformed map: the frames stay at the compiled code, with a coded warning', async () => {
    const broken = brokenDist(app);
    const doc = await inspect(profileOf(broken));
    const hot = doc.topFunctions.find((f) => f.functionName === 'buildRegionReport')!;
    expect(hot).toMatchObject({ url: pathToFileURL(join(broken, 'report.js')).href, line: lineOf(join(broken, 'report.js'), 'function buildRegionReport(') });
    expect(doc.warnings.join('\n')).toMatch(/source map of .*report\.js could not be read.*CHK_SOURCE_MAP_UNREADABLE/);
  });
});

interface InspectDoc {
  topFunctions: Array<{ functionName: string; url: string; line: number; category: string }>;
  warnings: string[];
}

async function inspect(file: string): Promise<InspectDoc> {
  const r = await runCli(['inspect', file, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as InspectDoc;
}
