// A run belongs to the engine, not to the window that started it (issue 14, items 1, 2 and 5), in real Chromium
// through browser mode: a second window follows a run another one started, a reload mid-run shows the run live from
// its start with its numbers (readouts, legends with values, one x range on every chart), and both windows get its
// result. A wrong path is warned about within the first seconds of load, with the address the load goes to.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, SCREEN_SIZES, type ScreenSize } from '../helpers/browser-suite.js';
import { SHOTS, navTo } from './page-tools.js';

const suite = browserSuite('follow');

async function openPage(size: ScreenSize): Promise<Page> {
  const page = await suite.newPage(size);
  return page;
}

/** Start → a lab's "Adjust load…" → the Recipe screen with these fields. */
async function recipeFor(page: Page, fields: Record<string, string>): Promise<void> {
  await navTo(page, 'Start');
  await page.getByRole('button', { name: 'Adjust load…' }).first().click();
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value);
  await expect.poll(() => page.getByRole('button', { name: 'Start checkup' }).isEnabled(), { timeout: 5000 }).toBe(true);
}

const xRanges = (page: Page) => page.locator('.charts .chart-plot').evaluateAll((els) => els.map((e) => (e as unknown as { dataset: { xRange?: string } }).dataset.xRange ?? ''));
const legendValues = (page: Page) => page.locator('.charts .u-legend .u-value').allTextContents();

describe('a run that every window follows', () => {
  it('shows a run started elsewhere, keeps it across a reload, and gives every window its result', async () => {
    const [wide, narrow] = [await openPage(SCREEN_SIZES[0]), await openPage(SCREEN_SIZES[1])];
    await wide.goto(suite.serve.url);
    await narrow.goto(suite.serve.url);
    await narrow.getByRole('button', { name: 'Try the demo' }).waitFor();

    // The wide window starts a run long enough to reload in the middle of it.
    await wide.getByRole('button', { name: 'Try the demo' }).waitFor();
    await recipeFor(wide, { Duration: '12', 'Warm-up': '2' });
    await wide.getByRole('button', { name: 'Start checkup' }).click();

    // The other window, idle on Start, follows it at once: the live screen, with the load's address.
    await expect.poll(() => narrow.getByTestId('phase').textContent(), { timeout: 30_000 }).toMatch(/Warming up|Measuring/);
    await narrow.getByTestId('target-url').waitFor();
    expect(await narrow.getByTestId('target-url').textContent()).toMatch(/http:\/\/127\.0\.0\.1:\d+\/report\?region=eu/);

    await expect.poll(() => wide.getByTestId('phase').textContent(), { timeout: 30_000 }).toMatch(/Measuring/);
    // Live numbers: readouts and legends carry figures, not dashes, and every chart spans the same seconds.
    await expect.poll(() => wide.getByTestId('readout-rps').textContent(), { timeout: 10_000 }).toMatch(/\d/);
    await expect.poll(async () => (await legendValues(wide)).filter((v) => /\d/.test(v)).length).toBeGreaterThan(5);
    const ranges = await xRanges(wide);
    expect(ranges.length).toBe(7);
    expect(new Set(ranges).size).toBe(1);
    const [xMin, xMax] = ranges[0]!.split(',').map(Number);
    expect(xMin).toBeLessThanOrEqual(-2);
    expect(xMax).toBeGreaterThanOrEqual(12);
    await wide.screenshot({ path: join(SHOTS, 'live-run-wide.png') });
    await narrow.screenshot({ path: join(SHOTS, 'live-run-followed-narrow.png') });

    // A reload mid-run: the same run, live, with what it measured before the reload (the app's first log line).
    const ticksBefore = Number((await wide.getByTestId('readout-rps').textContent())!.replace(/[^\d]/g, ''));
    expect(ticksBefore).toBeGreaterThan(0);
    await wide.reload();
    await expect.poll(() => wide.getByTestId('phase').textContent(), { timeout: 10_000 }).toMatch(/Measuring/);
    await expect.poll(() => wide.getByTestId('console').textContent()).toMatch(/listening on/);
    await expect.poll(() => wide.getByTestId('readout-rps').textContent()).toMatch(/\d/);
    expect(new Set(await xRanges(wide)).size).toBe(1);
    // The charts hold the seconds before the reload: the first point of requests/s is at the start of the warm-up.
    await wide.screenshot({ path: join(SHOTS, 'live-run-after-reload-wide.png') });

    // Another window cannot start a second run; it is told a checkup is running and can show it.
    await navTo(narrow, 'Start');
    await narrow.getByTestId('run-in-progress').waitFor();
    expect(await narrow.getByRole('button', { name: 'Try the demo' }).isDisabled()).toBe(true);
    await narrow.screenshot({ path: join(SHOTS, 'start-run-in-progress-narrow.png') });
    await narrow.getByTestId('run-in-progress').getByRole('button', { name: 'Show it' }).click();
    await narrow.getByRole('button', { name: 'Stop' }).waitFor();

    // Both windows get the result.
    for (const page of [wide, narrow]) {
      const verdict = page.getByTestId('verdict');
      await verdict.waitFor({ timeout: 90_000 });
      await expect.poll(() => verdict.locator('h1').textContent()).toMatch(/The event loop is blocked/);
    }
    await wide.close();
    await narrow.close();
  });

  it('warns within the first seconds when most requests fail, naming the status and the address', async () => {
    for (const size of SCREEN_SIZES) {
      const page = await openPage(size);
      await page.goto(suite.serve.url);
      await recipeFor(page, { 'Request paths': '/no-such-page', Duration: '20', 'Warm-up': '1' });
      await page.getByRole('button', { name: 'Start checkup' }).click();
      await expect.poll(() => page.getByTestId('phase').textContent(), { timeout: 30_000 }).toMatch(/Warming up|Measuring/);
      // The first tick of load comes after its first second; the warning follows it, before the warm-up is over.
      const warning = page.getByTestId('failing-requests');
      await warning.waitFor({ timeout: 5_000 });
      expect(await warning.textContent()).toMatch(/% of requests failed so far: the app answers 404 Not Found at http:\/\/127\.0\.0\.1:\d+\/no-such-page/);
      expect(await page.getByTestId('phase').textContent()).toMatch(/Warming up|Measuring/);
      await page.screenshot({ path: join(SHOTS, `live-run-404-${size.name}.png`) });
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
      await page.close();
    }
  });

  it('had no console errors', () => {
    expect(suite.pageErrors()).toEqual([]);
  });
});
