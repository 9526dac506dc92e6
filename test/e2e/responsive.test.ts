// Responsive under load: a 30 s run at tens of thousands of requests/s, watched live in real Chromium through browser
// mode. The page must keep drawing frames, never block its main thread for long, and receive its live data in
// batches (at most LIVE_BATCHES_PER_SECOND a second), whatever the request rate.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_BATCHES_PER_SECOND } from '../../app/contract/api.js';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from '../helpers/browser.js';
import { monitorMainThread } from '../helpers/page-monitor.js';

let serve: ServeProcess;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  serve = await startServe(['--out', join(mkdtempSync(join(tmpdir(), 'checkup-responsive-')), 'sessions')]);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  errors = collectPageErrors(page);
});

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
});

describe('the live run screen under heavy load', () => {
  it('keeps drawing and stays responsive through a 60 s run at tens of thousands of requests/s', { timeout: 150_000 }, async () => {
    // Every engine event pushed to the page, with the time it arrived.
    const liveFrames: number[] = [];
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('"run-live"')) liveFrames.push(Date.now());
      }),
    );
    await page.goto(serve.url);
    await page.getByRole('button', { name: 'Try the demo' }).waitFor();
    await page.locator('article, .card, li', { hasText: 'A healthy JSON API' }).first().getByText('Adjust load…').click();
    await page.locator('#duration').fill('30');
    await page.locator('#warmup').fill('1');
    await page.locator('#connections').fill('20');
    await page.getByRole('button', { name: 'Start checkup' }).click();

    // Frame gaps and long tasks, measured inside the page.
    const mainThread = await monitorMainThread(page);

    // While it runs, the page answers promptly.
    const roundTrips: number[] = [];
    await page.getByText('Measuring', { exact: false }).first().waitFor({ timeout: 30_000 });
    const measureStart = Date.now();
    while (Date.now() - measureStart < 27_000) {
      const t = Date.now();
      await page.evaluate('document.querySelectorAll("canvas").length');
      roundTrips.push(Date.now() - t);
      await new Promise((r) => setTimeout(r, 1000));
    }
    await page.getByTestId('verdict').waitFor({ timeout: 60_000 });

    const { gaps, long } = await mainThread();
    const rps = Number((await page.locator('text=/req\\/s/').first().textContent())?.replace(/[^\d.]/g, '') ?? 0);
    const perSecond = new Map<number, number>();
    for (const t of liveFrames) perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1);
    const busiestSecond = Math.max(...perSecond.values());
    const sortedGaps = [...gaps].sort((a, b) => a - b);
    const p99Gap = sortedGaps[Math.floor(sortedGaps.length * 0.99)]!;
    const longTotal = long.reduce((a, b) => a + b, 0);
    console.log(`responsive: ${rps} req/s; ${liveFrames.length} live batches (busiest second ${busiestSecond}); ${gaps.length} frames, p99 gap ${p99Gap.toFixed(0)} ms, max ${Math.max(...gaps).toFixed(0)} ms; long tasks ${long.length}, ${longTotal.toFixed(0)} ms in all; page round trip max ${Math.max(...roundTrips)} ms`);

    // A precondition, not the claim: the load must far outrun the live batch rate (a few a second). 10,000 req/s
    // held on some machines and not on others (8,300-8,900 here on 2026-11-27, at main's older commit too).
    expect(rps).toBeGreaterThan(5_000);
    expect(liveFrames.length).toBeGreaterThan(100);
    // A batch may be sent early when the run changes phase, hence one more than the rate.
    expect(busiestSecond).toBeLessThanOrEqual(LIVE_BATCHES_PER_SECOND + 1);
    expect(gaps.length).toBeGreaterThan(30 * 20);
    expect(p99Gap).toBeLessThan(100);
    expect(longTotal).toBeLessThan(30_000 * 0.05);
    expect(Math.max(...roundTrips)).toBeLessThan(500);
    expect(errors).toEqual([]);
  });
});
