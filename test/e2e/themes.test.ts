// Every screen in the system's light and dark schemes at 1440x900 and 1024x700 (issue 14, item 6), in real Chromium
// through browser mode, with real runs: the page follows prefers-color-scheme (emulated as a user's system setting
// would set it), charts included, and switches live when the setting changes. The live run of a wrong path shows the
// requests served and failed apart, and Node's inspector lines are not shown as the app's output. Screenshots of
// every screen land in test-results/screenshots as <screen>-<light|dark>-<width>.png.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from '../helpers/browser.js';
import { publishShots, SHOTS } from './page-tools.js';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

let dir: string;
let sessions: string;
let serve: ServeProcess;
let browser: Browser;
const errorLists: string[][] = [];

/** A checkup recorded by the CLI into the folder the UI serves (`run --demo blocking`, `startup --demo`): real runs for History. */
function recordDemo(command: 'run' | 'startup', ...args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(rootDir, 'bin', 'checkup.js'), command, '--demo', ...args, '--out', sessions, '--json'], { stdio: 'ignore' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`checkup ${command} --demo ${args.join(' ')} exited ${code}`))));
  });
}

beforeAll(async () => {
  if (!existsSync(join(rootDir, 'out', 'renderer', 'index.html'))) throw new Error('The renderer is not built: run `npm run build` first.');
  dir = mkdtempSync(join(tmpdir(), 'checkup-e2e-themes-'));
  sessions = join(dir, 'sessions');
  mkdirSync(SHOTS, { recursive: true });
  // Short runs: the screens need real sessions in History, not long ones.
  await recordDemo('run', 'blocking', '-d', '3', '--warmup', '1');
  await recordDemo('run', 'blocking', '--fixed', '-d', '3', '--warmup', '1');
  await recordDemo('startup', '--runs', '2');
  serve = await startServe(['--out', sessions]);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A screen from the sidebar; on a narrow window the sidebar is a rail whose menu unfolds it first. */
async function sidebar(page: Page, name: string): Promise<void> {
  const button = page.locator('nav').getByRole('button', { name, exact: true });
  if (!(await button.isVisible())) await page.getByTestId('menu-toggle').click();
  await button.click();
}

async function openPage(size: (typeof SIZES)[number], scheme: (typeof SCHEMES)[number]): Promise<Page> {
  const page = await browser.newPage({ viewport: size, colorScheme: scheme });
  errorLists.push(collectPageErrors(page));
  await page.goto(serve.url);
  await page.getByRole('button', { name: 'Try the demo' }).waitFor();
  return page;
}

/** Relative luminance (0 black … 1 white) of a computed CSS colour. */
const luminance = (css: string) => {
  const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => Number(v) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const style = (page: Page, selector: string, prop: string) =>
  page.locator(selector).first().evaluate(new Function('el', 'p', `return getComputedStyle(el)[p]`) as (el: unknown, p: string) => string, prop);

/** Near-white pixels a uPlot chart painted (its grid and labels in the light scheme; none in the dark one). */
const paleInk = (page: Page) =>
  page.locator('.chart-plot canvas').first().evaluate(
    new Function(
      'c',
      `const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0;
       for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 0 && d[i] > 225 && d[i + 1] > 225 && d[i + 2] > 225) n++;
       return n;`,
    ) as (c: unknown) => number,
  );

const shot = async (page: Page, name: string, scheme: string, width: number) => {
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SHOTS, `${name}-${scheme}-${width}.png`) });
};

