// The workshop in real Chromium through browser mode (issue 13): a student opens the course from Start, takes the
// blocking lab through every step (predicts, makes their copy, runs it, reads the evidence the step points at, picks
// the culprit in their diagnosis, fixes their copy with watch mode on: the test writes the fix into the file, as their
// editor would, and the re-run shows it; the check measures it and passes), sees the progress on the course page, and "reset" restores the slow code. The
// course page, a step with a hint unfolded and the presenter view are photographed at 1440x900 and 1024x700.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { labDir } from '../../app/labs/catalogue.js';
import { assetPath } from '../../app/paths.js';
import { browserSuite, SCREEN_SIZES } from '../helpers/browser-suite.js';
import { publishShots, SHOTS, VIEWPORT } from './page-tools.js';

/** How many labs the shipped course takes, from its own file. */
const courseLabCount = () => (JSON.parse(readFileSync(assetPath('courses', 'node-performance', 'course.json'), 'utf8')) as { labs: string[] }).labs.length;

let workshop = '';
let page: Page;
const suite = browserSuite('course', {
  env: (dir) => {
    workshop = join(dir, 'Checkup workshop');
    return { CHECKUP_DATA_DIR: join(dir, 'data'), CHECKUP_WORKSHOP_DIR: workshop };
  },
});
const shots: string[] = [];

/** This screen at both sizes the project checks (the main pane's own scroll keeps the window's height). */
async function shootBoth(name: string): Promise<void> {
  for (const [suffix, size] of [['1440', VIEWPORT], ['1024', { width: 1024, height: 700 }]] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, `${name}-${suffix}.png`) });
    shots.push(`${name}-${suffix}`);
  }
  await page.setViewportSize(VIEWPORT);
}

beforeAll(async () => {
  page = await suite.newPage(SCREEN_SIZES[0]);
});

async function nextStep(): Promise<void> {
  await page.getByRole('button', { name: /^(Done, next step|Next step)$/ }).click();
}

async function atStep(kind: string): Promise<void> {
  await expect.poll(() => page.getByTestId('step').getAttribute('data-kind')).toBe(kind);
}

