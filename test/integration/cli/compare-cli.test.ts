// `checkup compare` and the CI gate `checkup run --baseline DIR --fail-on-regression`, as a CI job would call them.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';

const out = mkdtempSync(join(tmpdir(), 'checkup-compare-cli-'));
let fixedDir = '';

beforeAll(async () => {
  const r = await runCli(['run', '--demo', 'blocking', '--fixed', '-d', '3', '--warmup', '1', '--json', '--out', out]);
  expect(r.code).toBe(0);
  fixedDir = JSON.parse(r.stdout).session;
});

describe('checkup run --baseline', () => {
  it('exits 5 with CHK_REGRESSION when requests/s fell significantly, and keeps the comparison in the JSON', async () => {
    const r = await runCli(['run', '--demo', 'blocking', '-d', '3', '--warmup', '1', '--json', '--out', out, '--baseline', fixedDir, '--fail-on-regression']);
    expect(r.code).toBe(5);
    const doc = JSON.parse(r.stdout);
    expect(doc.error.code).toBe('CHK_REGRESSION');
    expect(doc.error.message).toMatch(/Requests per second (÷[\d.,]+|−[\d.,]+ %) \(p [=<] [\d.]+\)/);
    expect(doc.comparison.load.requestsPerSecond.reason).toMatch(/^p [=<] [\d.]+; after\/before between /);
    expect(doc.comparison.load.requestsPerSecond).toMatchObject({ significant: true, outcome: 'regressed' });
    expect(doc.comparison.verdict).toEqual({ before: 'healthy', after: 'event-loop-blocked' });
    expect(doc.diagnosis.verdict).toBe('event-loop-blocked');
  });

  it('--fail-on-regression without --baseline is refused', async () => {
    const r = await runCli(['run', '--demo', '--fail-on-regression']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--fail-on-regression needs --baseline');
  });
});

describe('checkup compare', () => {
  it('prints one JSON document with the figures, verdicts and per-function deltas', async () => {
    const sessions = readdirSync(out).map((n) => join(out, n));
    const slow = sessions.find((d) => d !== fixedDir)!;
    const r = await runCli(['compare', slow, fixedDir, '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.before).toMatchObject({ dir: slow, verdict: 'event-loop-blocked' });
    expect(doc.after).toMatchObject({ dir: fixedDir, verdict: 'healthy' });
    expect(doc.load.requestsPerSecond).toMatchObject({ significant: true, outcome: 'improved' });
    expect(doc.load.requestsPerSecond.ratio).toBeGreaterThan(10);
    expect(doc.load.latencyP99).toEqual(expect.objectContaining({ before: expect.any(Number), after: expect.any(Number), ratio: expect.any(Number), significant: expect.any(Boolean) }));
    expect(doc.verdict).toEqual({ before: 'event-loop-blocked', after: 'healthy' });
    expect(doc.functions[0]).toEqual(expect.objectContaining({ functionName: expect.any(String), url: expect.any(String), line: expect.any(Number), selfBefore: expect.any(Number), selfAfter: expect.any(Number), delta: expect.any(Number) }));
    expect(doc.functions.slice(0, 3).map((f: { functionName: string }) => f.functionName)).toContain('computeReport');
  });

  it('refuses a missing session with a coded error', async () => {
    const r = await runCli(['compare', join(out, 'nope'), fixedDir, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('CHK_SESSION_NOT_FOUND');
  });
});
