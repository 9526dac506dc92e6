// A finding that a longer run would settle (a slow leak too slow to tell from a cache still filling in a short run)
// offers "Run again for 60 s" on the Diagnosis screen, in real Chromium through browser mode: the click starts the same
// recipe measured for 60 s, the live clock says so, and Stop ends it with nothing left running.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from '../helpers/browser.js';
import { navTo } from './page-tools.js';

let dir: string;
let sessions: string;
let serve: ServeProcess;
let browser: Browser;

/** A 12 s checkup of a Map that keeps ~1 KB per request at 0.06 MB/s: a slow leak with too few survivors to judge its pace. */
function recordSlowLeak(): Promise<void> {
  return new Promise((resolve, reject) => {
    const fixture = join(rootDir, 'test', 'fixtures', 'leaks', 'map-leak-006.cjs');
    const child = spawn(process.execPath, [join(rootDir, 'bin', 'checkup.js'), 'run', '-d', '12', '--out', sessions, '--json', '--', 'node', fixture], { stdio: 'ignore' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`checkup run exited ${code}`))));
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'checkup-e2e-settle-'));
  sessions = join(dir, 'sessions');
  await recordSlowLeak();
  serve = await startServe(['--out', sessions]);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a finding a longer run would settle', () => {
  it('offers "Run again for 60 s", which runs the same recipe for 60 s', async () => {
    const [first] = readdirSync(sessions);
    const diagnosis = JSON.parse(readFileSync(join(sessions, first!, 'diagnosis.json'), 'utf8')) as { findings: { title: string; settledBySec?: number }[] };
    const open = diagnosis.findings.find((f) => f.settledBySec);
    expect(open, 'the 12 s run of the slow leak leaves its pace open').toBeDefined();

    const page = await browser.newPage({ viewport: { width: 1024, height: 700 } });
    const errors = collectPageErrors(page);
    await page.goto(serve.url);
    await navTo(page, 'History');
    await page.getByTestId('run-row').first().getByRole('button', { name: 'Open' }).click();
    await page.getByText(open!.title).first().click();
    const settle = page.getByTestId('settle-run');
    await settle.scrollIntoViewIfNeeded();
    expect(await settle.textContent()).toBe(`Run again for ${open!.settledBySec} s`);
    await settle.click();
    await expect.poll(() => page.getByTestId('run-clock').textContent(), { timeout: 30_000 }).toMatch(/\/ 1:00$/);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => readdirSync(sessions).length, { timeout: 30_000 }).toBe(2);
    const second = readdirSync(sessions).find((s) => s !== first)!;
    await expect.poll(() => (JSON.parse(readFileSync(join(sessions, second, 'session.json'), 'utf8')) as { status: string }).status, { timeout: 30_000 }).not.toBe('running');
    const recipe = (JSON.parse(readFileSync(join(sessions, second, 'session.json'), 'utf8')) as { recipe: { load: { durationSec: number } } }).recipe;
    expect(recipe.load.durationSec).toBe(60);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
