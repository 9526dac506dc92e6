// Fix, then re-measure, in real Chromium through browser mode (`checkup serve` as a child process): run the blocking
// lab from Start, switch it to its fixed variant from the Diagnosis screen, open the comparison. It must call the
// requests/s change real (with a p-value), say the verdict went from blocked to healthy, put computeReport among the
// largest "Faster" functions, and draw the differential flame graph. The comparison report is exported and downloaded
// through /download. The history shows both runs with a timeline; a note edited there survives a reload; a bundle
// exported from a session imports back. No console errors. Screenshots of the new screens are kept.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from '../helpers/browser.js';
import { canvasInk, publishShots, SHOTS, shoot, VIEWPORT, navTo } from './page-tools.js';

let dir: string;
let serve: ServeProcess;
let browser: Browser;
let page: Page;
let errors: string[];
const shots: string[] = [];

beforeAll(async () => {
  if (!existsSync(join(rootDir, 'out', 'renderer', 'index.html'))) throw new Error('The renderer is not built: run `npm run build` first.');
  dir = mkdtempSync(join(tmpdir(), 'checkup-e2e-compare-'));
  mkdirSync(SHOTS, { recursive: true });
  serve = await startServe(['--out', join(dir, 'sessions')]);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: VIEWPORT, acceptDownloads: true });
  errors = collectPageErrors(page);
});

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function keep(name: string, maxHeight?: number): Promise<void> {
  await shoot(page, name, maxHeight);
  shots.push(name);
}

/** Same-origin fetch from the page (its cookie carries the secret), as a download link would. */
function fetchFromPage(href: string): Promise<{ status: number; type: string; disposition: string; body: string }> {
  return page.evaluate<{ status: number; type: string; disposition: string; body: string }>(
    `fetch(${JSON.stringify(href)}).then(async (r) => ({ status: r.status, type: r.headers.get('content-type') ?? '', disposition: r.headers.get('content-disposition') ?? '', body: await r.text() }))`,
  );
}

