// The self-contained HTML reports carry a strict Content-Security-Policy (no inline script or style but our own, by
// hash; nothing fetched) and still render: real sessions from the CLI, `checkup report` for one session and for a
// comparison, opened from disk in Debian's Chromium. No CSP violation, no console error, every chart drawn; and
// markup that slipped into a report could not run.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'checkup-report-csp-'));
const sessions = join(dir, 'sessions');
let browser: Browser;
let before: string;
let after: string;

async function run(): Promise<string> {
  const r = await runCli(['run', '--demo', 'blocking', '-d', '1', '--warmup', '0', '--no-heap', '--out', sessions, '--json']);
  return (JSON.parse(r.stdout) as { sessionId: string }).sessionId;
}

async function report(args: string[]): Promise<string> {
  const r = await runCli(['report', ...args, '--out', sessions, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { path: string }).path;
}

/** Opens a report from disk; what the page reported about CSP, errors and its charts. */
async function open(path: string) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  // Strings, not functions: this file is type-checked without the DOM's types.
  await page.addInitScript(`window.violations = []; document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.violatedDirective + ' ' + e.blockedURI));`);
  await page.goto(pathToFileURL(path).href);
  await page.waitForLoadState('load');
  const result = await page.evaluate<{ violations: string[]; csp: string; charts: number; drawn: number; injectedRan: boolean }>(`({
    violations: window.violations,
    csp: document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '',
    charts: document.querySelectorAll('.chart').length,
    drawn: document.querySelectorAll('.chart canvas').length,
    injectedRan: window.injected === true,
  })`);
  await page.close();
  return { ...result, errors };
}

beforeAll(async () => {
  browser = await launchChromium();
  before = await run();
  after = await run();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an HTML report', () => {
  it.each([
    ['of one session', () => [before]],
    ['of a comparison', () => [after, '--compare', before]],
  ])('%s renders under a strict CSP with no violation', async (_label, args) => {
    const path = await report(args());
    const page = await open(path);
    expect(page.csp).toMatch(/default-src 'none'/);
    expect(page.csp).toMatch(/script-src 'sha256-[^']+' 'sha256-[^']+'(;|$)/);
    expect(page.csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(page.violations).toEqual([]);
    expect(page.errors).toEqual([]);
    expect(page.charts).toBeGreaterThan(0);
    expect(page.drawn).toBe(page.charts);
  });

  it('runs no script that is not its own, should markup ever slip into it', async () => {
    const path = await report([before]);
    const tampered = join(dir, 'tampered.html');
    writeFileSync(tampered, readFileSync(path, 'utf8').replace('<main>', '<main><script>window.injected = true</script><img src="https://example.com/x.png">'));
    const page = await open(tampered);
    expect(page.injectedRan).toBe(false);
    expect(page.violations.some((v) => v.startsWith('script-src'))).toBe(true);
    expect(page.violations.some((v) => v.startsWith('img-src'))).toBe(true);
    expect(page.drawn).toBe(page.charts);
  });
});
