// Who made the requests wait or refused them, named by mechanism on real runs of fixtures of the rules10 session
// (test/fixtures/targets/rules10, expectations written in their headers before any run): a timer the app sets on
// every request is the wait, at its line (the probe times timers per call site); a 429 answered by the app's own
// quota middleware, which logs nothing, is charged to the function that wrote the answers (read from the CPU profile).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { fixturesDir } from '../target/target-helpers.js';

const out = mkdtempSync(join(tmpdir(), 'checkup-producers-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

interface Finding {
  kind: string;
  title: string;
  explanation: string;
  culprits: Array<{ functionName: string; line: number; url: string }>;
}

async function diagnose(fixture: string, extra: string[]): Promise<{ verdict: string; findings: Finding[] }> {
  const args = ['run', '--json', '--out', out, '-d', '4', '--warmup', '1', '-c', '10', '--no-heap', ...extra, '--', 'node', join(fixturesDir, 'rules10', fixture)];
  const result = await runCli(args);
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { diagnosis: { verdict: string; findings: Finding[] } }).diagnosis;
}

const summary = (d: { findings: Finding[] }) => JSON.stringify(d.findings.map((f) => [f.kind, f.title, f.culprits[0]?.functionName]));

describe('the producer of a wait or a refusal', () => {
  it('a 120 ms timer set by a middleware on every request: io-bound, naming the middleware', async () => {
    const d = await diagnose('padded-latency-app.cjs', ['--path', '/items/7']);
    expect(d.verdict, summary(d)).toBe('io-bound');
    const lead = d.findings[0]!;
    expect(lead.title).toBe('Requests wait on timers');
    expect(lead.explanation).toMatch(/waiting on timers set by the app, the most at setTimeout in padResponse/);
    expect(lead.culprits[0], summary(d)).toMatchObject({ functionName: 'padResponse', line: 11, url: expect.stringContaining('padded-latency-app.cjs') });
  }, 120_000);

  it("429s from the app's own quota middleware, with no log: load-errors, answered in that middleware", async () => {
    const d = await diagnose('quota-429-app.cjs', ['--rate', '400', '--path', '/price/apple']);
    expect(d.verdict, summary(d)).toBe('load-errors');
    const lead = d.findings[0]!;
    expect(lead.explanation).toMatch(/a rate limiter answered 429 in enforceQuota/);
    expect(lead.culprits[0], summary(d)).toMatchObject({ functionName: 'enforceQuota', line: 11, url: expect.stringContaining('quota-429-app.cjs') });
  }, 120_000);
});
