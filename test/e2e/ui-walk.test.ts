// A walk of the screens a new user meets, in real Chromium through browser mode, at 1440x900 and 1024x700, light and
// dark, on real runs (the blocking lab slow and fixed, and an app that exits before it listens), reading what a
// person sees: text and layout boxes. Screenshots land in test-results/screenshots as walk-<screen>-<width>-<scheme>
// (docs/screenshots with CHECKUP_DOCS_SCREENSHOTS=1).
// - 1024 px: the sidebar folds into a rail with a menu; "Is it real?" keeps to a few lines; the flame graph keeps the
//   width with the advice open; the event-loop chart of a live run is above the fold.
// - Legends show the newest values, not "–"; live figures say what they are; the run's clock is the charts' clock.
// - Actions answer: "Open in editor" says what it did; a file that will not open on the Flame screen keeps the profile
//   shown; failed starts are not listed as checkups unless asked; "Back to the recipe" after a failed start; the
//   address without its token says how to get in.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from '../helpers/browser.js';
import { SCREEN_SIZES } from '../helpers/browser-suite.js';
import { publishShots, SHOTS, navTo } from './page-tools.js';

const SCHEMES = ['light', 'dark'] as const;
let dir: string;
let sessions: string;
let serve: ServeProcess;
let browser: Browser;
let slowId: string;
let fixedId: string;
const shots: string[] = [];
const errorLists: string[][] = [];

function cli(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(rootDir, 'bin', 'checkup.js'), ...args], { stdio: 'ignore' });
    // 0 done, 1 a partial session (a busy machine), 3 the app failed: each leaves its session.
    child.on('exit', (code) => (code === 0 || code === 1 || code === 3 ? resolve() : reject(new Error(`checkup ${args.join(' ')} exited ${code}`))));
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'checkup-e2e-walk-'));
  sessions = join(dir, 'sessions');
  mkdirSync(SHOTS, { recursive: true });
  // The two recordings at once: each is a 6 s load that takes its 6 s whatever the CPU, and what the walk reads of them
  // (layout, legends, the culprit among the drops) holds on a shared machine, as it does beside another paired file.
  await Promise.all([
    cli(['run', '--demo', 'blocking', '-d', '6', '--warmup', '1', '--out', sessions, '--json']),
    cli(['run', '--demo', 'blocking', '--fixed', '-d', '6', '--warmup', '1', '--out', sessions, '--json']),
  ]);
  writeFileSync(join(dir, 'crash.js'), "console.error('cannot start: no DATABASE_URL'); process.exit(3);\n");
  await cli(['run', '-d', '1', '--out', sessions, '--json', '--', 'node', join(dir, 'crash.js')]);
  const ids = readdirSync(sessions).sort();
  slowId = ids.find((id) => id.includes('blocking-slow'))!;
  fixedId = ids.find((id) => id.includes('blocking-fixed'))!;
  serve = await startServe(['--out', sessions]);
  browser = await launchChromium();
}, 150_000);

afterAll(async () => {
  publishShots(shots);
  await browser?.close();
  await serve?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function openPage(size: (typeof SCREEN_SIZES)[number], scheme: (typeof SCHEMES)[number]): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: size.width, height: size.height }, colorScheme: scheme });
  errorLists.push(collectPageErrors(page));
  await page.goto(serve.url);
  await page.getByRole('button', { name: 'Try the demo' }).waitFor();
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  shots.push(name);
}

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;
const go = (page: Page, hash: string) => page.goto(`${new URL(page.url()).origin}/${hash}`);

