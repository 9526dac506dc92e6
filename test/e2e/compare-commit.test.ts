// "Compare with last commit" in real Chromium through browser mode: a copy of the blocking lab in a git repository
// (the slow code committed), checked once. While the working tree has no change the action is disabled and says why;
// after the user's edit (the fixed code) it runs the commit and the working tree alternately, shows the progress, and
// ends on the Comparison screen with the interleaved, paired result. No temporary worktree is left, no console errors.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { collectPageErrors, launchChromium, startServe, type ServeProcess } from '../helpers/browser.js';
import { gitProject, worktrees } from '../helpers/git-project.js';
import { checkupBin } from '../helpers/cli.js';
import { SHOTS, VIEWPORT } from './page-tools.js';

let dir: string;
let tmp: string;
let project: string;
let serve: ServeProcess;
let browser: Browser;
let page: Page;
let errors: string[];

const lab = (file: string) => readFileSync(join(rootDir, 'assets', 'labs', 'blocking', file), 'utf8');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'checkup-e2e-ab-'));
  tmp = join(dir, 'tmp');
  mkdirSync(tmp);
  project = gitProject({ 'server.js': lab('slow.js'), 'package.json': lab('package.json') });
  // The first checkup of the project, as the user ran it; the A/B runs reuse its recipe.
  execFileSync(process.execPath, [checkupBin, 'run', '--out', join(dir, 'sessions'), '--cwd', project, '-d', '2', '--warmup', '1', '-e', 'PORT=0', '--path', '/report?region=eu', '--path', '/products', '--no-heap', '--', 'node', 'server.js'], { stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } });
  mkdirSync(SHOTS, { recursive: true });
  serve = await startServe(['--out', join(dir, 'sessions')], { TMPDIR: tmp });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: VIEWPORT });
  errors = collectPageErrors(page);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
});

async function openTheSession(): Promise<void> {
  await page.getByRole('button', { name: /^History/ }).click();
  // Runs are named after the project (the lab's package.json name).
  await page.locator('button.name', { hasText: 'checkup-lab-blocking' }).last().click();
  await page.getByTestId('verdict').waitFor({ timeout: 20_000 });
}

describe('compare with last commit', () => {
  it('is disabled with the reason while nothing changed, then runs A B A B and shows the interleaved comparison', async () => {
    await page.goto(serve.url);
    await openTheSession();
    const action = page.getByTestId('compare-with-commit').getByRole('button', { name: 'Compare with last commit' });
    await expect.poll(() => action.getAttribute('title'), { timeout: 10_000 }).toMatch(/Nothing to compare/);
    expect(await action.isDisabled()).toBe(true);
    expect(await page.getByTestId('commit-comparison-reason').textContent()).toMatch(/no uncommitted change/);
    await page.getByTestId('run-again').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'ab-disabled-1440.png') });

    // The user's edit: the fixed code, not committed; and two ignored files beside it, one of them held back.
    writeFileSync(join(project, 'server.js'), lab('fixed.js'));
    writeFileSync(join(project, '.gitignore'), '.env\n.env.local\n');
    writeFileSync(join(project, '.env'), 'LAB_SETTING=1\n');
    writeFileSync(join(project, '.env.local'), 'LAB_SECRET=1\n');
    await page.getByRole('button', { name: /^Start\b(?!-up)/ }).click();
    await openTheSession();
    await expect.poll(() => action.isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.getByLabel("ignored files the commit's side does not get").fill('.env.local');
    await page.getByTestId('compare-with-commit').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'ab-exclude-1440.png') });
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.getByTestId('compare-with-commit').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'ab-exclude-1024.png') });
    await page.setViewportSize(VIEWPORT);
    await action.click();

    const progress = page.getByTestId('ab-progress');
    await progress.waitFor({ timeout: 15_000 });
    await expect.poll(() => progress.textContent(), { timeout: 30_000 }).toMatch(/B1/);
    // What the commit's side got, and what it did not, said where the runs are followed.
    const said = (await progress.textContent())!.replace(/\s+/g, ' ');
    expect(said).toMatch(/Copied into HEAD's checkout from your working tree \(untracked, ignored by git\): \.env\./);
    expect(said).toMatch(/Excluded as asked, so only your working tree's side has them: \.env\.local\./);
    await progress.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'ab-progress-1440.png') });
    await page.setViewportSize({ width: 1024, height: 700 });
    await progress.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'ab-progress-1024.png') });
    await page.setViewportSize(VIEWPORT);

    const header = page.getByTestId('interleaved');
    await header.waitFor({ timeout: 120_000 });
    const text = (await header.textContent())!.replace(/\s+/g, ' ');
    expect(text).toMatch(/Interleaved A\/B against HEAD [0-9a-f]{8}/);
    expect(text).toContain('3 pairs');
    expect(text).toContain('paired t-test');
    expect(await header.getByRole('listitem').count()).toBe(3);
    // The after runs served two orders of magnitude more requests than the commit's.
    const rps = await page.getByTestId('rps-headline').textContent();
    expect(rps).toMatch(/Requests per second/);
    await page.screenshot({ path: join(SHOTS, 'ab-comparison-1440.png') });
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.screenshot({ path: join(SHOTS, 'ab-comparison-1024.png') });
    await page.setViewportSize(VIEWPORT);

    // Another pair's profiles, from the header.
    await header.getByRole('button', { name: 'pair 1' }).click();
    await expect.poll(() => header.getByRole('button', { name: 'pair 1' }).isDisabled(), { timeout: 30_000 }).toBe(true);

    expect(worktrees(project)).toHaveLength(1);
    expect(readdirSync(tmp).filter((n) => n.startsWith('checkup-ab-'))).toEqual([]);
  }, 240_000);

  it('has no console errors', () => {
    expect(errors).toEqual([]);
  });
});
