// The whole app in real Chromium through browser mode (`checkup serve` as a child process): Start → Try the demo →
// Live run with moving charts → Diagnosis with its verdict and culprits → the flame graph focused on a culprit, drawn
// by speedscope → History. Then a profile whose function names and URLs are HTML and script is opened through the
// upload path and must show as text, never run. No console errors anywhere. A screenshot of every screen is saved.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Frame, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from '../helpers/browser.js';
import { colouredPixels } from '../helpers/pixels.js';
import { publishShots, SHOTS, shoot as shootPage, VIEWPORT, navTo } from './page-tools.js';


let dir: string;
let serve: ServeProcess;
let browser: Browser;
let page: Page;
let errors: string[];
const dialogs: string[] = [];
const shots: string[] = [];

beforeAll(async () => {
  if (!existsSync(join(rootDir, 'out', 'renderer', 'index.html'))) throw new Error('The renderer is not built: run `npm run build` first.');
  dir = mkdtempSync(join(tmpdir(), 'checkup-e2e-'));
  mkdirSync(SHOTS, { recursive: true });
  serve = await startServe(['--out', join(dir, 'sessions')]);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: VIEWPORT });
  errors = collectPageErrors(page);
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
});

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function shoot(name: string): Promise<void> {
  await shootPage(page, name);
  shots.push(name);
}

const dataUrl = (canvas: Locator) => canvas.evaluate((c) => (c as unknown as { toDataURL(): string }).toDataURL());

function speedscopeFrame(): Frame {
  const frame = page.frames().find((f) => f.url().includes('/speedscope/index.html'));
  if (!frame) throw new Error('speedscope frame not found');
  return frame;
}

async function waitForFlame(): Promise<Frame> {
  await page.locator('[data-testid=speedscope]').waitFor({ timeout: 30_000 });
  await expect.poll(() => page.frames().some((f) => f.url().includes('/speedscope/index.html')), { timeout: 10_000 }).toBe(true);
  const frame = speedscopeFrame();
  await frame.locator('canvas').first().waitFor({ timeout: 20_000 });
  // Drawn means bars in colour, not just the time grid: poll, since speedscope fetches and imports first.
  await expect.poll(() => colouredPixels(browser, page.locator('[data-testid=speedscope]')), { timeout: 20_000, interval: 500 }).toBeGreaterThan(2000);
  return frame;
}

