// The real argon2 package (0.44, its prebuilt native binding): verify() runs in libuv's threadpool, answers through a
// promise, and does its work on threads of its own that each pool thread waits for (parallelism 4 by default), so the
// pool's threads read idle to Linux while every one of them is taken. Expected by root cause, written before the run:
// threadpool-saturated, naming argon2.hash (the binding's one function, under verify) and its caller verifyLogin
// (argon2-login.cjs:10), with the advice for argon2's cost; the pool counted as its 4 threads on Node 24 too, where
// argon2's lanes inherit the pool threads' name ("libuv-worker").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { NODE24 } from '../../helpers/node-binaries.js';
import { runCli } from '../../helpers/cli.js';
import { fixturesDir } from '../target/target-helpers.js';

const out = mkdtempSync(join(tmpdir(), 'checkup-argon2-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

interface RunJson {
  diagnosis: { verdict: string; findings: Array<{ kind: string; explanation: string; culprits: Array<{ functionName: string; url: string; line: number }> }> };
}

describe.each([
  ['20', process.execPath],
  ['24', NODE24],
] as const)('argon2 logins on Node %s', (_version, node) => {
  it.skipIf(!existsSync(node))('threadpool-saturated, naming argon2.hash and the app line that called it', async () => {
    const args = ['run', '--json', '--out', out, '--node', node, '-d', '3', '--warmup', '1', '-c', '20', '--no-heap', '-m', 'POST', '-H', 'content-type: application/json', '-b', '{"password":"correct horse"}', '--path', '/login', '--cwd', join(fixturesDir, 'offmain'), '--', 'node', 'argon2-login.cjs'];
    const json = JSON.parse((await runCli(args)).stdout) as RunJson;
    const lead = json.diagnosis.findings[0]!;
    expect(json.diagnosis.verdict, lead.explanation).toBe('threadpool-saturated');
    expect(lead.explanation).toMatch(/held its 4 threads/);
    expect(lead.explanation).toContain('argon2.hash called from verifyLogin');
    expect(lead.explanation).toContain('lower memoryCost and timeCost');
    expect(lead.culprits[0]).toMatchObject({ functionName: 'verifyLogin', line: 10, url: expect.stringContaining('argon2-login.cjs') });
    // The queue is the wait: no "the wait is elsewhere" beside it.
    expect(json.diagnosis.findings.map((f) => f.kind)).not.toContain('io-bound');
  }, 90_000);
});
