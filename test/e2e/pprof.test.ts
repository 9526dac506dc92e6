// A production profile in the app: a pprof file recorded by @datadog/pprof, uploaded in browser mode, read like any
// profile (its sample types as views, hot functions, flame view), then exported again as pprof and downloaded.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from '../helpers/browser.js';

let dir: string;
let file: string;
let serve: ServeProcess;
let browser: Browser;
let page: Page;
let errors: string[];
let cpuprofile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'checkup-pprof-ui-'));
  file = join(dir, 'checkout-wall.pb.gz');
  // The same run recorded twice: by @datadog/pprof (the file) and by V8 itself (--cpu-prof), to compare in the app.
  execFileSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${join(dir, 'v8')}`, join(rootDir, 'test', 'fixtures', 'targets', 'pprof-burn.cjs'), file]);
  cpuprofile = join(dir, 'v8', readdirSync(join(dir, 'v8'))[0]!);
  serve = await startServe(['--out', join(dir, 'sessions')]);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  errors = collectPageErrors(page);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a pprof file in the app', () => {
  it('opens with its sample types as views and its hot functions, and exports again as pprof', { timeout: 120_000 }, async () => {
    await page.goto(serve.url);
    await page.getByTestId('profile-input').waitFor({ state: 'attached' });
    await page.getByTestId('profile-input').setInputFiles(file);
    await page.getByTestId('speedscope').waitFor({ timeout: 60_000 });
    const main = page.locator('main');
    await expect.poll(async () => (await main.textContent()) ?? '', { timeout: 20_000 }).toContain('checkout-wall.pb.gz');
    expect((await main.textContent()) ?? '').toMatch(/pprof ·/);
    const views = await page.getByLabel('profile in this file').locator('option').allTextContents();
    expect(views).toEqual(['wall (nanoseconds)', 'sample (count)']);
    const hot = await page.getByTestId('hot-function').allTextContents();
    expect(hot.slice(0, 6)).toEqual(expect.arrayContaining(['renderInvoice', 'checksumRows']));
    for (const size of [{ width: 1440, height: 900 }, { width: 1024, height: 700 }]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: join(rootDir, 'test-results', 'screenshots', `flame-pprof-${size.width}.png`) });
    }

    await page.getByTestId('profile-export').locator('summary').click();
    await page.getByRole('button', { name: 'as pprof' }).click();
    const written = page.getByTestId('exported');
    await expect.poll(async () => (await written.textContent()) ?? '', { timeout: 30_000 }).toMatch(/checkout-wall-checkup\.pb\.gz/);
    const href = await written.getByTestId('download').first().getAttribute('href');
    const response = await page.request.get(new URL(href!, page.url()).href);
    expect(response.status()).toBe(200);
    const body = gunzipSync(await response.body());
    expect(body.length).toBeGreaterThan(100);
    expect(body.toString('latin1')).toContain('renderInvoice');
    expect(errors).toEqual([]);
  });

  it('compares the pprof with V8`s own profile of the same run, function by function, with the differential flame graph', { timeout: 120_000 }, async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('compare-input').setInputFiles(cpuprofile);
    const main = page.locator('main');
    await expect.poll(async () => (await main.textContent()) ?? '', { timeout: 60_000 }).toContain('Comparison of two profiles');
    await expect.poll(async () => (await page.getByTestId('profile-side-before').textContent()) ?? '', { timeout: 60_000 }).toContain('checkout-wall.pb.gz');
    expect(await page.getByTestId('profile-side-after').textContent()).toMatch(/\.cpuprofile/);
    const text = (await main.textContent()) ?? '';
    expect(text).toContain('different formats');
    expect(text).toContain('differential flame graph');
    for (const size of [{ width: 1440, height: 900 }, { width: 1024, height: 700 }]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: join(rootDir, 'test-results', 'screenshots', `compare-profiles-${size.width}.png`), fullPage: true });
    }
    expect(errors).toEqual([]);
  });
});
