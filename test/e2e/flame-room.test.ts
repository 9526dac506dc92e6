// The flame screen gives speedscope the window and remembers what the user did (issue 14, item 3), in real Chromium
// through browser mode at 1440x900 and 1024x700: the graph takes the main pane's width, speedscope's view buttons are
// all visible and apart, the file name does not cover them, a filter toggle keeps the page and the view the user
// chose (no reload back to Time Order), and a focus on a function shows its callers and callees.
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { browserSuite, SCREEN_SIZES } from '../helpers/browser-suite.js';
import { colouredPixels } from '../helpers/pixels.js';
import { openInFlameView, SHOTS } from './page-tools.js';

const PROFILE = join(rootDir, 'test', 'fixtures', 'profiles', 'node', '20.20', 'cpu-prof.cpuprofile');
const suite = browserSuite('flame');

/** The tab speedscope shows as chosen: the one whose class differs from the other two. */
const chosenView = (frame: Frame) =>
  frame.evaluate(`(() => {
    const names = ['Time Order', 'Left Heavy', 'Sandwich'];
    const tabs = names.map((n) => [...document.querySelectorAll('div')].find((d) => d.childElementCount <= 1 && d.textContent.trim().endsWith(n)));
    const i = tabs.findIndex((t, k) => tabs.every((o, j) => j === k || o.className !== t.className));
    return names[i];
  })()`) as Promise<string | undefined>;

const boxOf = async (frame: Frame, text: string) => (await frame.getByText(text).first().boundingBox())!;

describe('the flame screen', () => {
  for (const size of SCREEN_SIZES) {
    it(`gives speedscope the window and keeps its view across filters at ${size.width}x${size.height}`, async () => {
      const page = await suite.newPage(size);
      await page.goto(suite.serve.url);
      const { iframe, frame } = await openInFlameView(page, suite.browser, PROFILE);

      // The graph gets the main pane's width (the sidebar aside), and most of its height.
      const main = (await page.locator('main').boundingBox())!;
      const box = (await iframe.boundingBox())!;
      expect(box.width).toBeGreaterThan(main.width - 60);
      expect(box.height).toBeGreaterThan(size.height * 0.6);

      // Every view button and the right-hand buttons are visible, inside the frame and apart; the title is hidden.
      const tabs = await Promise.all(['Time Order', 'Left Heavy', 'Sandwich', 'Export', 'Help'].map((t) => boxOf(frame, t)));
      for (const t of tabs) expect(t.x + t.width).toBeLessThanOrEqual(box.x + box.width + 1);
      for (let i = 1; i < tabs.length; i++) expect(tabs[i]!.x).toBeGreaterThanOrEqual(tabs[i - 1]!.x + tabs[i - 1]!.width - 1);
      const title = await frame.evaluate(`(() => { const t = [...document.querySelectorAll('div')].find((d) => [...d.childNodes].some((n) => n.nodeType === 3 && n.textContent.includes('cpu-prof'))); return t ? getComputedStyle(t).fontSize : 'none'; })()`);
      expect(title).toBe('0px');
      await page.screenshot({ path: join(SHOTS, `flame-${size.name}.png`) });

      // The user picks Left Heavy, then hides Node core: same page (a marker set in it survives), same view.
      await frame.getByText('Left Heavy').click();
      await expect.poll(() => chosenView(frame)).toBe('Left Heavy');
      await frame.evaluate('window.__checkupMarker = 42');
      await page.getByRole('checkbox', { name: 'Node core' }).uncheck();
      await expect.poll(() => iframe.getAttribute('data-swaps'), { timeout: 30_000 }).toBe('1');
      await page.getByText(/Hidden: Node core/).waitFor({ timeout: 30_000 });
      await expect.poll(() => colouredPixels(suite.browser, iframe), { timeout: 20_000, interval: 500 }).toBeGreaterThan(2000);
      expect(await iframe.getAttribute('data-loads')).toBe('1');
      expect(await frame.evaluate('window.__checkupMarker')).toBe(42);
      expect(await chosenView(frame)).toBe('Left Heavy');
      // The new document is the one shown: Node core's crypto frames are gone from speedscope's own table.
      await frame.getByText('Sandwich').click();
      await expect.poll(() => frame.locator('td[title]').allTextContents()).not.toContain('digest');
      await frame.getByText('Left Heavy').click();
      await page.screenshot({ path: join(SHOTS, `flame-filtered-${size.name}.png`) });

      // A focus on a hot function: the Sandwich view on it, with its callers and callees.
      await page.getByTestId('hot-toggle').click();
      await page.getByTestId('hot-function').filter({ hasText: 'buildStrings' }).first().click();
      await page.getByText('Focused on buildStrings').waitFor();
      await expect.poll(() => chosenView(frame), { timeout: 10_000 }).toBe('Sandwich');
      await frame.getByText('Callers', { exact: true }).waitFor({ timeout: 10_000 });
      await frame.getByText('Callees', { exact: true }).waitFor();
      // With the hot functions beside it, speedscope's buttons still fit apart.
      const narrowed = (await iframe.boundingBox())!;
      const tabsBeside = await Promise.all(['Time Order', 'Left Heavy', 'Sandwich', 'Export', 'Help'].map((t) => boxOf(frame, t)));
      for (let i = 1; i < tabsBeside.length; i++) expect(tabsBeside[i]!.x).toBeGreaterThanOrEqual(tabsBeside[i - 1]!.x + tabsBeside[i - 1]!.width - 1);
      expect(tabsBeside[4]!.x + tabsBeside[4]!.width).toBeLessThanOrEqual(narrowed.x + narrowed.width + 1);
      await page.screenshot({ path: join(SHOTS, `flame-focused-${size.name}.png`) });

      // The focus survives a filter toggle too: the same function, selected again in the new document.
      await page.getByRole('checkbox', { name: 'Node core' }).check();
      await expect.poll(() => iframe.getAttribute('data-swaps'), { timeout: 30_000 }).toBe('2');
      await frame.getByText('Callers', { exact: true }).waitFor({ timeout: 10_000 });
      expect(await chosenView(frame)).toBe('Sandwich');
      expect(await iframe.getAttribute('data-loads')).toBe('1');
      await page.close();
    });
  }

  it('had no console errors', () => {
    expect(suite.pageErrors()).toEqual([]);
  });
});
