// The app keeps the user's place and says one number for one figure, read in real Chromium through browser mode on
// real runs of the blocking lab (slow, then fixed), at 1440x900 and 1024x700 (the figures on the fixed run, which
// completes requests even on a machine busy enough that the slow one may complete none):
// - the address names the screen and the session (#/diagnosis/<id>, #/flame/..., #/compare/...), and reload, Back and
//   a typed address land there; the Flame screen of a fresh diagnosis is its run's CPU profile, not greyed;
// - the run's event-loop delay p99, requests/s and event-loop time per request read the same on Diagnosis, Comparison,
//   Flame and the HTML report (`checkup report`).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';
import { SCREEN_SIZES } from '../helpers/browser-suite.js';
import { SHOTS, navTo } from './page-tools.js';

let dir: string;
let sessions: string;
let serve: ServeProcess;
let browser: Browser;
let slowId: string;
let fixedId: string;
const errorLists: string[][] = [];

function recordDemo(...args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(rootDir, 'bin', 'checkup.js'), 'run', '--demo', 'blocking', ...args, '-d', '6', '--warmup', '1', '--out', sessions, '--json'], { stdio: 'ignore' });
    // A partial session (exit 1: on a machine this busy a slow run may complete no request) still has its figures.
    child.on('exit', (code) => (code === 0 || code === 1 ? resolve() : reject(new Error(`checkup run --demo blocking ${args.join(' ')} exited ${code}`))));
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'checkup-e2e-place-'));
  sessions = join(dir, 'sessions');
  mkdirSync(SHOTS, { recursive: true });
  // Both recordings at once: each load lasts its 6 s whatever the CPU, and this file reads where the screens keep their
  // place and that one run's figures agree across them, not what the figures are.
  await Promise.all([recordDemo(), recordDemo('--fixed')]);
  const ids = readdirSync(sessions).sort();
  slowId = ids.find((id) => id.includes('slow'))!;
  fixedId = ids.find((id) => id.includes('fixed'))!;
  serve = await startServe(['--out', sessions]);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function openPage(size: (typeof SCREEN_SIZES)[number]): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: size.width, height: size.height } });
  errorLists.push(collectPageErrors(page));
  await page.goto(serve.url);
  await page.getByRole('button', { name: 'Try the demo' }).waitFor();
  return page;
}

const hash = (page: Page) => new URL(page.url()).hash;
const sidebar = (page: Page, name: string) => page.locator('nav').getByRole('button', { name, exact: true, includeHidden: true });


/** The three headline figures a screen shows, by key, as text ("236 ms"). */
async function figuresIn(scope: Locator): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const key of ['requestsPerSecond', 'delayP99Ms', 'loopMsPerRequest']) {
    const el = scope.locator(`[data-figure="${key}"]`).first();
    out[key] = ((await el.locator('b, strong, .big').first().textContent()) ?? '').trim();
  }
  return out;
}

