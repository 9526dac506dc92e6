// What the browser-mode E2E files share: full-height screenshots of the main pane, and reading what a 2-D canvas
// actually painted. Functions that run in the page are sent as source text, because these files are type-checked
// without the DOM library.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Frame, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { colouredPixels } from '../helpers/pixels.js';

export const SHOTS = join(rootDir, 'test-results', 'screenshots');
const DOCS_SHOTS = join(rootDir, 'docs', 'screenshots');
export const VIEWPORT = { width: 1440, height: 900 };

/** A screenshot of the whole screen: the viewport grows to the content's height (the main pane scrolls, not the page). */
export async function shoot(page: Page, name: string, maxHeight = 2600): Promise<string> {
  const height = await page.evaluate<number>(`Math.max(document.querySelector('main')?.scrollHeight ?? 0, innerHeight)`);
  await page.setViewportSize({ width: VIEWPORT.width, height: Math.min(maxHeight, height) });
  await page.waitForTimeout(300);
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path });
  await page.setViewportSize(VIEWPORT);
  return path;
}

/**
 * Screenshots always land in test-results/screenshots; the README's copies in docs/screenshots are refreshed only
 * when asked (CHECKUP_DOCS_SCREENSHOTS=1 npm test), so a test run does not rewrite tracked files.
 */
export function publishShots(names: string[]): void {
  if (process.env.CHECKUP_DOCS_SCREENSHOTS !== '1') return;
  mkdirSync(DOCS_SHOTS, { recursive: true });
  for (const name of names) copyFileSync(join(SHOTS, `${name}.png`), join(DOCS_SHOTS, `${name}.png`));
}

export interface CanvasInk {
  width: number;
  height: number;
  /** Pixels with any paint. */
  painted: number;
  /** Pixels in a clear colour (not white, grey or black): red, blue, green... */
  coloured: number;
}

const READ_CANVAS = `(c) => {
  const ctx = c.getContext('2d');
  const { width, height } = c;
  const data = ctx.getImageData(0, 0, width, height).data;
  let painted = 0;
  let coloured = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] === 0) continue;
    painted++;
    if (Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]) > 40) coloured++;
  }
  return { width, height, painted, coloured };
}`;

/** What a 2-D canvas holds, read back from its own pixels (at its device-pixel size). */
export function canvasInk(canvas: Locator): Promise<CanvasInk> {
  return canvas.evaluate(new Function('c', `return (${READ_CANVAS})(c)`) as (c: unknown) => CanvasInk);
}

/** Opens a profile file from Start and waits until speedscope has painted it; its iframe and speedscope's frame. */
export async function openInFlameView(page: Page, browser: Browser, file: string): Promise<{ iframe: Locator; frame: Frame }> {
  await page.getByTestId('profile-input').setInputFiles(file);
  const iframe = page.getByTestId('speedscope');
  await expect.poll(() => iframe.getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
  await expect.poll(() => colouredPixels(browser, iframe), { timeout: 20_000, interval: 500 }).toBeGreaterThan(2000);
  const frame = page.frames().find((f) => f.url().includes('/speedscope/index.html'));
  if (!frame) throw new Error('speedscope frame not found');
  return { iframe, frame };
}

/**
 * A screen from the sidebar, at any window size: below 1180 px the sidebar is a rail whose menu unfolds it first.
 * Waits for the sidebar to render before deciding which it is.
 */
export async function navTo(page: Page, name: string): Promise<void> {
  // The folded rail keeps its buttons out of the accessibility tree, hence includeHidden to find them either way.
  const button = page.locator('nav').getByRole('button', { name, exact: true, includeHidden: true });
  await button.waitFor({ state: 'attached' });
  if (!(await button.isVisible())) await page.getByTestId('menu-toggle').click();
  await button.click();
}
