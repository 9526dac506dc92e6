// Failing requests whose errors the app answers without logging them (an express error middleware, koa's default
// handling of a 4xx, restify's answer to a rejected async handler, fastify's default error handler): real runs of
// fixtures (test/fixtures/targets/error-sites, expectations written in their headers before any run) under load, the
// throw site named from the probe's hooks on each framework's error path.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { fixturesDir } from '../target/target-helpers.js';

const out = mkdtempSync(join(tmpdir(), 'checkup-error-sites-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

interface Finding {
  kind: string;
  explanation: string;
  culprits: Array<{ functionName: string; line: number; url: string }>;
}

async function diagnose(fixture: string, path: string, method = 'GET'): Promise<{ verdict: string; findings: Finding[] }> {
  const args = ['run', '--json', '--out', out, '-d', '3', '--warmup', '1', '-c', '10', '--no-heap', '--method', method, '--path', path, '--', 'node', join(fixturesDir, 'error-sites', fixture)];
  const result = await runCli(args);
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { diagnosis: { verdict: string; findings: Finding[] } }).diagnosis;
}

const summary = (d: { findings: Finding[] }) => JSON.stringify(d.findings.map((f) => [f.kind, f.explanation, f.culprits[0]?.functionName]));

const CASES = [
  { fixture: 'express4-app.cjs', path: '/receipts/7', culprit: 'renderReceipt', line: 10, status: 500, framework: 'express' },
  { fixture: 'express5-app.cjs', path: '/stock/a1', culprit: 'lookupStock', line: 11, status: 503, framework: 'express' },
  { fixture: 'koa-app.cjs', path: '/baskets/3', culprit: 'checkQuantity', line: 9, status: 422, framework: 'koa' },
  { fixture: 'restify-app.cjs', path: '/prices/20', culprit: 'convertPrice', line: 10, status: 500, framework: 'restify' },
  { fixture: 'fastify-app.cjs', path: '/carts/9', culprit: 'applyCoupon', line: 11, status: 500, framework: 'fastify' },
];

describe('where the silently answered errors were thrown', () => {
  for (const c of CASES) {
    it(`${c.fixture}: load-errors, thrown in ${c.culprit}, answered ${c.status} by ${c.framework}`, async () => {
      const d = await diagnose(c.fixture, c.path);
      expect(d.verdict, summary(d)).toBe('load-errors');
      const finding = d.findings.find((f) => f.kind === 'load-errors')!;
      expect(finding.culprits[0], summary(d)).toMatchObject({ functionName: c.culprit, line: c.line, url: expect.stringContaining(c.fixture) });
      expect(finding.explanation).toMatch(new RegExp(`The app did not log these errors: thrown in ${c.culprit} \\(.*${c.fixture.replace('.', '\\.')}:${c.line}\\), [\\d,]+ times, answered ${c.status} by ${c.framework}'s error handling`));
    });
  }

  it("fastify-pressure-app.cjs: under-pressure's unlogged 503s are the app's load shedding, the blocked loop behind them the verdict", async () => {
    const d = await diagnose('fastify-pressure-app.cjs', '/quotes', 'POST');
    expect(d.verdict, summary(d)).toBe('event-loop-blocked');
    expect(d.findings[0]!.culprits[0], summary(d)).toMatchObject({ functionName: 'priceQuote' });
    const shed = d.findings.find((f) => f.kind === 'load-errors')!;
    expect(shed.explanation, summary(d)).toMatch(/the app's own load shedding: @fastify\/under-pressure answered 503/);
    expect(shed.explanation).toMatch(/consequence of the event loop is blocked/);
  });
});