describe('the app in a browser', () => {
  it('runs the demo from Start to a diagnosis, the flame graph and the history', async () => {
    await page.goto(serve.url);
    await page.getByRole('heading', { name: 'Why is my Node.js server slow?' }).waitFor();
    await page.getByRole('button', { name: 'Run slow' }).first().waitFor();
    // The secret is taken out of the address bar once the cookie is set.
    expect(page.url()).not.toContain('token=');
    await shoot('start');

    await page.getByRole('button', { name: 'Try the demo' }).click();
    await expect.poll(() => page.getByTestId('phase').textContent(), { timeout: 30_000 }).toMatch(/Measuring/);
    const firstChart = page.locator('.chart canvas').first();
    const before = await dataUrl(firstChart);
    await expect.poll(() => dataUrl(firstChart), { timeout: 10_000 }).not.toBe(before);
    await expect.poll(() => page.getByTestId('console').textContent()).toMatch(/listening on/);
    await shoot('live-run');

    const verdict = page.getByTestId('verdict');
    await verdict.waitFor({ timeout: 90_000 });
    // The demo is the blocking lab: its verdict, in words, in the problem colour.
    await expect.poll(() => verdict.locator('h1').textContent()).toMatch(/The event loop is blocked/);
    const culprit = page.getByTestId('culprit').first();
    await culprit.waitFor();
    const culpritName = (await culprit.textContent())!.trim();
    expect(culpritName).toBe('computeReport');
    await page.locator('.chart canvas').first().waitFor();
    // The advice is our Markdown, rendered as elements and text: a numbered list with code spans.
    expect(await page.locator('.advice ol li').count()).toBeGreaterThan(1);
    expect(await page.locator('.advice code').count()).toBeGreaterThan(0);
    await shoot('diagnosis');

    await culprit.click();
    await page.getByText(`Focused on ${culpritName}`).waitFor({ timeout: 30_000 });
    const frame = await waitForFlame();
    await expect.poll(() => page.getByTestId('hot-function').first().textContent()).toContain(culpritName);
    await shoot('flame-focused');

    await page.getByRole('button', { name: 'Clear focus (whole profile)' }).click();
    await expect.poll(() => page.getByText(/^Focused on/).count(), { timeout: 30_000 }).toBe(0);
    const whole = await waitForFlame();
    await shoot('flame');
    await whole.getByText('Left Heavy').click();
    await expect.poll(() => colouredPixels(browser, page.locator('[data-testid=speedscope]')), { timeout: 10_000 }).toBeGreaterThan(2000);
    await shoot('flame-left-heavy');
    await whole.getByText('Sandwich').click();
    await whole.getByText(culpritName).first().waitFor({ timeout: 10_000 });
    await shoot('flame-sandwich');
    expect(frame).toBeDefined();

    await page.getByRole('checkbox', { name: 'Node core' }).uncheck();
    await page.getByText(/Hidden: Node core/).waitFor({ timeout: 30_000 });
    await waitForFlame();

    await navTo(page, 'History');
    const table = page.getByTestId('sessions');
    await table.getByText('blocking (slow)').first().waitFor();
    const shownVerdict = (await page.getByTestId('sessions').locator('.badge').first().textContent())!.trim();
    expect(shownVerdict.length).toBeGreaterThan(3);
    await shoot('history-first-run');
  });

  it('validates a recipe inline as it is typed', async () => {
    await navTo(page, 'Start');
    await page.getByRole('button', { name: 'Adjust load…' }).first().click();
    await page.getByLabel('Connections').fill('0');
    await page.getByText('Connections must be at least 1').first().waitFor({ timeout: 5000 });
    await expect.poll(() => page.getByRole('button', { name: 'Start checkup' }).isDisabled()).toBe(true);
    await page.getByLabel('Connections').fill('10');
    await expect.poll(() => page.getByRole('button', { name: 'Start checkup' }).isEnabled(), { timeout: 5000 }).toBe(true);
    await shoot('recipe');
  });

  it('shows function names and URLs that contain HTML or script as text, and never runs them', async () => {
    const evilName = '<img src=x onerror="window.__pwned=1;alert(1)">';
    const evilCallee = '</td><script>window.__pwned=2</script><b>bold</b>';
    const evilUrl = 'file:///srv/<script>window.__pwned=3</script>/"><svg onload=alert(3)>.js';
    const frame = (id: number, functionName: string, url: string, children?: number[]) => ({
      id,
      callFrame: { functionName, scriptId: String(id), url, lineNumber: 4, columnNumber: 2 },
      hitCount: 0,
      ...(children ? { children } : {}),
    });
    const profile = {
      nodes: [frame(1, '(root)', '', [2]), frame(2, evilName, evilUrl, [3]), frame(3, evilCallee, evilUrl)],
      startTime: 0,
      endTime: 400_000,
      samples: Array.from({ length: 400 }, (_, i) => (i % 3 === 0 ? 2 : 3)),
      timeDeltas: Array.from({ length: 400 }, () => 1000),
    };
    const file = join(dir, 'evil <b>name<b>.cpuprofile');
    writeFileSync(file, JSON.stringify(profile));

    await navTo(page, 'Start');
    await page.getByTestId('profile-input').setInputFiles(file);
    await page.getByRole('heading', { name: /evil/ }).waitFor({ timeout: 30_000 });
    const names = await page.getByTestId('hot-function').allTextContents();
    expect(names.map((n) => n.trim())).toEqual(expect.arrayContaining([evilName, evilCallee]));
    const flame = await waitForFlame();
    await flame.getByText('Sandwich').click();
    await flame.getByText(evilCallee).first().waitFor({ timeout: 10_000 });

    for (const f of [page.mainFrame(), flame]) {
      expect(await f.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(await f.locator('img[src="x"], svg[onload], b:text-is("bold")').count()).toBe(0);
      expect(await f.locator('script:not([src])').count()).toBe(0);
    }
    expect(dialogs).toEqual([]);
  });

  it('has no console errors and keeps its screenshots', () => {
    expect(errors).toEqual([]);
    publishShots(shots);
  });
});