describe('the light and dark schemes', () => {
  for (const scheme of SCHEMES) {
    for (const size of SIZES) {
      it(`shows every screen in the ${scheme} scheme at ${size.width}x${size.height}`, { timeout: 120_000 }, async () => {
        const page = await openPage(size, scheme);
        const dark = scheme === 'dark';
        const bg = luminance(await style(page, 'html', 'backgroundColor'));
        const panel = luminance(await style(page, '.panel', 'backgroundColor'));
        const text = luminance(await style(page, '.panel h2', 'color'));
        if (dark) {
          expect(bg).toBeLessThan(0.15);
          expect(panel).toBeLessThan(0.15);
          expect(text).toBeGreaterThan(0.7);
        } else {
          expect(bg).toBeGreaterThan(0.9);
          expect(panel).toBeGreaterThan(0.9);
          expect(text).toBeLessThan(0.2);
        }
        await shot(page, 'start', scheme, size.width);

        await page.getByRole('button', { name: 'Adjust load…' }).first().click();
        await page.getByRole('button', { name: 'Start checkup' }).waitFor();
        await shot(page, 'recipe', scheme, size.width);

        await sidebar(page, 'History');
        const blocking = page.getByTestId('project').filter({ hasText: 'blocking (slow)' });
        await blocking.getByTestId('run-row').nth(1).waitFor();
        await shot(page, 'history', scheme, size.width);
        // No run's row is wider than its panel.
        const panelBox = (await blocking.boundingBox())!;
        const tableBox = (await blocking.locator('table:not(.u-legend)').boundingBox())!;
        expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(panelBox.x + panelBox.width + 1);

        // Diagnosis of the slow run: charts drawn in the scheme's colours.
        await page.getByTestId('run-row').filter({ hasText: 'blocking (slow)' }).getByRole('button', { name: 'Open', exact: true }).click();
        await page.getByTestId('verdict').waitFor({ timeout: 15_000 });
        await shot(page, 'diagnosis', scheme, size.width);
        await page.locator('.chart-plot canvas').first().scrollIntoViewIfNeeded();
        const pale = await paleInk(page);
        console.log(`${scheme} ${size.width}: ${pale} near-white chart pixels`);
        if (dark) expect(pale).toBeLessThan(40);
        else expect(pale).toBeGreaterThan(400);
        await shot(page, 'diagnosis-evidence', scheme, size.width);

        await page.getByRole('button', { name: 'Open the CPU flame graph' }).click();
        await expect.poll(() => page.getByTestId('speedscope').getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
        await page.getByTestId('hot-toggle').click();
        await shot(page, 'flame', scheme, size.width);

        await sidebar(page, 'History');
        for (const row of await blocking.getByTestId('run-row').all()) await row.getByRole('checkbox').check();
        await page.getByRole('button', { name: 'Compare', exact: true }).click();
        await page.getByText(/Before/).first().waitFor({ timeout: 15_000 });
        await page.waitForTimeout(800);
        await shot(page, 'comparison', scheme, size.width);

        await sidebar(page, 'History');
        await page.getByTestId('run-row').filter({ hasText: 'slow-startup' }).getByRole('button', { name: 'Open', exact: true }).click();
        await page.getByTestId('startup-title').waitFor({ timeout: 15_000 });
        await shot(page, 'startup', scheme, size.width);

        await sidebar(page, 'Help');
        await page.getByTestId('help').getByRole('heading', { name: 'Glossary' }).waitFor();
        await shot(page, 'help', scheme, size.width);
        publishShots(size.width === 1440 ? [`diagnosis-${scheme}-1440`, `flame-${scheme}-1440`, `history-${scheme}-1440`, `help-${scheme}-1440`] : [`history-${scheme}-1024`]);
        await page.close();
      });
    }
  }

  it('follows a change of the system setting while open', async () => {
    const page = await openPage(SIZES[0], 'light');
    expect(luminance(await style(page, 'html', 'backgroundColor'))).toBeGreaterThan(0.9);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(async () => luminance(await style(page, 'html', 'backgroundColor'))).toBeLessThan(0.15);
    await page.close();
  });
});

describe('the live run of a path that fails', () => {
  it('shows served and failed requests apart, hides the inspector lines, in both schemes and sizes', { timeout: 120_000 }, async () => {
    const page = await openPage(SIZES[0], 'light');
    await page.getByRole('button', { name: 'Adjust load…' }).first().click();
    await page.getByLabel('Request paths').fill('/no-such-page');
    await page.getByLabel('Duration').fill('30');
    await page.getByLabel('Warm-up').fill('1');
    await expect.poll(() => page.getByRole('button', { name: 'Start checkup' }).isEnabled(), { timeout: 5000 }).toBe(true);
    await page.getByRole('button', { name: 'Start checkup' }).click();
    await page.getByTestId('failing-requests').waitFor({ timeout: 30_000 });
    // Every answer is a 404: requests go out by the thousand, none of them served.
    await expect.poll(async () => Number((await page.getByTestId('readout-failed').locator('.value').textContent())!.replace(/[^\d.]/g, '')), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('readout-rps').locator('.value').textContent()).toBe('0');
    // Node's "Debugger listening on…" and "For help, see…" are counted, not shown as the app's errors.
    await page.getByTestId('hidden-log-lines').waitFor();
    expect(await page.getByTestId('hidden-log-lines').textContent()).toMatch(/^\s*\d+ lines? of Node’s inspector messages/);
    const consoleText = await page.getByTestId('console').textContent();
    expect(consoleText).not.toMatch(/Debugger listening|For help, see|Debugger attached/);
    expect(consoleText).toMatch(/listening on http:\/\/127\.0\.0\.1/);
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await shot(page, 'live-run', scheme, size.width);
      }
    }
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
    await page.close();
  });

  it('had no console errors', () => {
    expect(errorLists.flat()).toEqual([]);
  });
});
