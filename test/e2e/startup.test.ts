// The start-up checkup in real Chromium through browser mode (`checkup serve` as a child process): on a small
// generated app whose one heavy package is required eagerly and never called before the server listens, start the
// checkup from the Start screen, follow it to the Start-up screen (time to ready, every start, the module tree as an
// icicle and a table with the heaviest path through the heavy package, the packages, the lazy-load advice), open it
// again from History; then defer the heavy package in the app's code, check it again, and compare the two sessions
// from History: the heavy package's load time must fall. Screenshots at 1440x900 and 1024x700. No console errors.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from '../helpers/browser.js';
import { publishShots, SHOTS, shoot, VIEWPORT, navTo } from './page-tools.js';

let dir: string;
let app: string;
let serve: ServeProcess;
let browser: Browser;
let page: Page;
let errors: string[];
const shots: string[] = [];

/** A package of `files` modules, each building a table when it loads (real work, as codecs and fonts do). */
function writePackage(name: string, files: number, iterations: number): void {
  const pkg = join(app, 'node_modules', name);
  mkdirSync(join(pkg, 'lib'), { recursive: true });
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name, version: '1.0.0', main: 'index.js' }));
  for (let f = 0; f < files; f++) {
    writeFileSync(join(pkg, 'lib', `part${f}.js`), `let s = 0;\nfor (let i = 0; i < ${iterations}; i++) s += Math.sqrt(i + ${f});\nmodule.exports = s;\n`);
  }
  writeFileSync(join(pkg, 'index.js'), `const parts = [${Array.from({ length: files }, (_, f) => `require('./lib/part${f}.js')`).join(', ')}];\nexports.sum = () => parts.reduce((a, b) => a + b, 0);\n`);
}

/** The server: `heavy-charts` required at the top (eager) or inside its route (lazy); `tiny-util` used at start. */
function writeServer(eager: boolean): void {
  writeFileSync(
    join(app, 'server.js'),
    `const http = require('node:http');
const util = require('tiny-util');
${eager ? "const charts = require('heavy-charts');" : "let charts;"}
const port = util.sum() > 0 ? 0 : 0;
http.createServer((req, res) => {
  if (req.url === '/chart') { ${eager ? '' : "charts ??= require('heavy-charts'); "}return res.end(String(charts.sum())); }
  res.end('ok');
}).listen(port, '127.0.0.1');
`,
  );
}

beforeAll(async () => {
  if (!existsSync(join(rootDir, 'out', 'renderer', 'index.html'))) throw new Error('The renderer is not built: run `npm run build` first.');
  dir = mkdtempSync(join(tmpdir(), 'checkup-e2e-startup-'));
  app = join(dir, 'shop-api');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'shop-api', version: '1.0.0', scripts: { start: 'node server.js' } }));
  writePackage('heavy-charts', 12, 400_000);
  writePackage('tiny-util', 2, 1000);
  writeServer(true);
  mkdirSync(SHOTS, { recursive: true });
  serve = await startServe(['--out', join(dir, 'sessions')]);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: VIEWPORT });
  errors = collectPageErrors(page);
});

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function keep(name: string, maxHeight?: number): Promise<void> {
  await shoot(page, name, maxHeight);
  shots.push(name);
}

/** The Start screen's start-up entry: the app's folder, server.js, two timed starts; then the Start-up screen. */
async function checkFromStart(): Promise<void> {
  await navTo(page, 'Start');
  const entry = page.getByTestId('startup-entry');
  await entry.getByLabel('Folder of the app to time').fill(app);
  await entry.getByRole('button', { name: 'Find scripts' }).click();
  await entry.locator('#startup-run').selectOption('file:server.js');
  await entry.getByLabel('Timed starts').fill('2');
  await entry.getByRole('button', { name: 'Time the start-up →' }).click();
  await expect.poll(() => page.getByTestId('startup-phase').textContent(), { timeout: 30_000 }).toMatch(/start \d+ of \d+/);
}

describe('the start-up checkup in the app', () => {
  it('checks a start from the Start screen, shows the module tree and time to ready, and opens it again from History', { timeout: 240_000 }, async () => {
    await page.goto(serve.url);
    await checkFromStart();
    await page.getByTestId('startup-title').waitFor({ timeout: 120_000 });

    // Time to ready: a median in ms, and a dot per start on the strip (2 timed + traced, usage, profiled).
    const median = (await page.getByTestId('ready-median').textContent())!;
    expect(median).toMatch(/^\d[\d,.]* ms$/);
    expect(await page.getByTestId('ready-strip').locator('circle').count()).toBeGreaterThanOrEqual(5);

    // The module tree: the icicle draws the entry and the heavy package's modules, the heaviest path goes through it.
    const icicle = page.getByTestId('module-icicle');
    expect(await icicle.locator('rect').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('heaviest-path').textContent()).toMatch(/server\.js › heavy-charts\/index\.js/);
    const tree = page.getByTestId('module-tree');
    await tree.locator('[data-module-row="heavy-charts/index.js"]').waitFor();
    expect(await tree.locator('tr.hot').count()).toBeGreaterThanOrEqual(2);
    // Picking a box in the icicle opens the tree to it and marks it.
    await icicle.locator('g.box', { hasText: 'tiny-util' }).first().click();
    await tree.locator('tr.picked[data-module-row="tiny-util/index.js"]').waitFor();

    // Packages: heavy-charts first, loaded by the app and never called before ready; the advice says to defer it.
    const firstPackage = page.getByTestId('startup-packages').locator('tbody tr').first();
    expect(await firstPackage.textContent()).toMatch(/heavy-charts[\s\S]*your code[\s\S]*never called/);
    expect(await page.getByTestId('startup-advice').textContent()).toContain('Require heavy-charts where it is first used');
    expect((await page.getByTestId('tracing-notes').locator('li').count())).toBeGreaterThanOrEqual(1);
    await keep('startup', 3000);
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, 'startup-1024.png') });
    await page.setViewportSize(VIEWPORT);

    // History lists it as a start-up checkup; opening it goes to the Start-up screen, not a diagnosis.
    await navTo(page, 'History');
    // Runs are named after the project (package.json's name).
    const row = page.getByTestId('run-row').filter({ hasText: 'shop-api' });
    await expect.poll(() => row.getByTestId('ready-cell').textContent(), { timeout: 15_000 }).toMatch(/ready in \d/);
    await row.getByRole('button', { name: 'shop-api' }).click();
    await page.getByTestId('startup-title').waitFor();
    expect(await page.getByTestId('ready-median').textContent()).toBe(median);
    expect(await page.getByTestId('verdict').count()).toBe(0);

    // Defer the heavy package, check again, compare the two from History.
    writeServer(false);
    await checkFromStart();
    await expect.poll(() => page.getByTestId('startup-title').count(), { timeout: 120_000 }).toBe(1);
    expect(await page.getByTestId('startup-packages').textContent()).not.toContain('heavy-charts');
    await navTo(page, 'History');
    const rows = page.getByTestId('run-row').filter({ hasText: 'shop-api' });
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await page.getByTestId('compare-selected').click();
    const ready = page.getByTestId('startup-ready-comparison');
    await ready.waitFor({ timeout: 30_000 });
    expect(await ready.textContent()).toMatch(/Time to ready \(median\)/);
    const heavy = page.getByTestId('startup-package-deltas').locator('tr', { hasText: 'heavy-charts' });
    expect(await heavy.locator('td.delta').textContent()).toMatch(/^−/);
    await keep('startup-comparison');

    expect(errors).toEqual([]);
    publishShots(shots);
  });
});
