// Errors in the user's words (issue 14, item 4) in real Chromium through browser mode, at 1440x900 and 1024x700: an
// app that never listens gets a countdown while Checkup waits, then says it never listened (not "not enough data"),
// and History labels the run as a start failure under the project's name; an app that crashes at start shows its
// exit code and last lines. A file typed as the project folder is answered "a file, not a folder"; a recipe's bad
// number in plain words; no backtick in any error; a profile that will not open offers another file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { browserSuite, SCREEN_SIZES, type ScreenSize } from '../helpers/browser-suite.js';
import { SHOTS, navTo } from './page-tools.js';

const suite = browserSuite('start');

function project(name: string, server: string): string {
  const at = join(suite.dir, name);
  mkdirSync(at, { recursive: true });
  writeFileSync(join(at, 'package.json'), JSON.stringify({ name, scripts: { start: 'node server.js' } }));
  writeFileSync(join(at, 'server.js'), server);
  return at;
}

async function openPage(size: ScreenSize): Promise<Page> {
  const page = await suite.newPage(size);
  await page.goto(suite.serve.url);
  await page.getByRole('button', { name: 'Try the demo' }).waitFor();
  return page;
}

/** Start → Check my app → this folder → its npm start script → the Recipe screen. */
async function recipeForFolder(page: Page, folder: string): Promise<void> {
  await navTo(page, 'Start');
  await page.getByLabel('Project folder').fill(folder);
  await page.getByRole('button', { name: 'Look' }).click();
  await page.getByRole('button', { name: 'Set up the load →' }).click();
  await page.getByRole('heading', { name: 'Recipe' }).waitFor();
}

const noBackticks = async (page: Page) => expect(await page.locator('[role=alert]').allTextContents()).not.toEqual(expect.arrayContaining([expect.stringContaining('`')]));

describe('errors in the user\'s words', () => {
  it('counts down while an app never listens, then says so, and History leaves it out unless asked, marked a start failure', async () => {
    const folder = project('quiet-worker', "console.log('booting the worker'); setInterval(() => {}, 1000);\n");
    for (const size of SCREEN_SIZES) {
      const page = await openPage(size);
      await recipeForFolder(page, folder);
      await page.getByLabel('Ready timeout').fill('4');
      await expect.poll(() => page.getByRole('button', { name: 'Start checkup' }).isEnabled(), { timeout: 5000 }).toBe(true);
      await page.getByRole('button', { name: 'Start checkup' }).click();

      const countdown = page.getByTestId('countdown');
      await countdown.waitFor({ timeout: 15_000 });
      const first = Number(/(\d+) s/.exec((await countdown.textContent())!)![1]);
      expect(first).toBeLessThanOrEqual(4);
      await expect.poll(async () => Number(/(\d+) s/.exec((await countdown.textContent()) ?? '')?.[1] ?? first), { timeout: 5000 }).toBeLessThan(first);
      await page.screenshot({ path: join(SHOTS, `start-countdown-${size.name}.png`) });

      const box = page.locator('[role=alert]').filter({ hasText: 'The app did not start' });
      await box.waitFor({ timeout: 30_000 });
      const text = (await box.textContent())!;
      expect(text).toMatch(/The app never listened on a port: Checkup waited 4 s for it\./);
      expect(text).toContain('booting the worker');
      expect(await page.locator('main').textContent()).not.toMatch(/Not enough data|load for longer/);
      await noBackticks(page);
      await page.screenshot({ path: join(SHOTS, `start-never-listened-${size.name}.png`) });

      // History leaves failed starts out (nothing was measured) and says so; shown on request, each is marked.
      await navTo(page, 'History');
      const sessions = page.getByTestId('sessions');
      const note = page.getByTestId('failed-starts');
      await note.waitFor();
      expect(await note.textContent()).toMatch(/failed starts? \(the app did not start, so nothing was measured\) not listed/);
      expect(await sessions.locator('tr', { hasText: 'quiet-worker' }).count()).toBe(0);
      await note.getByRole('button', { name: 'Show them' }).click();
      const row = sessions.locator('tr', { hasText: 'quiet-worker' }).first();
      await row.waitFor();
      expect(await row.textContent()).toContain('did not start');
      await page.screenshot({ path: join(SHOTS, `history-start-failed-${size.name}.png`) });
      await page.close();
    }
  });

  it('shows the exit code and last lines of an app that crashes at start', async () => {
    const folder = project('needs-config', "console.error('Error: DATABASE_URL is not set'); process.exit(3);\n");
    const page = await openPage(SCREEN_SIZES[1]);
    await recipeForFolder(page, folder);
    await page.getByRole('button', { name: 'Start checkup' }).click();
    const box = page.locator('[role=alert]').filter({ hasText: 'The app did not start' });
    await box.waitFor({ timeout: 30_000 });
    expect(await box.textContent()).toMatch(/exited with exit code 3 before it listened[\s\S]*DATABASE_URL is not set/);
    await noBackticks(page);
    await page.screenshot({ path: join(SHOTS, 'start-crashed-narrow.png') });
    await page.close();
  });

  it('answers a file typed as the folder, a bad number, and a profile that will not open, in plain words', async () => {
    const folder = project('plain-words', 'require("http").createServer((q, s) => s.end("ok")).listen(0);\n');
    for (const size of SCREEN_SIZES) {
      const page = await openPage(size);
      await page.getByLabel('Project folder').fill(join(folder, 'server.js'));
      await page.getByRole('button', { name: 'Look' }).click();
      const box = page.locator('[role=alert]').filter({ hasText: 'Cannot use that folder' });
      await box.waitFor();
      expect(await box.textContent()).toContain(`${join(folder, 'server.js')} is a file, not a folder.`);
      expect(await box.textContent()).toContain(`Choose the folder that holds it: ${folder}`);
      await noBackticks(page);
      await page.screenshot({ path: join(SHOTS, `start-file-as-folder-${size.name}.png`) });

      await recipeForFolder(page, folder);
      await page.getByLabel('Connections').fill('0');
      await page.getByText('Connections must be at least 1').waitFor({ timeout: 5000 });
      expect(await page.locator('.recipe').textContent()).not.toMatch(/Too small|expected number|>=/);
      await page.screenshot({ path: join(SHOTS, `recipe-bad-number-${size.name}.png`) });

      const broken = join(suite.dir, 'broken.cpuprofile');
      writeFileSync(broken, '{ "nodes": [ this is not json');
      await navTo(page, 'Start');
      await page.getByTestId('profile-input').setInputFiles(broken);
      await page.locator('[role=alert]').filter({ hasText: 'Cannot open this profile' }).waitFor({ timeout: 30_000 });
      await page.getByTestId('retry-profile-input').setInputFiles(join(rootDir, 'test', 'fixtures', 'profiles', 'node', '20.20', 'cpu-prof.cpuprofile'));
      await page.getByRole('heading', { name: 'cpu-prof.cpuprofile' }).waitFor({ timeout: 30_000 });
      await page.close();
    }
  });

  it('had no console errors', () => {
    expect(suite.pageErrors()).toEqual([]);
  });
});