describe('every screen at both sizes, light and dark', () => {
  for (const size of SCREEN_SIZES) {
    for (const scheme of SCHEMES) {
      it(`${size.width}x${size.height} ${scheme}`, { timeout: 150_000 }, async () => {
        const page = await openPage(size, scheme);
        const tag = `${size.width}-${scheme}`;
        const narrow = size.width < 1200;

        // The sidebar: a rail with a menu on a narrow window, the full list on a wide one.
        const nav = await box(page, 'nav');
        if (narrow) {
          expect(nav.width).toBeLessThanOrEqual(60);
          await page.getByTestId('menu-toggle').click();
          await page.locator('nav').getByRole('button', { name: 'History', exact: true }).waitFor();
          expect((await box(page, 'nav')).width).toBeGreaterThan(200);
          await shot(page, `walk-menu-${tag}`);
          await navTo(page, 'History');
          expect((await box(page, 'nav')).width).toBeLessThanOrEqual(60);
        } else {
          expect(nav.width).toBeGreaterThan(200);
          await navTo(page, 'History');
        }

        // History: the failed start is not listed as a checkup; shown on request, marked.
        await page.getByTestId('failed-starts').waitFor({ timeout: 15_000 });
        expect(await page.getByTestId('failed-starts').textContent()).toMatch(/1 failed start .*not listed/);
        expect(await page.getByTestId('run-row').count()).toBe(2);
        await page.getByTestId('failed-starts').getByRole('button', { name: 'Show them' }).click();
        expect(await page.getByTestId('run-row').count()).toBe(3);
        const failedRow = page.locator('[data-testid="run-row"].failed-start');
        expect(await failedRow.textContent()).toContain('did not start');
        await shot(page, `walk-history-${tag}`);

        // Diagnosis: legends show numbers, not dashes; the figures; "Open in editor" answers.
        await go(page, `#/diagnosis/${slowId}`);
        await page.getByTestId('verdict').waitFor({ timeout: 30_000 });
        await page.locator('.u-legend').first().waitFor({ timeout: 15_000 });
        const legendValues = await page.locator('.diagnosis .u-legend .u-value').allTextContents();
        expect(legendValues.length).toBeGreaterThan(0);
        expect(legendValues.filter((v) => v.trim() === '–' || v.trim() === '-')).toEqual([]);
        const editor = page.getByRole('button', { name: 'Open in editor' }).first();
        if (await editor.count()) {
          await editor.click();
          await expect.poll(async () => (await page.getByTestId('editor-status').count()) + (await page.locator('td.actions [role="alert"]').count()), { timeout: 10_000 }).toBeGreaterThan(0);
          const said = (await page.locator('td.actions').first().textContent()) ?? '';
          expect(said).toMatch(/Asked VS Code|Handed .* to the system's default application|Cannot open/);
        }
        // Checkup's own probe is not among the user's functions.
        expect(await page.locator('main').textContent()).not.toMatch(/checkup \(probe\)|probe\.cjs/);
        await shot(page, `walk-diagnosis-${tag}`);

        // Flame: open to the fresh diagnosis; with the advice open the graph keeps the width; a wrong file keeps it.
        if (narrow) await page.getByTestId('menu-toggle').click();
        await navTo(page, 'Flame graph');
        const frame = page.getByTestId('speedscope');
        await expect.poll(() => frame.getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
        await page.getByTestId('hot-toggle').click();
        await page.locator('aside.hot').waitFor();
        const main = await box(page, 'main');
        const graph = await box(page, '[data-testid="speedscope"]');
        expect(graph.width / main.width).toBeGreaterThan(narrow ? 0.85 : 0.6);
        await shot(page, `walk-flame-advice-${tag}`);
        await page.evaluate(`(() => {
          const dt = new DataTransfer();
          dt.items.add(new File(['not a profile at all'], 'notes.cpuprofile', { type: 'application/json' }));
          for (const type of ['dragenter', 'drop']) window.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
        })()`);
        await page.getByText(/Cannot open that file: .* is still shown/).waitFor({ timeout: 30_000 });
        await expect.poll(() => frame.getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
        await shot(page, `walk-flame-wrong-file-${tag}`);

        // Comparison: "Is it real?" keeps to a few lines.
        await go(page, `#/compare/sessions/${slowId}/${fixedId}`);
        await page.getByTestId('figures').waitFor({ timeout: 30_000 });
        const words = await page.locator('[data-testid="figure-requestsPerSecond"] td.words').boundingBox();
        const lineHeight = Number.parseFloat(await page.evaluate<string>(`getComputedStyle(document.querySelector('[data-testid="figure-requestsPerSecond"] td.words')).lineHeight`));
        expect(words!.height / lineHeight).toBeLessThanOrEqual(4);
        // Each chart's caption and legend, read in the page (this file is type-checked without the DOM library).
        const compareLegends = await page.evaluate<string[]>(
          `[...document.querySelectorAll('.compare figure.chart')].map((f) => (f.querySelector('figcaption')?.textContent ?? '') + ': ' + [...f.querySelectorAll('.u-series')].map((s) => s.textContent).join(' | '))`,
        );
        console.log(compareLegends.join('\n'));
        expect(compareLegends.filter((v) => / –( |$)/.test(v))).toEqual([]);
        await shot(page, `walk-compare-${tag}`);

        // The two runs' profiles compared as profiles: the line above the lists names the basis the lists use (time
        // per request here), and after the speed-up no Node internal is listed slower.
        if (!narrow && scheme === 'light') {
          const source = (sessionId: string) => ({ kind: 'session', sessionId, file: 'cpu' });
          await go(page, `#/compare/profiles/${encodeURIComponent(JSON.stringify([source(slowId), source(fixedId)]))}`);
          await page.getByTestId('function-basis').waitFor({ timeout: 30_000 });
          expect(await page.getByTestId('function-basis').textContent()).toMatch(/^Each function's self time per request/);
          expect(await page.getByTestId('faster').textContent()).toContain('computeReport');
          expect(await page.getByTestId('slower').textContent()).not.toMatch(/Node core|V8|native/);
          await shot(page, `walk-compare-profiles-${tag}`);
        }
        await page.close();
      });
    }
  }
});

describe('a live run and a failed start at 1024x700', () => {
  it('the event-loop chart is above the fold, figures say what they are, the clock is the charts\'; Back to the recipe', { timeout: 150_000 }, async () => {
    const page = await openPage(SCREEN_SIZES[1], 'light');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await expect.poll(() => page.getByTestId('phase').textContent(), { timeout: 40_000 }).toMatch(/Measuring/);
    await expect.poll(() => page.getByTestId('run-clock').textContent(), { timeout: 10_000 }).toMatch(/^measured \d+ s \/ \d+ s$/);
    // The bar and the clock beside it tell the same time (the demo: 1 s of warm-up): the warm-up of a blocked app
    // outlasts its second, and the bar must not run ahead to the end while the clock says "measured 1 s / 5 s".
    const [shown, percent] = await Promise.all([page.getByTestId('run-clock').textContent(), page.getByRole('progressbar', { name: 'run progress' }).getAttribute('aria-valuenow')]);
    const [, measuredSec, ofSec] = /^measured (\d+) s \/ (\d+) s$/.exec(shown ?? '')!;
    const clockPercent = ((1 + Number(measuredSec)) / (1 + Number(ofSec))) * 100;
    expect(Math.abs(Number(percent) - clockPercent)).toBeLessThanOrEqual(100 / (1 + Number(ofSec)));
    const delayChart = page.locator('figure.chart', { hasText: 'Event-loop delay' }).first();
    const chartBox = (await delayChart.boundingBox())!;
    expect(chartBox.y + chartBox.height).toBeLessThanOrEqual(700);
    expect(await page.getByTestId('readout-p99').textContent()).toContain('last second');
    expect(await page.getByTestId('readout-delay').textContent()).toContain('last window');
    const liveLegend = await delayChart.locator('.u-value').allTextContents();
    expect(liveLegend.filter((v) => v.trim() === '–')).toEqual([]);
    await shot(page, 'walk-live-1024-light');
    await page.getByTestId('verdict').waitFor({ timeout: 90_000 });

    // A failed start, run again from History: its error, and the way back to its recipe.
    await page.getByTestId('menu-toggle').click();
    await navTo(page, 'History');
    await page.getByTestId('failed-starts').getByRole('button', { name: 'Show them' }).click();
    const failedRow = page.locator('[data-testid="run-row"].failed-start');
    await failedRow.getByRole('button', { name: 'Run again…' }).click();
    await page.locator('.rerun-row').getByRole('button', { name: 'Run again', exact: true }).click();
    await page.getByText('The app did not start').waitFor({ timeout: 60_000 });
    await shot(page, 'walk-failed-start-1024-light');
    await page.getByRole('button', { name: 'Back to the recipe' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/recipe');
    expect(await page.locator('main').textContent()).toContain('crash.js');
    await page.close();
    expect(errorLists.flat()).toEqual([]);
  });

  it('the address without its token says how to get in, and leaks nothing', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`http://127.0.0.1:${serve.port}/`);
    expect(response?.status()).toBe(403);
    expect(await page.locator('h1').textContent()).toBe('Checkup needs the address with its token');
    expect(await page.content()).not.toContain(serve.token);
    await shot(page, 'walk-no-token-1024-light');
    await context.close();
  });
});
