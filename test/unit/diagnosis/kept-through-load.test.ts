// Memory kept all through the load, from real sampling heap profiles captured at the end of 15 s checkups of the leak
// fixtures (test/fixtures/leaks): which app line keeps objects from the middle of the load's allocation order.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HEAP_MARKS } from '../../../app/contract/profile.js';
import { keptThroughLoad } from '../../../app/diagnosis/kept-through-load.js';

const profile = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../fixtures/profiles/kept-through-load/${name}.heapprofile`, import.meta.url), 'utf8'));

describe('keptThroughLoad', () => {
  it('a Map that keeps a record per request (0.06 MB/s) is kept all through the load, at the line that allocates it', () => {
    const [site, ...rest] = keptThroughLoad(profile('map-leak-006'));
    expect(rest).toEqual([]);
    expect(site).toMatchObject({ functionName: 'rememberRequest', line: 6, category: 'app' });
    expect(site!.url).toMatch(/map-leak-006\.cjs$/);
    expect(site!.middleSamples).toBeGreaterThanOrEqual(3);
    expect(site!.bytes).toBeGreaterThan(0);
  });

  it('a cache that filled before the load and stayed flat keeps nothing from the middle of the load', () => {
    expect(keptThroughLoad(profile('cache-fill-3mb'))).toEqual([]);
  });

  it('an LRU with churn keeps only its newest entries: survivors at the end of the load, not through it', () => {
    const p = profile('lru-churn') as { samples: { ordinal: number }[] };
    // The profile does hold many survivors of the LRU's line, all from the end.
    expect(p.samples.length).toBeGreaterThan(50);
    expect(keptThroughLoad(p)).toEqual([]);
  });

  it('the same leak seen only at its end (its middle survivors dropped) is not called steady', () => {
    const p = profile('map-leak-006') as { samples: { ordinal: number }[] };
    const max = Math.max(...p.samples.map((s) => s.ordinal));
    expect(keptThroughLoad({ ...p, samples: p.samples.filter((s) => s.ordinal > 0.5 * max) })).toEqual([]);
  });

  it('objects kept by code compiled at run time (no file) are counted at the app line that ran it', () => {
    const frame = (id: number, functionName: string, url: string, lineNumber: number, children: unknown[] = []) => ({ id, callFrame: { functionName, url, lineNumber, columnNumber: 4 }, selfSize: 0, children });
    // handler (app.js:12) -> a function a library generated with new Function (no URL), which keeps a record per request.
    const head = frame(1, '(root)', '', -1, [frame(2, 'handler', 'file:///srv/app.js', 11, [frame(3, '(anonymous)', '', 0)])]);
    const samples = [10, 30, 40, 55, 60, 70, 80, 100].map((ordinal) => ({ nodeId: 3, size: 32768, ordinal }));
    const [site, ...rest] = keptThroughLoad({ head, samples });
    expect(rest).toEqual([]);
    expect(site).toMatchObject({ functionName: 'handler', url: 'file:///srv/app.js', line: 12 });
  });

  it('a cache that filled in the first 12 s of a 30 s load keeps nothing through it, once the window end is marked', () => {
    // cache-levels-off.cjs: ~2,400 entries kept while new keys arrive, none after. Profile from a real 30 s checkup,
    // with the mark Checkup allocates as the window closes (capture.ts markHeapWindowEnd).
    const p = profile('cache-levels-off-30s') as { samples: { ordinal: number; nodeId: number }[] };
    expect(keptThroughLoad(p)).toEqual([]);
    // The end mark is the profile's last sample; the fill's survivors sit before the mark at half the window's time.
    const marked = new Set<number>();
    const walk = (n: { id: number; callFrame: { functionName: string }; children?: unknown[] }, under: boolean): void => {
      const inMark = under || n.callFrame.functionName === HEAP_MARKS.end;
      if (inMark) marked.add(n.id);
      for (const c of (n.children ?? []) as (typeof n)[]) walk(c, inMark);
    };
    walk((p as unknown as { head: Parameters<typeof walk>[0] }).head, false);
    const mark = p.samples.find((s) => marked.has(s.nodeId));
    expect(mark?.ordinal).toBe(Math.max(...p.samples.map((s) => s.ordinal)));
  });

  it('a Map leak over a 60 s load keeps as many objects from the second half of its middle as from the first', () => {
    const [site, ...rest] = keptThroughLoad(profile('map-leak-006-60s'));
    expect(rest).toEqual([]);
    expect(site).toMatchObject({ functionName: 'rememberRequest', line: 6 });
    expect(site!.early + site!.late).toBe(site!.middleSamples);
    expect(site!.middleSamples).toBeGreaterThanOrEqual(30);
    expect(site!.late / site!.early).toBeGreaterThan(0.6);
    expect(site!.late / site!.early).toBeLessThan(1 / 0.6);
  });

  it("survivors are split by the marks of the window's time, not by shares of its allocation order", () => {
    const frame = (id: number, functionName: string, url: string, lineNumber: number, children: unknown[] = []) => ({ id, callFrame: { functionName, url, lineNumber, columnNumber: 4 }, selfSize: 0, children });
    // The app allocated twice as much per second in the window's first half (warming up): half its time is at ordinal
    // 600 of 900. A leak's survivors, steady in time, are as many before that mark as after it.
    const marks = [frame(10, HEAP_MARKS.at15, '', 0), frame(11, HEAP_MARKS.at50, '', 0), frame(12, HEAP_MARKS.at85, '', 0), frame(13, HEAP_MARKS.end, '', 0)];
    const head = frame(1, '(root)', '', -1, [frame(2, 'remember', 'file:///srv/app.js', 4), frame(3, '(program)', '', -1, marks)]);
    const survivors = [200, 300, 400, 500, 650, 700, 750, 800].map((ordinal) => ({ nodeId: 2, size: 32768, ordinal }));
    const markSamples = [180, 600, 810, 900].map((ordinal, i) => ({ nodeId: 10 + i, size: 524304, ordinal }));
    const [site] = keptThroughLoad({ head, samples: [...survivors, ...markSamples] });
    expect(site).toMatchObject({ functionName: 'remember', early: 4, late: 4 });
  });

  it('no profile, or one without samples, keeps nothing', () => {
    expect(keptThroughLoad(undefined)).toEqual([]);
    expect(keptThroughLoad({ head: { id: 1, callFrame: { functionName: '', url: '', lineNumber: 0, columnNumber: 0 } }, samples: [] })).toEqual([]);
  });
});
