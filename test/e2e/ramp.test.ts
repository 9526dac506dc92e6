// The stepped ramp in the app, in real Chromium through browser mode: "Find the knee" on the Recipe screen of an app
// behind a login, the Ramp screen's chart and table filled step by step, the verdict at the knee (or that there was
// none), and the ramp kept as a session: a reload of its address and History show the same result.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { browserSuite, SCREEN_SIZES } from '../helpers/browser-suite.js';
import { SHOTS, navTo } from './page-tools.js';

const fixtures = join(rootDir, 'test', 'fixtures', 'targets', 'login-apps');
let folder = '';
const suite = browserSuite('ramp', {
  prepare: (dir) => {
    folder = join(dir, 'members-api');
    mkdirSync(folder, { recursive: true });
    copyFileSync(join(fixtures, 'shared.cjs'), join(folder, 'shared.cjs'));
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'members-api', scripts: { start: 'node server.cjs' } }));
    writeFileSync(join(folder, 'server.cjs'), `module.paths.unshift(${JSON.stringify(join(rootDir, 'node_modules'))});\n` + readFileSync(join(fixtures, 'express-session-app.cjs'), 'utf8'));
  },
});

const text = async (locator: { textContent(): Promise<string | null> }) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

describe('the ramp in the app', () => {
  it('finds the knee step by step, and keeps the ramp in History and across a reload', async () => {
    const [wide, narrow] = SCREEN_SIZES;
    const page = await suite.newPage(wide);
    await page.goto(suite.serve.url);
    await navTo(page, 'Start');
    await page.getByLabel('Project folder').fill(folder);
    await page.getByRole('button', { name: 'Look' }).click();
    await page.getByRole('button', { name: 'Set up the load →' }).click();
    await page.getByRole('heading', { name: 'Recipe' }).waitFor();
    await page.getByLabel('Log in first').check();
    await page.getByLabel(/^Cookie it must set/).fill('connect.sid');
    await page.getByLabel(/^Body/).first().fill('{"user":"ada","password":"correct horse"}');
    await page.locator('#paths').fill('/me');
    await page.getByLabel(/^Warm-up/).fill('1');
    await page.getByLabel(/Find the knee/).check();
    // A mistake is named next to its field and keeps the ramp from starting.
    await page.getByLabel(/^Up to/).fill('10');
    await expect.poll(() => text(page.getByTestId('ramp-fields'))).toContain('not below the first rate');
    await expect.poll(() => page.getByRole('button', { name: 'Start the ramp' }).isEnabled()).toBe(false);
    await page.getByLabel(/^First rate/).fill('100');
    await page.getByLabel(/^Step/).fill('300');
    await page.getByLabel(/^Up to/).fill('1000');
    await page.getByLabel(/^Each step/).fill('1');
    await page.getByLabel(/^p99 line/).fill('400');
    await page.getByLabel(/^Failed line/).fill('1');
    expect(await text(page.getByTestId('ramp-plan'))).toContain('4 steps, at most 4 s of load');
    await expect.poll(() => page.getByRole('button', { name: 'Start the ramp' }).isEnabled(), { timeout: 5000 }).toBe(true);
    await page.getByTestId('ramp-fields').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'recipe-ramp-wide.png') });
    await page.setViewportSize({ width: narrow.width, height: narrow.height });
    await page.getByTestId('ramp-fields').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'recipe-ramp-narrow.png') });
    const fields = (await page.getByTestId('ramp-fields').boundingBox())!;
    expect(fields.x + fields.width).toBeLessThanOrEqual(narrow.width);
    await page.setViewportSize({ width: wide.width, height: wide.height });

    await page.getByRole('button', { name: 'Start the ramp' }).click();
    await page.getByTestId('ramp-title').waitFor();
    const verdict = page.getByTestId('ramp-verdict');
    await verdict.waitFor({ timeout: 60_000 });
    const said = await text(verdict);
    const rows = page.getByTestId('ramp-steps').locator('tbody tr');
    const measured = await rows.count();
    expect(measured).toBeGreaterThan(0);
    const chart = page.getByTestId('ramp-chart');
    expect(Number(await chart.getAttribute('data-points'))).toBe(measured);
    // Every request was answered 2xx (the login's cookie was carried), unless a step crossed the failed line.
    const crossedRows = await page.getByTestId('ramp-steps').locator('tbody tr.crossed').count();
    if (said.includes('knee at')) {
      // The knee is the last step measured (the ramp stops there), and the chart marks that rate.
      expect(crossedRows).toBe(1);
      const kneeRate = (await text(rows.nth(measured - 1).locator('td').first())).replace(/[^\d]/g, '');
      expect(said).toContain(`The knee is at ${kneeRate} requests/s`);
      expect(await chart.getAttribute('data-knee')).toBe(kneeRate);
    } else {
      expect(said).toContain('No knee up to 1000 requests/s');
      expect(measured).toBe(4);
      expect(crossedRows).toBe(0);
    }
    await page.screenshot({ path: join(SHOTS, 'ramp-wide.png'), fullPage: true });

    // A reload of the address lands on the same ramp, read back from its session.
    expect(page.url()).toMatch(/#\/ramp\/.+/);
    await page.reload();
    await page.getByTestId('ramp-verdict').waitFor();
    expect(await text(page.getByTestId('ramp-verdict'))).toBe(said);
    expect(await page.getByTestId('ramp-steps').locator('tbody tr').count()).toBe(measured);

    // History lists it as a ramp with its knee, and opens it on the Ramp screen.
    await navTo(page, 'History');
    const cell = page.getByTestId('ramp-cell');
    await cell.waitFor();
    expect(await text(cell)).toMatch(said.includes('knee at') ? /^knee at [\d,]+ req\/s$/ : /^no knee up to 1,000 req\/s$/);
    await page.getByTestId('run-row').filter({ has: cell }).getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByTestId('ramp-verdict').waitFor();
    const address = page.url();
    await page.close();

    const small = await suite.newPage(narrow);
    await small.goto(suite.serve.url + new URL(address).hash);
    await small.getByTestId('ramp-verdict').waitFor();
    await small.waitForTimeout(300);
    await small.screenshot({ path: join(SHOTS, 'ramp-narrow.png'), fullPage: true });
    // The chart fits the narrow window.
    const box = await small.getByTestId('ramp-chart').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(narrow.width);
    await small.close();
    expect(suite.pageErrors()).toEqual([]);
  });

  it('shows the progress of a ramp still running after a reload, then its verdict when it ends', async () => {
    const page = await suite.newPage(SCREEN_SIZES[0]);
    await page.goto(suite.serve.url);
    await navTo(page, 'Start');
    await page.getByLabel('Project folder').fill(folder);
    await page.getByRole('button', { name: 'Look' }).click();
    await page.getByRole('button', { name: 'Set up the load →' }).click();
    await page.getByRole('heading', { name: 'Recipe' }).waitFor();
    await page.getByLabel('Log in first').check();
    await page.getByLabel(/^Cookie it must set/).fill('connect.sid');
    await page.getByLabel(/^Body/).first().fill('{"user":"ada","password":"correct horse"}');
    await page.locator('#paths').fill('/me');
    await page.getByLabel(/^Warm-up/).fill('1');
    await page.getByLabel(/Find the knee/).check();
    // Low rates and lines no step of this app reaches: the ramp goes through its five steps, 2 s each.
    await page.getByLabel(/^First rate/).fill('5');
    await page.getByLabel(/^Step/).fill('5');
    await page.getByLabel(/^Up to/).fill('25');
    await page.getByLabel(/^Each step/).fill('2');
    await page.getByLabel(/^p99 line/).fill('60000');
    await page.getByLabel(/^Failed line/).fill('100');
    await expect.poll(() => page.getByRole('button', { name: 'Start the ramp' }).isEnabled(), { timeout: 5000 }).toBe(true);
    await page.getByRole('button', { name: 'Start the ramp' }).click();
    await page.getByTestId('ramp-steps').locator('tbody tr').first().waitFor({ timeout: 60_000 });

    await page.reload();
    const progress = page.getByTestId('ramp-progress');
    await progress.waitFor({ timeout: 10_000 });
    expect(await text(progress)).toMatch(/Measured [1-4] of 5 rates/);
    // No verdict while it runs: the steps so far are not the ramp's answer.
    expect(await page.getByTestId('ramp-verdict').count()).toBe(0);
    // The bar is drawn across the panel (a flex row once squeezed it to nothing).
    const bar = (await progress.getByRole('progressbar').boundingBox())!;
    expect(bar.width).toBeGreaterThan((await progress.boundingBox())!.width / 2);
    // The next step arrives without another reload, and Stop knows the ramp.
    const before = await page.getByTestId('ramp-steps').locator('tbody tr').count();
    await expect.poll(() => page.getByTestId('ramp-steps').locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(before);
    await expect.poll(() => progress.getByRole('button', { name: 'Stop' }).isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'ramp-reloaded-wide.png'), fullPage: true });

    // It ends on its own: the verdict, every step, no progress left.
    const verdict = page.getByTestId('ramp-verdict');
    await verdict.waitFor({ timeout: 60_000 });
    expect(await text(verdict)).toContain('No knee up to 25 requests/s');
    expect(await page.getByTestId('ramp-steps').locator('tbody tr').count()).toBe(5);
    expect(await progress.count()).toBe(0);
    await page.close();
    expect(suite.pageErrors()).toEqual([]);
  });
});
