// Before and after on one chart: the measured window only, x from each run's own start, both runs' instants merged
// with gaps where a run has no value, and a log axis when the runs differ by an order of magnitude.
import { describe, expect, it } from 'vitest';
import type { LoadTick, ProbeSample, SessionDetail } from '../../../app/contract/index.js';
import { cutMeasuredWindow } from '../../../app/contract/measured-window.js';
import { mergeSeries, overlayCharts } from '../../../renderer/src/lib/util/compare-series.js';
import { isBundleName } from '../../../renderer/src/lib/util/files.js';

function tick(second: number, requests: number, p99: number, phase: LoadTick['phase'] = 'measure'): LoadTick {
  return { second, phase, requests, bytes: 0, errors: 0, non2xx: 0, latencyP50: p99 / 2, latencyP99: p99, latencyMax: p99 * 2 };
}

function sample(ts: number, delayP99: number): ProbeSample {
  return { ts, windowMs: 250, delay: { p99: delayP99 } } as unknown as ProbeSample;
}

function detail(start: number, ticks: LoadTick[], samples: ProbeSample[]): SessionDetail {
  const timings = { startedAt: start - 5000, measureStartAt: start, measureEndAt: start + 3000 };
  const measured = cutMeasuredWindow(samples, ticks, timings.measureStartAt, timings.measureEndAt);
  return { dir: '/x', session: { timings } as SessionDetail['session'], samples, ticks, warnings: [], measured, profiles: { cpu: false, heap: false }, logTail: [] };
}

describe('overlaid charts', () => {
  it('merges both runs on one x axis, leaving each run’s missing instants empty', () => {
    expect(mergeSeries([[1, 10], [2, 20]], [[2, 200], [3, 300]])).toEqual([
      [1, 2, 3],
      [10, 20, null],
      [null, 200, 300],
    ]);
  });

  it('charts requests/s, p99 and loop delay of the measured windows, from each run’s own start', () => {
    const before = detail(1_000_000, [tick(-1, 5, 900, 'warmup'), tick(0, 40, 1000), tick(1, 50, 1100), tick(2, 45, 1000)], [sample(999_000, 999), sample(1_000_500, 200), sample(1_001_000, 210)]);
    const after = detail(5_000_000, [tick(0, 40, 900), tick(1, 52, 1000), tick(2, 47, 1050)], [sample(5_000_250, 3), sample(5_002_750, 2)]);
    const charts = overlayCharts(before, after);
    expect(charts.map((c) => c.key)).toEqual(['cmp.rps', 'cmp.p99', 'cmp.delay']);
    const [rps, p99, delay] = charts;
    // Warm-up left out; ticks drawn at the end of their second.
    expect(rps!.data).toEqual([
      [1, 2, 3],
      [40, 50, 45],
      [40, 52, 47],
    ]);
    expect(rps!.logScale).toBeUndefined();
    expect(p99!.logScale).toBeUndefined();
    // Loop delay: 200 ms against 3 ms, a log axis; the sample before the window is gone.
    expect(delay!.logScale).toBe(true);
    expect(delay!.title).toMatch(/log scale/);
    expect(delay!.data).toEqual([
      [0.25, 0.5, 1, 2.75],
      [null, 200, 210, null],
      [3, null, null, 2],
    ]);
    expect(delay!.series.map((s) => s.label)).toEqual(['before', 'after']);
  });

  it('drops zeros from a log axis rather than drawing them at its floor', () => {
    const before = detail(0, [tick(0, 40, 1000), tick(1, 0, 0)], []);
    const after = detail(0, [tick(0, 14000, 4), tick(1, 15000, 3)], []);
    const [rps] = overlayCharts(before, after);
    expect(rps!.logScale).toBe(true);
    expect(rps!.data[1]).toEqual([40, null]);
  });
});

describe('files handed to the window', () => {
  it('imports .checkup bundles and opens everything else as a profile', () => {
    expect(isBundleName('20260101-x.checkup')).toBe(true);
    expect(isBundleName('RUN.CHECKUP')).toBe(true);
    expect(isBundleName('a.cpuprofile')).toBe(false);
    expect(isBundleName('checkup')).toBe(false);
    expect(isBundleName('a.checkup.json')).toBe(false);
  });
});
