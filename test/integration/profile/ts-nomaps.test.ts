// A TypeScript server compiled by tsc WITHOUT source maps (test/fixtures/targets/ts-nomaps: outDir dist, rootDir src,
// sourceMap false), run as NestJS's start:prod runs one: `node dist/server.js`. The culprits must name the .ts file
// and the hot function's line there, found by name, say so, and the run must carry one warning; with the .ts gone the
// culprit stays in dist/ and the warning says that instead. Built by the real tsc at test time, on Node 20, 22, 24.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../../app/paths.js';
import { runCli } from '../../helpers/cli.js';
import { NODE22, NODE24 } from '../../helpers/node-binaries.js';
import { lineOf } from '../../helpers/ts-app.js';

const FIXTURE = join(rootDir, 'test', 'fixtures', 'targets', 'ts-nomaps');
const NODES = { '20': process.execPath, '22': NODE22, '24': NODE24 } as const;
const out = mkdtempSync(join(tmpdir(), 'checkup-ts-nomaps-sessions-'));
const apps: string[] = [];

/** A fresh copy of the fixture, compiled by this checkout's tsc into its dist/. */
function builtApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'checkup-ts-nomaps-'));
  apps.push(dir);
  cpSync(FIXTURE, dir, { recursive: true });
  symlinkSync(join(rootDir, 'node_modules'), join(dir, 'node_modules'), 'dir');
  execFileSync(process.execPath, [join(rootDir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(dir, 'tsconfig.json')], { stdio: 'pipe' });
  return dir;
}

let app = '';
beforeAll(() => {
  app = builtApp();
});
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  for (const dir of apps) rmSync(dir, { recursive: true, force: true });
});

interface Culprit {
  functionName: string;
  url: string;
  line: number;
  measure: string;
  mappedBy?: string;
  compiledAt?: { url: string; line: number };
}

async function checkup(node: string, dir: string, path: string, json = true) {
  const r = await runCli(['run', '-c', '5', '-d', '2', '--warmup', '1', '--no-heap', ...(json ? ['--json'] : []), '--path', path, '--out', out, '--cwd', dir, '--', node, join(dir, 'dist', 'server.js')]);
  expect(r.code, r.stderr).toBe(0);
  if (!json) return { text: r.stdout, culprits: [], notes: [] };
  const doc = JSON.parse(r.stdout) as { diagnosis: { sourceNotes?: string[]; findings: Array<{ culprits?: Culprit[] }> } };
  const culprits = doc.diagnosis.findings.flatMap((f) => f.culprits ?? []).filter((c) => c.measure === 'cpu');
  return { text: '', culprits, notes: doc.diagnosis.sourceNotes ?? [] };
}

function culpritNamed(culprits: Culprit[], name: string): Culprit {
  const found = culprits.find((c) => c.functionName === name);
  expect(found, `no culprit ${name} in ${JSON.stringify(culprits)}`).toBeDefined();
  return found!;
}

describe.each(Object.entries(NODES))('Node %s', (version, node) => {
  it('a class method: the culprit is the .ts file and the method line, found by name, with the warning', async () => {
    const run = await checkup(node, app, '/report');
    const service = join(app, 'src', 'services', 'report.service.ts');
    const c = culpritNamed(run.culprits, 'buildRegionTotals');
    expect({ url: c.url, line: c.line, mappedBy: c.mappedBy }).toEqual({ url: pathToFileURL(service).href, line: lineOf(service, 'public buildRegionTotals('), mappedBy: 'name' });
    const compiled = join(app, 'dist', 'services', 'report.service.js');
    expect(c.compiledAt).toEqual({ url: pathToFileURL(compiled).href, line: lineOf(compiled, 'buildRegionTotals(rounds)') });
    expect(run.notes.join('\n')).toMatch(/compiled without source maps: lines from dist\/\*\.js mapped to src\/\*\.ts by function name.*sourceMap: true.*CHK_SOURCE_MAP_MISSING\)/i);
  });

  it.skipIf(version !== '20')('an arrow function: the culprit is its .ts line', async () => {
    const run = await checkup(node, app, '/score');
    const score = join(app, 'src', 'score.ts');
    const c = culpritNamed(run.culprits, 'scoreWords');
    expect({ url: c.url, line: c.line, mappedBy: c.mappedBy }).toEqual({ url: pathToFileURL(score).href, line: lineOf(score, 'export const scoreWords ='), mappedBy: 'name' });
  });
});

it('the report says how the line was found, and the warning', async () => {
  const run = await checkup(process.execPath, app, '/report', false);
  expect(run.text).toMatch(/buildRegionTotals\s+\S*src\/services\/report\.service\.ts:\d+ \(found by name: dist\/ has no source maps\)/);
  expect(run.text).toMatch(/Source\s+Compiled without source maps: lines from dist\/\*\.js mapped to src\/\*\.ts/);
});

it('with the .ts sources gone, the culprit stays in dist/*.js and the warning says so', async () => {
  const bare = builtApp();
  rmSync(join(bare, 'src'), { recursive: true });
  const run = await checkup(process.execPath, bare, '/report');
  const compiled = join(bare, 'dist', 'services', 'report.service.js');
  const c = culpritNamed(run.culprits, 'buildRegionTotals');
  expect({ url: c.url, line: c.line, mappedBy: c.mappedBy }).toEqual({ url: pathToFileURL(compiled).href, line: lineOf(compiled, 'buildRegionTotals(rounds)'), mappedBy: undefined });
  expect(run.notes.join('\n')).toMatch(/lines left as dist\/\*\.js \(no TypeScript source found beside them\).*CHK_SOURCE_MAP_MISSING_TS/);
  expect(run.notes.join('\n')).not.toMatch(/mapped to src/);
});