describe('fix, then re-measure', () => {
  it('runs the blocking lab, then its fixed variant, and compares them', async () => {
    await page.goto(serve.url);
    await page.getByRole('button', { name: 'Try the demo' }).click();
    const verdict = page.getByTestId('verdict');
    await verdict.waitFor({ timeout: 90_000 });
    await expect.poll(() => verdict.locator('h1').textContent()).toMatch(/The event loop is blocked/);

    // Diagnosis → Run the fixed variant, with a note of what changed and the repeats choice explained.
    const again = page.getByTestId('run-again');
    await again.getByText(/proper estimate of the\s+variance/).waitFor();
    await again.getByLabel(/What did I change/).fill('moved computeReport off the request path');
    await keep('diagnosis-rerun');
    await again.getByRole('button', { name: 'Run the fixed variant' }).click();
    await expect.poll(() => page.getByTestId('phase').textContent(), { timeout: 30_000 }).toMatch(/Measuring|Starting|Waiting|Warming/);

    // Back on a diagnosis: the fixed app is healthy, and the comparison with the run it follows is offered.
    const offer = page.getByTestId('compare-offer');
    await offer.getByText(/^\s*Done\. This run follows/).waitFor({ timeout: 90_000 });
    await expect.poll(() => verdict.locator('h1').textContent()).not.toMatch(/blocked/);
    await expect.poll(() => page.getByTestId('verdict').textContent()).toContain('blocking (fixed)');
    await offer.getByRole('button', { name: 'Compare with the previous run' }).click();

    // The comparison: requests/s improved, really (a p-value), the verdict from blocked to healthy.
    const headline = page.getByTestId('rps-headline');
    await headline.waitFor({ timeout: 30_000 });
    const rpsText = (await headline.textContent())!.replace(/\s+/g, ' ');
    expect(rpsText).toMatch(/Requests per second: .* real improvement: p [=<] 0\.\d+; after\/before between [\d.,]+× and [\d.,]+×/);
    const change = page.getByTestId('verdict-change');
    expect(await change.getAttribute('class')).toMatch(/\bhealthy\b/);
    expect((await change.locator('h2').textContent())!).toMatch(/^Fixed: from “The event loop is blocked” to healthy/);
    const rpsRow = page.getByTestId('figure-requestsPerSecond');
    expect(await rpsRow.getAttribute('class')).toContain('improved');
    expect(await rpsRow.locator('.bar.improved').count()).toBe(1);
    expect(await page.getByTestId('side-before').textContent()).toContain('blocking (slow)');
    expect(await page.getByTestId('side-after').textContent()).toContain('moved computeReport off the request path');

    // computeReport: among the largest "Faster" entries.
    const faster = (await page.getByTestId('faster').getByTestId('function-change').allTextContents()).map((t) => t.trim());
    expect(faster.slice(0, 3)).toContain('computeReport');

    // The differential flame graph is drawn: painted, with red/blue frames, sharp at the pixel ratio.
    const canvas = page.getByTestId('diff-flame');
    await canvas.scrollIntoViewIfNeeded();
    const ink = await canvasInk(canvas);
    expect(ink.width).toBeGreaterThan(600);
    expect(ink.painted).toBeGreaterThan(ink.width * 40);
    expect(ink.coloured).toBeGreaterThan(2000);
    // Overlaid charts of both runs.
    expect(await page.locator('.compare .chart canvas').count()).toBeGreaterThanOrEqual(3);
    await keep('comparison', 4000);

    // Hover names a frame with its shares; a click zooms into it and the breadcrumb leads back.
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + 30);
    const tip = page.getByRole('tooltip');
    await tip.waitFor();
    expect(await tip.textContent()).toMatch(/total\s*[\d.]+ %\s*→\s*[\d.]+ %/);
    await page.mouse.click(box.x + 30, box.y + 30);
    const crumbs = page.getByRole('navigation', { name: 'Zoom' });
    await crumbs.getByRole('button', { name: 'All' }).waitFor();
    await canvas.scrollIntoViewIfNeeded();
    await keep('comparison-zoomed', 4000);
    await crumbs.getByRole('button', { name: 'All' }).click();
    await expect.poll(() => crumbs.getByRole('button', { name: 'All' }).count()).toBe(0);

    // Export the comparison report and download it through the server's /download route.
    await page.getByRole('button', { name: 'Export the comparison report' }).click();
    const link = page.getByTestId('exported').getByTestId('download').first();
    await link.waitFor({ timeout: 30_000 });
    const href = (await link.getAttribute('href'))!;
    const exportedPath = decodeURIComponent(href.slice('download?path='.length));
    expect(basename(exportedPath)).toMatch(/^compare-.+\.html$/);
    const fetched = await fetchFromPage(href);
    expect(fetched.status).toBe(200);
    expect(fetched.type).toMatch(/^text\/html/);
    expect(fetched.disposition).toMatch(/^attachment; filename="compare-.+\.html"$/);
    expect(fetched.body).toMatch(/^<!doctype html>/i);
    const labels = (await page.getByTestId('figures').locator('tbody tr td:first-child strong').allTextContents()).map((t) => t.trim());
    expect(labels.length).toBeGreaterThan(4);
    for (const label of labels) expect(fetched.body).toContain(label);
    expect(fetched.body).toContain('improved');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(basename(exportedPath));
    expect(readFileSync((await download.path())!, 'utf8')).toBe(fetched.body);
  });

  it('shows both runs in the history with a timeline, and keeps a note edited there', async () => {
    await navTo(page, 'History');
    const project = page.getByTestId('project').first();
    await project.waitFor();
    await expect.poll(() => project.getByTestId('run-row').count()).toBe(2);
    expect(await project.getByText('blocking (slow)').count()).toBe(1);
    expect(await project.getByText('blocking (fixed)').count()).toBe(1);
    const timeline = project.getByTestId('timeline').locator('canvas').first();
    await timeline.waitFor();
    expect((await canvasInk(timeline)).coloured).toBeGreaterThan(300);

    // The older run (last row) gets a note, inline.
    const slowRow = project.getByTestId('run-row').last();
    await slowRow.getByTestId('note').click();
    await slowRow.getByLabel('Note').fill('baseline: report computed on every request');
    await slowRow.getByLabel('Note').press('Enter');
    await slowRow.getByText('baseline: report computed on every request').waitFor();
    await keep('history');

    await page.reload();
    await navTo(page, 'History');
    await page.getByTestId('project').first().getByText('baseline: report computed on every request').waitFor({ timeout: 10_000 });

    // Two ticked runs open their comparison (older = before).
    const rows = page.getByTestId('project').first().getByTestId('run-row');
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await page.getByTestId('compare-selected').click();
    await page.getByTestId('side-before').getByText('blocking (slow)').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('side-before').textContent()).toContain('baseline: report computed on every request');

    // Swapped, the same pair reads as a regression.
    await page.getByRole('button', { name: /Swap sides/ }).click();
    await page.getByTestId('side-before').getByText('blocking (fixed)').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('verdict-change').locator('h2').textContent()).toMatch(/^Worse: from “Healthy” to “The event loop is blocked”/);
    expect(await page.getByTestId('figure-requestsPerSecond').getAttribute('class')).toContain('regressed');
  });

  it('exports a session bundle and imports it back through "Open a profile"', async () => {
    // Sides are swapped now: the fixed run is "before".
    await page.getByTestId('side-before').getByRole('button', { name: 'blocking (fixed)' }).click();
    await page.getByTestId('verdict').waitFor();
    await page.getByRole('button', { name: 'Export bundle' }).click();
    const written = page.getByTestId('exported').locator('.path').first();
    await written.waitFor({ timeout: 30_000 });
    const bundle = (await written.textContent())!.trim();
    expect(bundle).toMatch(/\.checkup$/);

    await navTo(page, 'Start');
    await page.getByTestId('profile-input').setInputFiles(bundle);
    // The imported session opens on its own diagnosis, and the history now holds three runs.
    await page.getByTestId('verdict').getByText('blocking (fixed)').waitFor({ timeout: 30_000 });
    await navTo(page, 'History');
    await expect.poll(() => page.getByTestId('run-row').count(), { timeout: 10_000 }).toBe(3);
  });

  it('turns watching on and off, showing the engine’s state', async () => {
    // The imported copy's recipe is not the user's own until confirmed: watching it (which re-runs it) is refused.
    await page.getByTestId('run-row').filter({ hasText: 'imported, not confirmed' }).getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByTestId('watch-toggle').check();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('CHK_RECIPE_UNCONFIRMED');
    await navTo(page, 'History');
    await page.getByTestId('run-row').filter({ hasNotText: 'imported' }).first().getByRole('button', { name: 'Open', exact: true }).click();
    const toggle = page.getByTestId('watch-toggle');
    await toggle.check();
    await expect.poll(() => page.getByTestId('watch-state').textContent()).toMatch(/Watching .*blocking/);
    await toggle.uncheck();
    await expect.poll(() => page.getByTestId('watch-state').textContent()).toMatch(/Off\./);
  });

  it('has no console errors and keeps its screenshots', () => {
    expect(errors).toEqual([]);
    publishShots(shots);
  });
});