describe('the address names the place', () => {
  for (const size of SCREEN_SIZES) {
    it(`${size.name}: diagnosis, flame and comparison survive reload and Back; the flame of a fresh diagnosis is its profile`, { timeout: 120_000 }, async () => {
      const page = await openPage(size);
      await navTo(page, 'History');
      await expect.poll(() => hash(page)).toBe('#/sessions');
      await page.getByTestId('run-row').first().getByRole('button', { name: 'Open', exact: true }).click();
      await page.getByTestId('verdict').waitFor({ timeout: 30_000 });
      const diagnosisHash = hash(page);
      expect(diagnosisHash).toMatch(/^#\/diagnosis\/\d{8}-\d{6}-blocking-(slow|fixed)-/);
      const title = await page.locator('[data-testid="verdict"] h1').textContent();

      // Reload: the same diagnosis, not Start.
      await page.reload();
      await page.getByTestId('verdict').waitFor({ timeout: 30_000 });
      expect(hash(page)).toBe(diagnosisHash);
      expect(await page.locator('[data-testid="verdict"] h1').textContent()).toBe(title);
      expect(await sidebar(page, 'Diagnosis').getAttribute('aria-current')).toBe('page');

      // The Flame screen is open to a fresh diagnosis: it shows the run's CPU profile.
      expect(await sidebar(page, 'Flame graph').isDisabled()).toBe(false);
      await navTo(page, 'Flame graph');
      await expect.poll(() => page.getByTestId('speedscope').getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
      expect(hash(page)).toBe(`#/flame/session/${diagnosisHash.split('/')[2]}/cpu`);

      // Back: the diagnosis again; Forward: the flame graph.
      await page.goBack();
      await page.getByTestId('verdict').waitFor({ timeout: 30_000 });
      expect(hash(page)).toBe(diagnosisHash);
      await page.goForward();
      await expect.poll(() => page.getByTestId('speedscope').getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');

      // A typed address of a comparison opens it, and keeps it over a reload.
      await page.goto(`${new URL(page.url()).origin}/#/compare/sessions/${slowId}/${fixedId}`);
      await page.getByRole('heading', { name: 'Comparison' }).waitFor();
      await page.getByTestId('figures').waitFor({ timeout: 30_000 });
      await page.reload();
      await page.getByTestId('figures').waitFor({ timeout: 30_000 });
      expect(hash(page)).toBe(`#/compare/sessions/${slowId}/${fixedId}`);
      await page.screenshot({ path: join(SHOTS, `place-compare-${size.width}.png`) });

      // An address of something gone: a readable error on the Diagnosis screen, with a way back.
      await page.goto(`${new URL(page.url()).origin}/#/diagnosis/20000101-000000-nothing-here-0000`);
      await page.getByText('Cannot read this session').waitFor({ timeout: 15_000 });
      await page.close();
    });
  }
});

describe('one figure, one number', () => {
  it('delay p99, requests/s and loop time per request read the same on Diagnosis, Comparison, Flame and the HTML report', { timeout: 120_000 }, async () => {
    const page = await openPage(SCREEN_SIZES[0]);
    const origin = new URL(page.url()).origin;
    await page.goto(`${origin}/#/diagnosis/${fixedId}`);
    await page.getByTestId('verdict').waitFor({ timeout: 30_000 });
    const onDiagnosis = await figuresIn(page.getByTestId('run-figures').first());
    expect(onDiagnosis.delayP99Ms).toMatch(/^[\d,.]+ ms$/);
    expect(onDiagnosis.requestsPerSecond).toMatch(/^[\d,.]+$/);
    expect(onDiagnosis.loopMsPerRequest).toMatch(/^[\d,.]+ ms$/);
    // The evidence and the verdict's sentence say the same delay.
    const evidence = page.locator('ul.figures li', { hasText: 'Event-loop delay p99' }).first();
    if (await evidence.count()) expect(await evidence.locator('strong').textContent()).toBe(onDiagnosis.delayP99Ms);

    await navTo(page, 'Flame graph');
    await expect.poll(() => page.getByTestId('speedscope').getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    const onFlame = await figuresIn(page.getByTestId('run-figures').first());

    await page.goto(`${origin}/#/compare/sessions/${slowId}/${fixedId}`);
    await page.getByTestId('run-figures').nth(1).waitFor({ timeout: 30_000 });
    // The fixed run is the after side.
    const onComparison = await figuresIn(page.getByTestId('run-figures').nth(1));
    // The figure table's delay row says the after run's delay as its diagnosis does (when the before run has one).
    const delayRow = page.getByTestId('figure-delayP99');
    const delayRowText = (await delayRow.count()) ? ((await delayRow.locator('td.num').nth(1).textContent()) ?? '').trim() : onComparison.delayP99Ms;

    const report = await runCli(['report', join(sessions, fixedId), '--json']);
    expect(report.code, report.stderr).toBe(0);
    const reportPage = await browser.newPage();
    await reportPage.goto(`file://${(JSON.parse(report.stdout) as { path: string }).path}`);
    const inReport = await figuresIn(reportPage.locator('body'));
    await reportPage.close();

    console.log(`figures: diagnosis ${JSON.stringify(onDiagnosis)}; flame ${JSON.stringify(onFlame)}; comparison ${JSON.stringify(onComparison)}; report ${JSON.stringify(inReport)}; delay row "${delayRowText}"`);
    expect(onFlame).toEqual(onDiagnosis);
    expect(onComparison).toEqual(onDiagnosis);
    expect(inReport).toEqual(onDiagnosis);
    expect(delayRowText).toBe(onDiagnosis.delayP99Ms);
    await page.close();
    expect(errorLists.flat()).toEqual([]);
  });
});
