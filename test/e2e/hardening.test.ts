// Hardening in real Chromium through browser mode (`checkup serve` as a child process), issue 15.
// Item 2: with damaged sessions in the history (session.json without createdAt or with a number, without recipe or
// summary; diagnosis.json `[]`; a `null` sample line; a wrongly shaped load.json), the History screen lists every
// session and says what is wrong with the damaged ones; a damaged session's Diagnosis screen shows the coded error
// naming the file, not a blank page; the good sessions still open; no page errors.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from '../helpers/browser.js';
import { DAMAGE, writeDamagedSessions } from '../helpers/damaged-sessions.js';
import { SHOTS, shoot, VIEWPORT } from './page-tools.js';

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
  await page.getByRole('button', { name: 'History', exact: true }).click();
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
      await row(id === 'numeric-created-at' ? 'createdAt: Invalid' : `copy ${id}`).first().getByRole('button', { name: 'Open', exact: true }).click();
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
