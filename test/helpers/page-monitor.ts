// Watching a page's main thread from inside it: gaps between animation frames and long tasks (> 50 ms). The code runs
// in the page, so it is sent as source (test files are type-checked without the DOM library).
import type { Page } from 'playwright-core';

const INSTALL = `(() => {
  window.__monitor = { gaps: [], long: [] };
  new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__monitor.long.push(e.duration))).observe({ type: 'longtask' });
  let last = performance.now();
  const frame = (now) => { window.__monitor.gaps.push(now - last); last = now; requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})()`;

export interface MainThreadReport {
  /** ms between consecutive animation frames. */
  gaps: number[];
  /** Durations of long tasks, ms. */
  long: number[];
}

export async function monitorMainThread(page: Page): Promise<() => Promise<MainThreadReport>> {
  await page.evaluate(INSTALL);
  return () => page.evaluate<MainThreadReport>('window.__monitor');
}
