// "Attach to a running app" in real Chromium through browser mode (`checkup serve` as a child process): a server
// started without flags shows in the list with its pid, port and command line (Checkup's own serve process does not);
// picking it and starting runs the usual live screen and ends on its diagnosis; the server still answers afterwards
// with its inspector closed. Screenshots at 1440x900 and 1024x700. No console errors.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from '../helpers/browser.js';
import { answer, apps, ports, startApp, type RunningApp } from '../integration/attach/running-app.js';
import { SHOTS, shoot, VIEWPORT } from './page-tools.js';

let dir: string;
let serve: ServeProcess;
let browser: Browser;
let page: Page;
let errors: string[];
let server: RunningApp;

beforeAll(async () => {
  if (!existsSync(join(rootDir, 'out', 'renderer', 'index.html'))) throw new Error('The renderer is not built: run `npm run build` first.');
  dir = mkdtempSync(join(tmpdir(), 'checkup-e2e-attach-'));
  mkdirSync(SHOTS, { recursive: true });
  server = await startApp(apps.http);
  serve = await startServe(['--out', join(dir, 'sessions')]);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: VIEWPORT });
  errors = collectPageErrors(page);
});

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('attach to a running app in the app', () => {
  it('lists the running server, attaches, shows the diagnosis, and leaves the server serving', { timeout: 180_000 }, async () => {
    await page.goto(serve.url);
    const entry = page.getByTestId('attach-entry');
    await entry.getByRole('button', { name: 'Show Node processes' }).click();
    const row = entry.locator('label.proc', { hasText: `pid ${server.pid}` });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain(`port ${server.port}`);
    expect(await row.textContent()).toContain(server.file);
    // Checkup's own serve process is not offered.
    expect(await entry.locator('label.proc', { hasText: `pid ${serve.child.pid}` }).count()).toBe(0);

    // Nothing is chosen for the user: the first Node process may be someone else's.
    expect(await entry.locator('input[type=radio]:checked').count()).toBe(0);
    expect(await entry.getByRole('button', { name: /^Attach and check/ }).isDisabled()).toBe(true);

    // An inspector address can be pasted, as the hint offers; one where nothing answers says so.
    await entry.getByTestId('attach-address').fill('127.0.0.1:1');
    await entry.getByRole('button', { name: 'Attach and check that address' }).click();
    await entry.getByText('No Node.js inspector answers at 127.0.0.1:1').waitFor({ timeout: 15_000 });

    // Choosing a process clears that error and the address, and the choice stays across Refresh.
    await row.locator('input[type=radio]').check();
    expect(await entry.getByText('No Node.js inspector answers').count()).toBe(0);
    expect(await entry.getByTestId('attach-address').inputValue()).toBe('');
    await entry.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => row.locator('input[type=radio]').isChecked()).toBe(true);
    expect(await entry.locator('input[type=radio]:checked').count()).toBe(1);
    await entry.getByLabel('Duration').fill('2');
    await entry.getByLabel('Warm-up').fill('1');
    await entry.getByLabel('Connections', { exact: true }).fill('4');
    await entry.scrollIntoViewIfNeeded();
    await shoot(page, 'attach-start', 1400);
    await page.setViewportSize({ width: 1024, height: 700 });
    await entry.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, 'attach-start-1024.png') });
    await page.setViewportSize(VIEWPORT);

    await entry.getByRole('button', { name: `Attach and check pid ${server.pid}` }).click();
    const verdict = page.getByTestId('verdict');
    await verdict.waitFor({ timeout: 90_000 });
    await expect.poll(() => verdict.locator('h1').textContent()).toMatch(/The event loop is blocked/);
    await shoot(page, 'attach-diagnosis', 1400);

    expect(server.child.exitCode).toBeNull();
    expect((await answer(server.port)).status).toBe(200);
    expect(ports(server.pid)).toEqual([server.port]);
    expect(errors).toEqual([]);
  });
});
