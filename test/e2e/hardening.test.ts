// Hardening in real Chromium through browser mode (`checkup serve` as a child process), issue 15.
// Item 2: with damaged sessions in the history (session.json without createdAt or with a number, without recipe or
// summary; diagnosis.json `[]`; a `null` sample line; a wrongly shaped load.json), the History screen lists every
// session and says what is wrong with the damaged ones; a damaged session's Diagnosis screen shows the coded error
// naming the file, not a blank page; the good sessions still open; no page errors.
// Item 1: "Run again" on a session imported from a bundle shows the exact command, folder and environment and asks
// first; a recipe that evaluates code is shown with the engine's refusal and cannot be run; a harmless one runs once
// the user confirms.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from '../helpers/browser.js';
import { DAMAGE, writeDamagedSessions } from '../helpers/damaged-sessions.js';
import { runCli } from '../helpers/cli.js';
import { RecipeSchema } from '../../app/contract/recipe.js';
import { writeBundle } from '../../app/share/bundle.js';
import { SessionWriter } from '../../app/store/session-writer.js';
import { SHOTS, shoot, VIEWPORT, navTo } from './page-tools.js';

let dir: string;
let serve: ServeProcess;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  if (!existsSync(join(rootDir, 'out', 'renderer', 'index.html'))) throw new Error('The renderer is not built: run `npm run build` first.');
  dir = mkdtempSync(join(tmpdir(), 'checkup-e2e-hardening-'));
  mkdirSync(SHOTS, { recursive: true });
  await writeDamagedSessions(join(dir, 'sessions'));
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

async function history(): Promise<void> {
  await navTo(page, 'History');
  await expect.poll(() => page.getByTestId('run-row').count(), { timeout: 15_000 }).toBe(2 + Object.keys(DAMAGE).length);
}

const row = (note: string) => page.getByTestId('run-row').filter({ hasText: note });

describe('damaged sessions in the app', () => {
  it('History lists every session and says what is wrong with the damaged ones', async () => {
    await page.goto(serve.url);
    await history();
    const damage = page.getByTestId('damage');
    // The list checks session.json, diagnosis.json and load.json; the samples are checked when a session is opened.
    await expect.poll(() => damage.count()).toBe(Object.keys(DAMAGE).length - 1);
    const texts = await damage.allTextContents();
    expect(texts.filter((t) => /session\.json: createdAt/.test(t))).toHaveLength(2);
    expect(texts.some((t) => /session\.json: recipe/.test(t))).toBe(true);
    expect(texts.some((t) => /session\.json: summary/.test(t))).toBe(true);
    expect(texts.some((t) => /diagnosis\.json/.test(t))).toBe(true);
    expect(texts.some((t) => /load\.json: requestsPerSecond/.test(t))).toBe(true);
    await shoot(page, 'history-damaged');
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.screenshot({ path: join(SHOTS, 'history-damaged-1024.png') });
    await page.setViewportSize(VIEWPORT);
  });

  it('a damaged session opens to a readable error; the good ones still open', async () => {
    for (const [id, { file }] of Object.entries({ 'diagnosis-array': DAMAGE['diagnosis-array']!, 'null-sample': DAMAGE['null-sample']!, 'numeric-created-at': DAMAGE['numeric-created-at']! })) {
      await history();
      await row(id === 'numeric-created-at' ? 'createdAt must be text' : `copy ${id}`).first().getByRole('button', { name: 'Open', exact: true }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor({ timeout: 15_000 });
      const text = (await alert.textContent()) ?? '';
      expect(text, id).toContain('CHK_SESSION_DAMAGED');
      expect(text, id).toContain(file);
      if (id === 'null-sample') await shoot(page, 'diagnosis-damaged');
    }
    await history();
    await row('copy good-2').getByRole('button', { name: 'Open', exact: true }).click();
    await expect.poll(() => page.getByTestId('verdict').locator('h1').textContent(), { timeout: 15_000 }).toMatch(/blocked/i);
    expect(errors).toEqual([]);
  });
});

/** A bundle made on "another machine" of a session whose recipe runs server.js in `project` with `target` on top. */
async function sharedBundle(project: string, note: string, target: Record<string, unknown>): Promise<string> {
  const recipe = RecipeSchema.parse({ target: { kind: 'script', script: 'server.js', cwd: project, ...target }, load: { durationSec: 1, warmupSec: 0 }, profile: { cpu: false, heap: false }, note });
  const w = await SessionWriter.create(mkdtempSync(join(dir, 'elsewhere-')), { name: 'server.js', project, recipe });
  await w.finish('complete');
  const file = join(dir, `${note.replace(/\W+/g, '-')}.checkup`);
  await writeBundle(w.dir, file);
  return file;
}

describe('imported recipes in the app', () => {
  it('"Run again" on an imported session shows what it launches and asks; a refused recipe cannot run', async () => {
    const project = join(dir, 'colleague-app');
    mkdirSync(project);
    writeFileSync(join(project, 'server.js'), `require('node:http').createServer((req, res) => res.end('ok')).listen(0, '127.0.0.1');\n`);
    const marker = join(dir, 'pwned');
    const evil = await sharedBundle(project, 'evil one', { nodeArgs: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`] });
    const fine = await sharedBundle(project, 'harmless one', { env: { PORT: '0', NODE_ENV: 'production' } });
    for (const file of [evil, fine]) expect((await runCli(['import', file, '--out', join(dir, 'sessions')])).code).toBe(0);

    await navTo(page, 'History');
    await page.getByRole('button', { name: 'Refresh' }).click();
    const evilRow = page.getByTestId('run-row').filter({ hasText: 'evil one' });
    await evilRow.waitFor({ timeout: 15_000 });
    expect(await evilRow.textContent()).toContain('imported, not confirmed');
    await evilRow.getByRole('button', { name: 'Run again…' }).click();
    await page.getByTestId('run-again').getByRole('button', { name: 'Run again', exact: true }).click();
    const dialog = page.getByTestId('imported-recipe');
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.getByTestId('imported-command').textContent()).toContain(`-e "require('fs').writeFileSync(`);
    expect(await dialog.textContent()).toContain(project);
    expect(await dialog.getByRole('alert').textContent()).toMatch(/CHK_RECIPE_REFUSED.*carries -e/s);
    expect(await dialog.getByRole('button', { name: /run it/ }).count()).toBe(0);
    await shoot(page, 'imported-recipe-refused', 900);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(existsSync(marker)).toBe(false);

    const fineRow = page.getByTestId('run-row').filter({ hasText: 'harmless one' });
    await fineRow.getByRole('button', { name: 'Run again…' }).click();
    await fineRow.locator('xpath=following-sibling::tr[1]').getByRole('button', { name: 'Run again', exact: true }).click();
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.getByTestId('imported-command').textContent()).toBe('node server.js');
    expect(await dialog.textContent()).toContain('NODE_ENV=production');
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.screenshot({ path: join(SHOTS, 'imported-recipe-confirm-1024.png') });
    await page.setViewportSize(VIEWPORT);
    await page.screenshot({ path: join(SHOTS, 'imported-recipe-confirm.png') });
    await dialog.getByRole('button', { name: 'I trust it: run it' }).click();
    // The run it started ends on its diagnosis, which offers the comparison with the imported run it follows.
    await page.getByTestId('compare-offer').getByText(/^\s*Done\. This run follows/).waitFor({ timeout: 60_000 });
    expect(errors).toEqual([]);
  }, 120_000);
});
