// A multi-unit session in real Chromium through browser mode (issue 11), at 1440x900 and 1024x700: a real run of a
// server whose handler posts work to a pool of worker threads, then its diagnosis shows the Processes and threads
// panel (the main process and its two threads, the threads among the deciders, every row whole on screen), the
// culprit opens the worker thread's own profile, and the flame view's picker switches between the units' profiles.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';
import { SHOTS, navTo } from './page-tools.js';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;

let dir: string;
let serve: ServeProcess;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(rootDir, 'out', 'renderer', 'index.html'))) throw new Error('The renderer is not built: run `npm run build` first.');
  dir = mkdtempSync(join(tmpdir(), 'checkup-e2e-units-'));
  mkdirSync(SHOTS, { recursive: true });
  const sessions = join(dir, 'sessions');
  const run = await runCli(['run', '--json', '--out', sessions, '-d', '3', '--warmup', '1', '-c', '8', '--no-heap', '-e', 'WORK=1000000', '--cwd', join(rootDir, 'test', 'fixtures', 'targets'), '--', 'node', 'worker-pool-server.cjs']);
  if (run.code !== 0) throw new Error(`the run failed: ${run.stderr}`);
  serve = await startServe(['--out', sessions]);
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a session of several processes and threads', () => {
  for (const size of SIZES) {
    it(`shows its units, opens a culprit in its thread, and picks units in the flame view at ${size.width}x${size.height}`, async () => {
      const page = await browser.newPage({ viewport: size });
      const errors = collectPageErrors(page);
      await page.goto(serve.url);
      await navTo(page, 'History');
      await page.locator('[data-testid=run-row]').first().getByRole('button').first().click();

      const panel = page.locator('[data-testid=process-tree]');
      await panel.waitFor({ timeout: 15_000 });
      const rows = panel.locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(3);
      await expect.poll(() => panel.locator('tbody tr', { hasText: 'worker thread' }).count()).toBe(2);
      await expect.poll(() => panel.getByText('decided').count()).toBeGreaterThanOrEqual(2);
      // Every row's flame button is inside the panel: nothing cut off at this width.
      await panel.scrollIntoViewIfNeeded();
      const panelBox = (await panel.boundingBox())!;
      for (const button of await panel.getByRole('button', { name: 'Flame graph' }).all()) {
        const box = (await button.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(panelBox.x + panelBox.width + 1);
      }
      await page.screenshot({ path: join(SHOTS, `process-tree-${size.width}.png`) });

      // The culprit was found in a worker thread's profile: clicking it opens that one.
      await page.locator('[data-testid=verdict]').scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: /^(crunchNumbers|onJob)$/ }).first().click();
      const picker = page.locator('[data-testid=unit-picker]');
      await picker.waitFor({ timeout: 15_000 });
      await expect.poll(() => picker.locator('option:checked').textContent()).toMatch(/^Thread \d \(pool-worker\.cjs\)$/);
      await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 }).toMatch(/thread \d of process \d+/);

      // The picker goes back to the main process's profile (the session's own).
      const mainValue = await picker.locator('option', { hasText: 'Process' }).first().getAttribute('value');
      await picker.selectOption(mainValue!);
      await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 }).toMatch(/· CPU profile$/);
      await page.screenshot({ path: join(SHOTS, `thread-picker-${size.width}.png`) });
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);
  }
});