describe('a student takes a lab of the course', () => {
  it('from Start through every step of the blocking lab to a passed check, with progress kept, then reset', { timeout: 240_000 }, async () => {
    await page.goto(suite.serve.url);
    await page.getByTestId('workshop').getByRole('button', { name: 'Open the course' }).click();
    await page.getByTestId('course-labs').getByText('Blocking the event loop').waitFor();
    expect(await page.getByTestId('lab-state-blocking').textContent()).toMatch(/Not started · 9 steps/);
    await shootBoth('course');

    await page.getByRole('button', { name: 'Blocking the event loop' }).click();
    await atStep('symptom');
    await nextStep();

    // A wrong guess, to be met again with the result.
    await atStep('predict');
    await page.getByLabel('Waiting on slow I/O').check();
    await nextStep();

    // Run: the copy is made in the workshop folder shown, then run with the lab's load.
    await atStep('run');
    await page.getByRole('button', { name: 'Start the lab' }).click();
    const copy = join(workshop, 'node-performance', 'blocking');
    await expect.poll(() => page.getByTestId('workspace-dir').textContent()).toBe(copy);
    const original = readFileSync(join(labDir('blocking'), 'slow.js'), 'utf8');
    expect(readFileSync(join(copy, 'slow.js'), 'utf8')).toBe(original);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByTestId('verdict').waitFor({ timeout: 90_000 });
    // The diagnosis says the prediction was wrong, where the student meets the result.
    const wrongGuess = /^You predicted “Waiting on slow I\/O”, but the run found “The event loop is blocked”/;
    await expect.poll(() => page.getByTestId('prediction-echo').textContent().then((t) => t?.replace(/\s+/g, ' ').trim())).toMatch(wrongGuess);
    // The diagnosis of the student's run leads back to its lesson.
    await page.getByTestId('lesson-link').getByRole('button').click();
    await atStep('run');
    await nextStep();

    // Evidence: the step points at the event-loop delay of the student's own run.
    await atStep('evidence');
    expect((await page.getByTestId('prediction-echo').textContent())?.replace(/\s+/g, ' ').trim()).toMatch(wrongGuess);
    await shootBoth('lab-prediction-wrong');
    await expect.poll(() => page.locator('[data-testid="lab-run"] li.pointed').first().getAttribute('data-series')).toBe('delay.p99');
    await nextStep();

    // Culprit: a hint, then a wrong row, then the right one.
    await atStep('culprit');
    await page.getByRole('button', { name: /^Show a hint/ }).click();
    await expect.poll(() => page.getByTestId('hint').count()).toBe(1);
    await shootBoth('lab-step-hint');
    await page.getByTestId('culprit-choice').filter({ hasText: 'sendJson' }).first().click();
    await expect.poll(() => page.getByTestId('culprit-verdict').textContent()).toMatch(/^Not this one/);
    await page.getByTestId('culprit-choice').filter({ hasText: 'computeReport' }).first().click();
    await expect.poll(() => page.getByTestId('culprit-verdict').textContent()).toMatch(/^Yes: computeReport/);
    await nextStep();

    // Fix: the student's edit (the test writes a cache into their copy, as their editor would), and the solution diff.
    await atStep('fix');
    const fixed = original.replace(
      'function getReport(region) {\n  return computeReport(region);\n}',
      'const reports = new Map();\nfunction getReport(region) {\n  if (!reports.has(region)) reports.set(region, computeReport(region));\n  return reports.get(region);\n}',
    );
    expect(fixed).not.toBe(original);
    // Watch mode on: saving the copy runs it again, and the step shows that run's verdict.
    await page.getByTestId('lab-watch').check();
    await expect.poll(() => page.getByTestId('lab-watch').isChecked()).toBe(true);
    writeFileSync(join(copy, 'slow.js'), fixed);
    await expect.poll(() => page.getByTestId('latest-verdict').textContent(), { timeout: 90_000 }).toMatch(/Your latest run: Healthy/);
    await page.getByTestId('lab-watch').uncheck();
    await page.getByRole('button', { name: 'Show me a solution' }).click();
    await expect.poll(() => page.getByTestId('solution-diff').textContent()).toContain('REPORT_TTL_MS');
    await nextStep();

    await atStep('remeasure');
    await nextStep();

    // Check: Checkup measures the student's copy and judges it against the fixed claims.
    await atStep('check');
    await page.getByTestId('check-button').click();
    const result = page.getByTestId('check-result');
    await result.waitFor({ timeout: 120_000 });
    expect(await result.textContent()).toMatch(/^Passed/);
    expect(await result.locator('tbody tr').count()).toBe(2);
    await nextStep();

    await atStep('learnt');
    await page.getByRole('button', { name: 'Finish the lab' }).click();

    // The presenter view: the current step in big type, Escape goes back.
    await page.getByRole('button', { name: 'Presenter view' }).click();
    await page.getByTestId('presenter').getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByTestId('presenter').getByRole('heading', { level: 1 }).textContent()).toBe('Check');
    await shootBoth('presenter');
    await page.keyboard.press('Escape');
    await atStep('check');

    // Progress on the course page.
    await page.getByRole('button', { name: 'Node.js performance, hands on' }).click();
    await expect.poll(() => page.getByTestId('lab-state-blocking').textContent()).toMatch(/^Passed · 9 of 9 steps/);
    expect(await page.getByTestId('course-progress').textContent()).toMatch(new RegExp(`1\\s+of ${courseLabCount()} labs passed`));

    // Reset, after a confirmation: the slow code is back.
    await page.getByRole('button', { name: 'Blocking the event loop' }).click();
    await page.getByRole('button', { name: 'Reset the lab…' }).click();
    await page.getByRole('button', { name: 'Reset the lab', exact: true }).click();
    await page.getByText('The starting code is back.').waitFor();
    expect(readFileSync(join(copy, 'slow.js'), 'utf8')).toBe(original);

    expect(suite.pageErrors()).toEqual([]);
    publishShots(shots);
  });
});
