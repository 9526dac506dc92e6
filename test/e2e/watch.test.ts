// Watch mode in real Chromium through browser mode: check a small app of our own (a temporary project, so its file
// can be edited), turn Watch on from its diagnosis, edit the file on disk. The engine's `watch` events must show up
// (watching, then a re-run), the re-run must be followed live to its own diagnosis, which offers the comparison with
// the run it follows; turning Watch off must say so. No console errors.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from '../helpers/browser.js';
import { publishShots, SHOTS, shoot, VIEWPORT } from './page-tools.js';

let dir: string;
let project: string;
let serve: ServeProcess;
let browser: Browser;
let page: Page;
let errors: string[];

/** A server whose per-request work the test changes by rewriting the file, as a user's edit would. */
const server = (loops: number) => `const http = require('node:http');
const LOOPS = ${loops};
http.createServer((req, res) => {
  let x = 0;
  for (let i = 0; i < LOOPS; i++) x += i % 7;
  res.end(String(x));
}).listen(0, '127.0.0.1', () => console.log('listening'));
`;

beforeAll(async () => {
  if (!existsSync(join(rootDir, 'out', 'renderer', 'index.html'))) throw new Error('The renderer is not built: run `npm run build` first.');
  dir = mkdtempSync(join(tmpdir(), 'checkup-e2e-watch-'));
  project = join(dir, 'watched-app');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'watched-app', private: true, main: 'server.js' }));
  writeFileSync(join(project, 'server.js'), server(200_000));
  mkdirSync(SHOTS, { recursive: true });
  serve = await startServe(['--out', join(dir, 'sessions')]);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: VIEWPORT });
  errors = collectPageErrors(page);
});

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('watch mode', () => {
  it('re-runs when a project file changes, follows the re-run and offers the comparison', async () => {
    await page.goto(serve.url);
    await page.getByLabel('Project folder').fill(project);
    await page.getByRole('button', { name: 'Look', exact: true }).click();
    await expect.poll(() => page.locator('#run-what').inputValue(), { timeout: 10_000 }).toBe('file:server.js');
    await page.getByRole('button', { name: 'Set up the load →' }).click();
    await page.getByLabel(/^Duration/).fill('2');
    await page.getByLabel(/^Warm-up/).fill('0');
    const start = page.getByRole('button', { name: 'Start checkup' });
    await expect.poll(() => start.isEnabled(), { timeout: 10_000 }).toBe(true);
    await start.click();
    await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
    const folder = page.locator('.links .mono');
    const firstFolder = await folder.textContent();

    await page.getByTestId('watch-toggle').check();
    const state = page.getByTestId('watch-state');
    await expect.poll(() => state.textContent()).toMatch(new RegExp(`Watching ${project.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

    // The user's edit: a quarter of the work per request.
    writeFileSync(join(project, 'server.js'), server(50_000));
    // A re-run starts by itself and is followed on the Live screen...
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 20_000 }).toMatch(/Re-run after a change: server\.js/);
    // ...to its own diagnosis, which offers the comparison with the run it follows.
    const offer = page.getByTestId('compare-offer');
    await offer.getByText(/^\s*Done\. This run follows/).waitFor({ timeout: 60_000 });
    expect(await folder.textContent()).not.toBe(firstFolder);
    await expect.poll(() => page.getByTestId('watch-state').textContent()).toMatch(/re-run started after server\.js/);
    await shoot(page, 'watch');

    await offer.getByRole('button', { name: 'Compare with the previous run' }).click();
    await page.getByTestId('rps-headline').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('side-after').textContent()).toContain('watch: server.js changed');

    // Off again: the diagnosis says so, and nothing re-runs on the next edit.
    await page.getByRole('button', { name: /^Diagnosis/ }).click();
    await page.getByTestId('watch-toggle').uncheck();
    await expect.poll(() => page.getByTestId('watch-state').textContent()).toMatch(/Off\./);
    writeFileSync(join(project, 'server.js'), server(10_000));
    await page.waitForTimeout(2000);
    expect(await page.getByTestId('verdict').count()).toBe(1);
  });

  it('has no console errors and keeps its screenshot', () => {
    expect(errors).toEqual([]);
    publishShots(['watch']);
  });
});
