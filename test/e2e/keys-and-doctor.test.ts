// Keyboard and offline-profile behaviour (issue 14, items 6 and 7), in real Chromium through browser mode at 1440x900
// and 1024x700: "Choose a file…" is reached with Tab and opens the file chooser with Enter; Escape cancels what is open
// (a delete confirmation, a note being edited, the "Run again" form, the export menu) and nothing else happens; and a
// profile opened from disk gets the doctor's advice and its category summary, the same as `checkup inspect` prints,
// on a profile recorded from a real server that hashes passwords synchronously while serving requests.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from '../helpers/browser.js';
import { SHOTS, navTo } from './page-tools.js';

const SIZES = [
  { name: 'wide', width: 1440, height: 900 },
  { name: 'narrow', width: 1024, height: 700 },
] as const;

const SERVER = `
const http = require('node:http');
const crypto = require('node:crypto');
function hashPassword(p) { return crypto.pbkdf2Sync(p, 'salt', 5000, 32, 'sha256'); }
const server = http.createServer((req, res) => res.end(hashPassword(req.url).toString('hex')));
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => process.exit(0));
`;

let dir: string;
let profile: string;
let serve: ServeProcess;
let browser: Browser;
const errorLists: string[][] = [];

/** A CPU profile of a real server under a few hundred requests (node --cpu-prof, written when it exits). */
async function recordProfile(): Promise<string> {
  const app = join(dir, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'server.js'), SERVER);
  const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir', app, join(app, 'server.js')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  const port = Number(line.toString().trim());
  for (let i = 0; i < 300; i++) await (await fetch(`http://127.0.0.1:${port}/user-${i}`)).text();
  child.kill('SIGTERM');
  await once(child, 'exit');
  const file = readdirSync(app).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('node --cpu-prof wrote no profile');
  return join(app, file);
}

/** A session in the served folder, for History's confirmations and forms. */
function recordDemo(sessions: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(rootDir, 'bin', 'checkup.js'), 'run', '--demo', 'healthy', '-d', '2', '--out', sessions, '--json'], { stdio: 'ignore' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`checkup run exited ${code}`))));
  });
}

beforeAll(async () => {
  if (!existsSync(join(rootDir, 'out', 'renderer', 'index.html'))) throw new Error('The renderer is not built: run `npm run build` first.');
  dir = mkdtempSync(join(tmpdir(), 'checkup-e2e-keys-'));
  mkdirSync(SHOTS, { recursive: true });
  profile = await recordProfile();
  const sessions = join(dir, 'sessions');
  await recordDemo(sessions);
  serve = await startServe(['--out', sessions]);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function openPage(size: (typeof SIZES)[number]): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: size.width, height: size.height } });
  errorLists.push(collectPageErrors(page));
  await page.goto(serve.url);
  await page.getByRole('button', { name: 'Try the demo' }).waitFor();
  return page;
}

const focusedText = (page: Page) => page.evaluate('document.activeElement ? document.activeElement.textContent.trim() : ""') as Promise<string>;

describe('keyboard', () => {
  it('reaches "Choose a file (or two)…" with Tab and opens the chooser with Enter', async () => {
    const page = await openPage(SIZES[1]);
    let tabs = 0;
    while ((await focusedText(page)) !== 'Choose a file (or two)…' && tabs++ < 80) await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Choose a file (or two)…');
    // Playwright intercepts the chooser only once it is listening (a round trip to the browser): listen first.
    const choosing = page.waitForEvent('filechooser', { timeout: 20_000 });
    // A real button (a label over a hidden input is what the keyboard skipped).
    expect(await page.evaluate('document.activeElement.tagName')).toBe('BUTTON');
    await page.keyboard.press('Enter');
    const chooser = await choosing;
    expect(chooser.isMultiple()).toBe(true);
    // The chosen file opens as if picked with the mouse.
    await chooser.setFiles(profile);
    await expect.poll(() => page.getByTestId('speedscope').getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    await page.close();
  });

  it('cancels with Escape what is open, and only that', async () => {
    const page = await openPage(SIZES[0]);
    await navTo(page, 'History');
    const row = page.getByTestId('run-row').first();
    await row.waitFor();

    // A delete confirmation: Escape keeps the session.
    await row.getByRole('button', { name: 'Delete…' }).click();
    await page.getByText('Delete this session?').waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('Delete this session?').waitFor({ state: 'detached' });
    expect(await page.getByTestId('run-row').count()).toBe(1);

    // A note being edited: Escape leaves the note as it was.
    await row.getByTestId('note').click();
    await page.getByLabel('Note').fill('a change I do not want to keep');
    await page.keyboard.press('Escape');
    await page.getByLabel('Note').waitFor({ state: 'detached' });
    expect(await row.getByTestId('note').textContent()).not.toContain('a change I do not want');

    // The "Run again" form under a run: Escape closes it.
    await row.getByRole('button', { name: 'Run again…' }).click();
    await page.locator('.rerun-row').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.rerun-row').waitFor({ state: 'detached' });

    // Two open at once: one Escape closes the one opened last.
    await row.getByRole('button', { name: 'Run again…' }).click();
    await row.getByRole('button', { name: 'Delete…' }).click();
    await page.keyboard.press('Escape');
    await page.getByText('Delete this session?').waitFor({ state: 'detached' });
    expect(await page.locator('.rerun-row').count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.locator('.rerun-row').waitFor({ state: 'detached' });

    // The flame screen's export menu.
    await navTo(page, 'Start');
    await page.getByTestId('profile-input').setInputFiles(profile);
    await expect.poll(() => page.getByTestId('speedscope').getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    const menu = page.getByTestId('profile-export');
    await menu.locator('summary').click();
    await expect.poll(() => menu.evaluate((d) => (d as unknown as { open: boolean }).open)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.evaluate((d) => (d as unknown as { open: boolean }).open)).toBe(false);
    await page.close();
  });
});

describe('an opened profile', () => {
  for (const size of SIZES) {
    it(`gets the doctor's advice and its category summary at ${size.width}x${size.height}`, async () => {
      const page = await openPage(size);
      await page.getByTestId('profile-input').setInputFiles(profile);
      await expect.poll(() => page.getByTestId('speedscope').getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
      // Visible at once: the doctor's finding in one line.
      const line = page.getByTestId('doctor-line');
      await expect.poll(() => line.textContent()).toMatch(/Synchronous crypto, zlib or file-system calls while serving requests \(\d+(\.\d)? %\)/);
      await line.getByRole('button', { name: 'Read the advice' }).click();
      const advice = page.getByTestId('profile-advice').first();
      await advice.waitFor();
      // The frames that prove it, the user's function among them, and the advice text from the same content file.
      expect(await advice.getByRole('button').allTextContents()).toEqual(expect.arrayContaining(['pbkdf2Sync', 'hashPassword']));
      expect(await advice.textContent()).toMatch(/crypto\.pbkdf2/);
      const kinds = await page.getByTestId('profile-categories').locator('li').allTextContents();
      expect(kinds.join(' ')).toMatch(/Node core/);
      await page.screenshot({ path: join(SHOTS, `flame-opened-advice-${size.name}.png`) });
      // A frame of the advice focuses the flame graph on it.
      await advice.getByRole('button', { name: 'hashPassword' }).click();
      await page.getByText('Focused on hashPassword').waitFor();
      await page.close();
    });
  }

  it('had no console errors', () => {
    expect(errorLists.flat()).toEqual([]);
  });
});
