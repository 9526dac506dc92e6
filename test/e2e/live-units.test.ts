// The live screen of a multi-unit run in real Chromium through browser mode (issue 11, "shown per thread in the live
// charts"): a cluster of two workers, the first with a worker thread, run from "Check my app". The unit picker names
// every unit as the Processes panel does, the main process (the primary, which holds the port) first; "all" overlays
// the units on the probe's charts; choosing the busy worker shows its own CPU, above the idle primary's; a reload
// mid-run keeps the choice and the windows measured before it. Screenshots at 1440x900 and 1024x700.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { browserSuite, SCREEN_SIZES } from '../helpers/browser-suite.js';
import { SHOTS, navTo } from './page-tools.js';

let project = '';
const suite = browserSuite('live-units', {
  prepare: (dir) => {
    project = join(dir, 'cluster-app');
    mkdirSync(project);
    const targets = join(rootDir, 'test', 'fixtures', 'targets');
    copyFileSync(join(targets, 'cluster-thread.cjs'), join(project, 'cluster-thread.cjs'));
    copyFileSync(join(targets, 'pool-worker.cjs'), join(project, 'pool-worker.cjs'));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'cluster-app', private: true, scripts: { start: 'WORK=1500000 node cluster-thread.cjs' } }));
  },
});

const picker = (page: Page) => page.getByTestId('live-unit-picker');
const optionTexts = (page: Page) => picker(page).locator('option').allTextContents();
const cpuChart = (page: Page) => page.locator('.charts figure.chart').filter({ hasText: /^CPU/ });
async function unitsOnScreen(page: Page): Promise<string> {
  const texts = await optionTexts(page);
  const phase = await page.getByTestId('phase').textContent({ timeout: 500 }).catch(() => '(no phase shown)');
  const error = await page.locator('.error').allTextContents();
  return `${texts.length} options: ${texts.join(' | ')}; phase: ${phase}; screen: ${page.url()}${error.length ? `; error: ${error.join(' ')}` : ''}`;
}
/** The CPU chart's newest value of its first line (user + system), % of one core. */
async function cpuNow(page: Page): Promise<number> {
  const v = (await cpuChart(page).locator('.u-legend .u-series').nth(1).locator('.u-value').textContent()) ?? '';
  return Number(v.replace(/[^\d.]/g, '')) || 0;
}

describe('the live charts of a cluster', () => {
  it('picks a unit, overlays them all, and keeps the choice across a reload', async () => {
    const page = await suite.newPage(SCREEN_SIZES[0]);
    await page.goto(suite.serve.url);
    await page.getByRole('button', { name: 'Try the demo' }).waitFor();
    await navTo(page, 'Start');
    await page.getByLabel('Project folder').fill(project);
    await page.getByRole('button', { name: 'Look' }).click();
    await page.getByRole('button', { name: 'Set up the load →' }).click();
    await page.getByRole('heading', { name: 'Recipe' }).waitFor();
    await page.getByLabel('Duration').fill('14');
    await page.getByLabel('Warm-up').fill('1');
    await expect.poll(() => page.getByRole('button', { name: 'Start checkup' }).isEnabled(), { timeout: 5000 }).toBe(true);
    await page.getByRole('button', { name: 'Start checkup' }).click();

    // Every unit in the picker: the primary first (it listened), the two workers, the thread in its process.
    await picker(page).waitFor({ timeout: 30_000 });
    // Polled as a description of the screen, so a failure says what was there instead (the units seen, the phase, an error).
    await expect.poll(() => unitsOnScreen(page), { timeout: 20_000 }).toMatch(/^5 options:/);
    const texts = await optionTexts(page);
    expect(texts[0]).toMatch(/^\d+ · primary · listened$/);
    const workers = texts.filter((t) => / · cluster worker$/.test(t)).map((t) => t.split(' ')[0]!);
    expect(workers).toHaveLength(2);
    const thread = texts.find((t) => /^Thread \d+ · worker thread in \d+$/.test(t))!;
    const threadPid = thread.split(' ').at(-1)!;
    expect(workers).toContain(threadPid);
    expect(texts.at(-1)).toBe('All 4, overlaid');
    expect(await picker(page).inputValue()).toBe('main');
    await expect.poll(() => page.getByTestId('phase').textContent(), { timeout: 30_000 }).toMatch(/Measuring/);

    // All overlaid: one line per unit on the probe's charts, named as in the picker.
    await picker(page).selectOption('all');
    await expect.poll(() => cpuChart(page).locator('figcaption').textContent()).toMatch(/per unit/);
    const labels = await cpuChart(page).locator('.u-legend .u-series .u-label').allTextContents();
    expect(labels.filter((l) => /primary|cluster worker|worker thread/.test(l))).toHaveLength(4);
    await page.screenshot({ path: join(SHOTS, 'live-units-all-1440.png') });

    // The worker without a thread does the work itself (CPU-heavy requests): its CPU reads above the idle primary's.
    const busyWorker = workers.find((w) => w !== threadPid)!;
    await picker(page).selectOption('main');
    await expect.poll(() => cpuChart(page).locator('figcaption').textContent()).not.toMatch(/per unit/);
    const primaryCpu = await cpuNow(page);
    await picker(page).selectOption(busyWorker);
    await expect.poll(() => cpuNow(page), { timeout: 5000 }).toBeGreaterThan(primaryCpu + 20);
    await page.screenshot({ path: join(SHOTS, 'live-units-worker-1440.png') });

    // A reload mid-run: the same unit chosen (its windows before the reload come in the engine's snapshot, which
    // test/integration/multiproc/live-units.test.ts checks).
    await page.reload();
    await expect.poll(() => page.getByTestId('phase').textContent(), { timeout: 10_000 }).toMatch(/Measuring/);
    await expect.poll(() => picker(page).inputValue(), { timeout: 10_000 }).toBe(busyWorker);
    await expect.poll(() => cpuNow(page), { timeout: 5000 }).toBeGreaterThan(primaryCpu + 20);
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(SHOTS, 'live-units-worker-1024.png') });
    await picker(page).selectOption('all');
    await expect.poll(() => cpuChart(page).locator('figcaption').textContent()).toMatch(/per unit/);
    await page.screenshot({ path: join(SHOTS, 'live-units-all-1024.png') });

    await page.getByTestId('verdict').waitFor({ timeout: 90_000 });
    expect(suite.pageErrors()).toEqual([]);
    await page.close();
  }, 150_000);
});
