// A TypeScript app run by tsx, seen in a real Chromium through browser mode: the diagnosis names the culprit at its
// .ts file and line, the flame view (speedscope) and its hot-functions table show the same .ts frames.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from '../helpers/browser.js';
import { colouredPixels } from '../helpers/pixels.js';
import { brokenDist, lineOf, prepareTsApp, profileOf } from '../helpers/ts-app.js';
import { SHOTS, shoot, VIEWPORT, navTo } from './page-tools.js';

let dir: string;
let app: string;
let serve: ServeProcess;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'checkup-e2e-ts-'));
  mkdirSync(SHOTS, { recursive: true });
  app = prepareTsApp();
  const run = await runCli(['run', '-c', '5', '-d', '3', '--warmup', '1', '--json', '--out', join(dir, 'sessions'), '--cwd', app, '--', 'node', '--import', 'tsx', join(app, 'src', 'server.ts')]);
  if (run.code !== 0) throw new Error(`checkup run failed: ${run.stderr}`);
  serve = await startServe(['--out', join(dir, 'sessions')]);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: VIEWPORT });
  errors = collectPageErrors(page);
});

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  rmSync(dir, { recursive: true, force: true });
  if (app) rmSync(app, { recursive: true, force: true });
});

function speedscopeFrame(): Frame {
  const frame = page.frames().find((f) => f.url().includes('/speedscope/index.html'));
  if (!frame) throw new Error('speedscope frame not found');
  return frame;
}

describe('a TypeScript app in the browser', () => {
  it('shows the culprit at its .ts line in the diagnosis and the flame view', async () => {
    const report = join(app, 'src', 'report.ts');
    const server = join(app, 'src', 'server.ts');
    const expected = [`src/report.ts:${lineOf(report, 'export function buildRegionReport(')}`, `src/server.ts:${lineOf(server, 'http.createServer(')}`];

    await page.goto(serve.url);
    await navTo(page, 'History');
    await page.getByTestId('run-row').first().getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByTestId('verdict').waitFor({ timeout: 30_000 });
    const culprit = page.getByTestId('culprit').first();
    await culprit.waitFor();
    const where = (await page.locator('td.where').first().textContent())!.trim();
    expect(expected.some((e) => where.endsWith(e)), where).toBe(true);
    expect(await page.locator('td.where').allTextContents()).not.toContainEqual(expect.stringMatching(/\.js:\d+$/));
    await shoot(page, 'typescript-diagnosis');

    await culprit.click();
    await page.locator('[data-testid=speedscope]').waitFor({ timeout: 30_000 });
    // The iframe element is there before its document: wait for speedscope's page itself.
    await expect.poll(() => page.frames().some((f) => f.url().includes('/speedscope/index.html')), { timeout: 20_000 }).toBe(true);
    await speedscopeFrame().locator('canvas').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => colouredPixels(browser, page.locator('[data-testid=speedscope]')), { timeout: 20_000, interval: 500 }).toBeGreaterThan(2000);
    const hotWhere = await page.locator('aside.hot .where').allTextContents();
    expect(hotWhere.some((w) => expected.some((e) => w.endsWith(e.split('/').pop()!))), hotWhere.join(', ')).toBe(true);
    await shoot(page, 'typescript-flame');
    // The document speedscope was handed names the .ts files and lines (what its tooltips and details show).
    const frame = speedscopeFrame();
    const documentUrl = decodeURIComponent(/profileURL=([^&]+)/.exec(frame.url())![1]!);
    const doc = (await frame.evaluate(`fetch(${JSON.stringify(documentUrl)}).then((r) => r.json())`)) as { nodes: Array<{ callFrame: { functionName: string; url: string; lineNumber: number } }> };
    const hot = doc.nodes.map((n) => n.callFrame).find((cf) => cf.functionName === 'buildRegionReport')!;
    expect(hot.url).toBe(pathToFileURL(report).href);
    expect(hot.lineNumber + 1).toBe(lineOf(report, 'export function buildRegionReport('));
    expect(doc.nodes.some((n) => /\/(dist|src)\/[\w.]+\.js$/.test(n.callFrame.url))).toBe(false);
    // Hovering a bar of the app's in the Sandwich graphs shows its .ts file and line in speedscope's tooltip.
    const box = (await page.locator('[data-testid=speedscope]').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.43);
    await frame.getByText(/src\/(report|server)\.ts:\d+/).first().waitFor({ timeout: 10_000 });
    await shoot(page, 'typescript-flame-hover');
    expect(errors).toEqual([]);
  });

  it('says on the flame screen when a map could not be used, and shows the compiled frames', async () => {
    const file = profileOf(brokenDist(app));
    await navTo(page, 'Start');
    await page.getByTestId('profile-input').setInputFiles(file);
    await page.locator('.notes').getByText(/CHK_SOURCE_MAP_UNREADABLE/).waitFor({ timeout: 30_000 });
    expect(await page.locator('.notes').textContent()).toMatch(/source map of .*dist-broken\/report\.js could not be read/);
    const hot = await page.locator('aside.hot .where').allTextContents();
    expect(hot.some((w) => /report\.js:\d+$/.test(w)), hot.join(', ')).toBe(true);
    await shoot(page, 'typescript-broken-map');
    expect(errors).toEqual([]);
  });
});
