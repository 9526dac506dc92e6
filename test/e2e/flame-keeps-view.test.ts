// The flame screen keeps what the user did in speedscope across a filter toggle (issue 14, item 3): the zoom and the
// selected frame in Time Order and Left Heavy, and the function chosen in Sandwich, in real Chromium through browser
// mode at 1440x900 and 1024x700. The user zooms and selects with the mouse as anyone would; what speedscope then
// holds is read from its own rendered components (Preact keeps their props on its virtual nodes), before and after.
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';
import { browserSuite, SCREEN_SIZES } from '../helpers/browser-suite.js';
import { openInFlameView, SHOTS } from './page-tools.js';

const PROFILE = join(rootDir, 'test', 'fixtures', 'profiles', 'node', '20.20', 'cpu-prof.cpuprofile');
const suite = browserSuite('keeps');

interface SeenView {
  x?: number;
  width?: number;
  total?: number;
  selected?: string;
  file?: string;
  sandwich?: string;
}

/** speedscope's own state, read from its components' props: the viewport of its flame chart, the selected node, the Sandwich function. */
const seen = (frame: Frame) =>
  frame.evaluate(`(() => {
    const roots = [];
    const visit = (el, d) => { if (el.__k) roots.push(el.__k); if (d < 3) for (const c of el.children) visit(c, d + 1); };
    visit(document.body, 0);
    const find = (keys) => { const stack = [...roots]; while (stack.length) { const v = stack.pop(); if (v.props && typeof v.props === 'object' && keys.every((k) => k in v.props)) return v.props; for (const c of v.__k || []) if (c) stack.push(c); } };
    const chart = find(['flamechart', 'configSpaceViewportRect', 'selectedNode']);
    const table = find(['profile', 'selectedFrame', 'setSelectedFrame']);
    const out = {};
    if (chart) { out.x = chart.configSpaceViewportRect.origin.x; out.width = chart.configSpaceViewportRect.size.x; out.total = chart.flamechart.getTotalWeight(); if (chart.selectedNode) { out.selected = chart.selectedNode.frame.name; out.file = chart.selectedNode.frame.file || ''; } }
    if (table && table.selectedFrame) out.sandwich = table.selectedFrame.name;
    return out;
  })()`) as Promise<SeenView>;

describe('the flame screen keeps zoom and selection across filter toggles', () => {
  for (const size of SCREEN_SIZES) {
    it(`in Time Order, Left Heavy and Sandwich at ${size.width}x${size.height}`, { timeout: 120_000 }, async () => {
      const page = await suite.newPage(size);
      await page.goto(suite.serve.url);
      const { iframe, frame } = await openInFlameView(page, suite.browser, PROFILE);
      const box = (await iframe.boundingBox())!;
      let swaps = 0;
      const toggle = async (name: string) => {
        await page.getByRole('checkbox', { name }).click();
        swaps++;
        await expect.poll(() => iframe.getAttribute('data-swaps'), { timeout: 30_000 }).toBe(String(swaps));
        await expect.poll(() => iframe.getAttribute('data-restores'), { timeout: 30_000 }).toBe(String(swaps));
      };

      for (const view of ['Time Order', 'Left Heavy']) {
        await frame.getByText(view).click();
        // The view's chart lays itself out after the switch: wait until it reports a viewport.
        await expect.poll(async () => (await seen(frame)).width ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
        const whole = await seen(frame);
        // Zoom in with the wheel over the middle of the chart (ctrl+wheel: speedscope's zoom), then click a frame.
        const cx = box.x + box.width / 2;
        const cy = box.y + box.height * 0.35;
        await page.mouse.move(cx, cy);
        for (let i = 0; i < 6; i++) {
          await page.keyboard.down('Control');
          await page.mouse.wheel(0, -200);
          await page.keyboard.up('Control');
          await page.waitForTimeout(50);
        }
        await expect.poll(async () => (await seen(frame)).width ?? Infinity).toBeLessThan(whole.width! * 0.8);
        // One of the app's own frames under the pointer (Node core's are about to be hidden): down from the top of
        // the chart, below the toolbar and minimap, until one is hit.
        const ownFrame = (v: SeenView) => Boolean(v.selected && v.file && !v.file.startsWith('node:') && !v.selected.startsWith('('));
        for (let y = box.y + 40; y < box.y + box.height - 20 && !ownFrame(await seen(frame)); y += 16) {
          await page.mouse.click(cx, y);
          await page.waitForTimeout(50);
        }
        expect(ownFrame(await seen(frame))).toBe(true);
        const before = await seen(frame);

        await toggle('Node core');
        const after = await seen(frame);
        expect(after.width!).toBeCloseTo(before.width!, 3);
        expect(after.x!).toBeCloseTo(before.x!, 3);
        expect(after.selected).toBe(before.selected);
        expect(after.file).toBe(before.file);
        await page.screenshot({ path: join(SHOTS, `flame-kept-${view.replace(' ', '-').toLowerCase()}-${size.name}.png`) });
      }

      // Sandwich: a function chosen in its table stays chosen.
      await frame.getByText('Sandwich').click();
      await frame.locator('td[title]').filter({ hasText: 'buildStrings' }).first().click();
      await expect.poll(async () => (await seen(frame)).sandwich).toBe('buildStrings');
      await toggle('Dependencies');
      expect((await seen(frame)).sandwich).toBe('buildStrings');
      await frame.getByText('Callers', { exact: true }).waitFor({ timeout: 10_000 });
      expect(await iframe.getAttribute('data-loads')).toBe('1');
      await page.close();
    });
  }

  it('had no console errors', () => {
    expect(suite.pageErrors()).toEqual([]);
  });
});
