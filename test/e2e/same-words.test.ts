// Both faces name things identically: one session of the gc-churn lab, diagnosed by the real `checkup run` in a
// terminal and then opened in the browser UI over `checkup serve`, shows the same culprits by the same names. The lab's
// allocator is a callback, so the CLI says "(anonymous) in orderStats", and the culprit table must say so too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';
import { shoot, VIEWPORT, navTo } from './page-tools.js';

let dir: string;
let serve: ServeProcess;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'checkup-same-words-'));
});

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The culprit rows the terminal report prints under "Culprits": share, name, file:line. */
function cliCulprits(stdout: string): Array<{ name: string; where: string }> {
  const lines = stdout.split('\n');
  const start = lines.findIndex((l) => /^ {2}Culprits\b/.test(l));
  const rows: Array<{ name: string; where: string }> = [];
  for (const line of lines.slice(start + 1)) {
    const m = /^ {14}\s*[\d.,]+ % {2}(.+?) {2}(\S+:\d+)/.exec(line);
    if (!m) break;
    rows.push({ name: m[1]!, where: m[2]! });
  }
  return rows;
}

describe('the terminal and the UI name culprits identically', () => {
  it('gc-churn: "(anonymous) in orderStats" in both, at the same file and line', async () => {
    const run = await runCli(['run', '--demo', 'gc-churn', '-d', '3', '--warmup', '1', '--out', join(dir, 'sessions')]);
    expect(run.code).toBe(0);
    const cli = cliCulprits(run.stdout);
    expect(cli.length).toBeGreaterThan(0);
    expect(cli.map((c) => c.name)).toContain('(anonymous) in orderStats');

    serve = await startServe(['--out', join(dir, 'sessions')]);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: VIEWPORT });
    errors = collectPageErrors(page);
    await page.goto(serve.url);
    await navTo(page, 'History');
    await page.getByTestId('run-row').first().getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByTestId('verdict').waitFor({ timeout: 30_000 });

    const table = page.locator('table.culprits').first();
    await table.waitFor();
    const names = (await table.getByTestId('culprit').allTextContents()).map((t) => t.trim());
    const wheres = (await table.locator('td.where').allTextContents()).map((t) => t.trim());
    await shoot(page, 'diagnosis-called-from');
    expect(names).toEqual(cli.map((c) => c.name));
    // The CLI writes paths from the working directory, the UI from the project: the same file and line either way.
    for (const [i, c] of cli.entries()) expect(c.where.endsWith(wheres[i]!)).toBe(true);
    expect(errors).toEqual([]);
  });
});
