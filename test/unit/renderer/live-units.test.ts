// The live charts of a multi-unit run: the engine's batcher bounds what each batch carries per unit and how many units
// it streams at all, lightened for the charts; the renderer overlays the units on one merged x axis (null where a unit
// had no window), names them as the Processes panel does, and falls back to the main process when a choice no longer
// names anything.
import { describe, expect, it } from 'vitest';
import type { LiveBatch, LiveUnitInfo, ProbeSample } from '../../../app/contract/index.js';
import { LiveBatcher, MAX_LIVE_UNITS } from '../../../app/engine/live-batcher.js';
import { liveUnitLabel, overlaidCharts, OVERLAY_MAX_UNITS, pickerUnits, validChoice } from '../../../renderer/src/lib/util/live-units.js';

function sample(ts: number, p99: number): ProbeSample {
  return {
    ts, windowMs: 250, delay: { min: 0, max: p99, mean: p99, stddev: 0, p50: p99, p90: p99, p99 }, elu: 0.5, cpu: { user: 0.4, system: 0.1 },
    memory: { rss: 1, heapTotal: 1, heapUsed: 2 * 1024 * 1024, external: 0, arrayBuffers: 0 }, handles: { TCPSocketWrap: 3 },
    gc: { count: 0, totalMs: 0, maxMs: 0, byKind: {} }, io: [{ site: 'x', count: 1, totalMs: 1, maxMs: 1 }], routes: [{ method: 'GET', route: '/', count: 1, totalMs: 1, maxMs: 1, syncMs: 1, syncMaxMs: 1, errors: 0 }],
  } as unknown as ProbeSample;
}

const unit = (id: string, extra: Partial<LiveUnitInfo> = {}): LiveUnitInfo => ({ id, pid: Number(id.split('.')[0]), threadId: Number(id.split('.')[1] ?? 0), role: id.includes('.') ? 'worker-thread' : 'cluster-worker', title: 'x', ...extra });

describe('the batcher\'s unit windows', () => {
  it('carries at most 3 windows of a unit per batch, without io, routes or listeners', () => {
    const batches: LiveBatch[] = [];
    const b = new LiveBatcher((x) => batches.push(x));
    for (let i = 0; i < 10; i++) b.unitSample('11', sample(i, 1));
    b.unitSample('12', sample(0, 1));
    b.flush();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.units!.filter((u) => u.unit === '11')).toHaveLength(3);
    expect(batches[0]!.units!.filter((u) => u.unit === '12')).toHaveLength(1);
    expect(batches[0]!.units!.every((u) => u.sample.io.length === 0 && u.sample.routes === undefined)).toBe(true);
    // The next batch counts afresh.
    b.unitSample('11', sample(11, 1));
    b.flush();
    expect(batches[1]!.units).toHaveLength(1);
  });

  it(`streams the first ${MAX_LIVE_UNITS} units of a run only`, () => {
    const batches: LiveBatch[] = [];
    const b = new LiveBatcher((x) => batches.push(x));
    for (let u = 0; u < MAX_LIVE_UNITS + 5; u++) b.unitSample(String(100 + u), sample(0, 1));
    b.flush();
    for (let u = 0; u < MAX_LIVE_UNITS + 5; u++) b.unitSample(String(100 + u), sample(1, 1));
    b.flush();
    for (const batch of batches) expect(new Set(batch.units!.map((x) => x.unit)).size).toBe(MAX_LIVE_UNITS);
    expect(batches[1]!.units!.some((x) => x.unit === String(100 + MAX_LIVE_UNITS))).toBe(false);
  });
});

describe('the live charts of several units', () => {
  it('overlays units on one merged x axis, with null where a unit had no window', () => {
    const origin = 1_000_000;
    const charts = overlaidCharts([
      { label: 'a', samples: [sample(origin + 250, 5), sample(origin + 500, 6)] },
      { label: 'b', samples: [sample(origin + 500, 9), sample(origin + 760, 8)] },
    ], origin);
    const delay = charts.find((c) => c.key === 'delay')!;
    expect(delay.series.map((s) => s.label)).toEqual(['a', 'b']);
    expect(delay.data[0]).toEqual([0.25, 0.5, 0.75]);
    expect(delay.data[1]).toEqual([5, 6, null]);
    expect(delay.data[2]).toEqual([null, 9, 8]);
    expect(charts.map((c) => c.key).sort()).toEqual(['cpu', 'delay', 'gc', 'handles', 'memory']);
  });

  it('names units as the Processes panel, the main one first, and falls back to it', () => {
    const units = [unit('20'), unit('10', { role: 'primary', main: true }), unit('20.1'), unit('21', { goneAt: 5 })];
    expect(pickerUnits(units).map((u) => u.id)).toEqual(['10', '20', '20.1', '21']);
    expect(liveUnitLabel(units[1]!)).toBe('10 · primary · listened');
    expect(liveUnitLabel(units[2]!)).toBe('Thread 1 · worker thread in 20');
    expect(liveUnitLabel(units[3]!)).toBe('21 · cluster worker · ended');
    expect(validChoice('20.1', units)).toBe('20.1');
    expect(validChoice('99', units)).toBe('main');
    expect(validChoice('10', units)).toBe('main');
    expect(validChoice('all', units)).toBe('all');
    const many = Array.from({ length: OVERLAY_MAX_UNITS + 1 }, (_, i) => unit(String(30 + i)));
    expect(validChoice('all', many)).toBe('main');
  });
});
