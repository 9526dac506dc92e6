// Real apps whose requests queue for libuv's threadpool, through the real `checkup run --json` (20 connections, short
// loads), on Node 20 (no thread is named: the pool is found by elimination) and 22/24 (named "libuv-worker").
// Expected by root cause, written before the runs:
// - an express login running crypto.scrypt at cost 2^16: threadpool-saturated, the culprit the scrypt call in
//   checkPassword (scrypt-login.cjs:12), never insufficient-data although few logins complete;
// - an express login with the real bcrypt package's native compare: threadpool-saturated naming bcrypt.compare and
//   its caller verifyLogin (bcrypt-login.cjs:9), the binding wrapped as it loads;
// - fastify with @fastify/under-pressure on the heap, logging with pino: its 503s are the app's own load shedding,
//   named as @fastify/under-pressure from its log, answered in the plugin's file;
// - an express page compiling its handlebars template on every request: hot-path in renderPage, most of it inside
//   handlebars, with the advice to compile once.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProbeSample } from '../../../app/contract/metrics.js';
import { runCli } from '../../helpers/cli.js';
import { fixturesDir } from '../target/target-helpers.js';
import { NODE22, NODE24 } from '../../helpers/node-binaries.js';

const out = mkdtempSync(join(tmpdir(), 'checkup-offmain-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

interface RunJson {
  session: string;
  diagnosis: { verdict: string; findings: Array<{ kind: string; explanation: string; culprits: Array<{ functionName: string; calledFrom?: string; url: string; line: number }> }> };
}

async function login(node: string, script: string): Promise<{ json: RunJson; samples: ProbeSample[] }> {
  const args = ['run', '--json', '--out', out, '-d', '3', '--warmup', '1', '-c', '20', '--no-heap', '-m', 'POST', '-H', 'content-type: application/json', '-b', '{"password":"correct horse"}', '--path', '/login', '--node', node, '--cwd', join(fixturesDir, 'offmain'), '--', 'node', script];
  const r = await runCli(args);
  const json = JSON.parse(r.stdout) as RunJson;
  const samples = readFileSync(join(json.session, 'samples.ndjson'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as ProbeSample);
  return { json, samples };
}

describe.each([
  ['20', process.execPath],
  ['24', NODE24],
] as const)('crypto.scrypt logins on Node %s', (_version, node) => {
  it.skipIf(!existsSync(node))('threadpool-saturated, the culprit the scrypt call in checkPassword', async () => {
    const { json, samples } = await login(node, 'scrypt-login.cjs');
    const lead = json.diagnosis.findings[0]!;
    expect(json.diagnosis.verdict, lead.explanation).toBe('threadpool-saturated');
    expect(lead.culprits[0]).toMatchObject({ calledFrom: 'checkPassword', line: 12, url: expect.stringContaining('scrypt-login.cjs') });
    // The probe told the pool's 4 threads apart from the others.
    expect(Math.max(...samples.map((s) => s.threads?.pool.threads ?? 0))).toBe(4);
  }, 90_000);
});

describe.each([
  ['20', process.execPath],
  ['22', NODE22],
] as const)('bcrypt logins on Node %s', (_version, node) => {
  it.skipIf(!existsSync(node))('threadpool-saturated, naming bcrypt.compare and the app line that called it', async () => {
    const { json } = await login(node, 'bcrypt-login.cjs');
    const lead = json.diagnosis.findings[0]!;
    expect(json.diagnosis.verdict, lead.explanation).toBe('threadpool-saturated');
    expect(lead.explanation).toContain('bcrypt.compare called from verifyLogin');
    expect(lead.explanation).toContain('a lower cost factor (salt rounds)');
    expect(lead.culprits[0]).toMatchObject({ functionName: 'verifyLogin', line: 9, url: expect.stringContaining('bcrypt-login.cjs') });
  }, 90_000);
});

// On Node 20 only: the load shedding is named from what the app writes (its 503s and pino's log lines naming the
// plugin) and answered in the plugin's file, none of which is the Node version's; the thread-level findings above and
// the inlining-sensitive culprit below keep their second Node.
describe("the app's own load shedding on Node 20", () => {
  it("@fastify/under-pressure named from the app's log, answered in its file", async () => {
    const args = ['run', '--json', '--out', out, '-d', '3', '--warmup', '1', '-c', '20', '--no-heap', '--path', '/tasks', '--node', process.execPath, '--cwd', join(fixturesDir, 'offmain'), '-e', 'HEAP_MB=40', '--', 'node', 'under-pressure-app.cjs'];
    const json = JSON.parse((await runCli(args)).stdout) as RunJson;
    const f = json.diagnosis.findings.find((x) => x.kind === 'load-errors');
    expect(f, JSON.stringify(json.diagnosis.findings.map((x) => x.explanation))).toBeDefined();
    expect(f!.explanation).toContain('@fastify/under-pressure');
    expect(f!.culprits[0]).toMatchObject({ url: expect.stringContaining('@fastify/under-pressure') });
  }, 90_000);
});

describe.each([
  ['20', process.execPath],
  ['22', NODE22],
] as const)('a template compiled per request on Node %s', (_version, node) => {
  it.skipIf(!existsSync(node))('hot-path in renderPage, naming handlebars and what helps', async () => {
    const args = ['run', '--json', '--out', out, '-d', '3', '--warmup', '1', '-c', '10', '--no-heap', '--path', '/page', '--node', node, '--cwd', join(fixturesDir, 'offmain'), '--', 'node', 'template-per-request.cjs'];
    const json = JSON.parse((await runCli(args)).stdout) as RunJson;
    const lead = json.diagnosis.findings[0]!;
    expect(json.diagnosis.verdict, lead.explanation).toBe('hot-path');
    expect(lead.culprits[0]).toMatchObject({ functionName: 'renderPage', line: 10 });
    expect(lead.explanation).toMatch(/inside handlebars .*compile each template once/);
  }, 90_000);
});
