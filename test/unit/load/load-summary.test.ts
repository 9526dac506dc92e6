import { describe, expect, it } from 'vitest';
import type { AggregatedResult } from '../../../app/load/autocannon.js';
import { percentile, seriesStats, summarizeLoad } from '../../../app/load/load-summary.js';

function emptyHistogram() {
  return { average: 0, mean: 0, stddev: 0, min: 0, max: 0, total: 0, p50: 0, p90: 0, p97_5: 0, p99: 0 };
}

function aggregated(): AggregatedResult {
  return {
    url: 'http://127.0.0.1:1/',
    latency: { ...emptyHistogram(), mean: 3, average: 3, stddev: 1, min: 1, max: 9, p50: 3, p90: 5, p97_5: 7, p99: 8, totalCount: 60 },
    requests: { ...emptyHistogram(), sent: 70 },
    throughput: emptyHistogram(),
    errors: 2,
    timeouts: 1,
    non2xx: 5,
    statusCodeStats: { '200': { count: 55 }, '503': { count: 5 } },
    duration: 3,
    start: new Date(0),
    finish: new Date(3000),
  };
}

describe('seriesStats and percentile', () => {
  it('match a hand computation', () => {
    const s = seriesStats([10, 20, 30, 40]);
    expect(s.mean).toBe(25);
    expect(s.stddev).toBeCloseTo(Math.sqrt((225 + 25 + 25 + 225) / 4), 10);
    expect([s.min, s.max]).toEqual([10, 40]);
    expect(seriesStats([])).toEqual({ mean: 0, stddev: 0, min: 0, max: 0 });
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99)).toBe(10);
    expect(percentile([], 50)).toBe(0);
  });
});

describe('summarizeLoad', () => {
  it('derives rates from the measured window and rebuilds the per-second histograms in raw', () => {
    const result = summarizeLoad({
      raw: aggregated(),
      totalCompletedRequests: 60,
      totalBytes: 6000,
      requestsSeries: [10, 20, 30],
      bytesSeries: [1000, 2000, 3000],
      window: { startMs: 1000, endMs: 3500 },
      connections: 4,
      pipelining: 1,
    });
    expect(result.durationSec).toBe(2.5);
    expect(result.requestsPerSecond).toBe(24);
    expect(result.throughputBytesPerSec).toBe(2400);
    expect(result.requestsPerSecondSeries).toEqual([10, 20, 30]);
    expect(result.requestsPerSecondStats).toMatchObject({ mean: 20, min: 10, max: 30 });
    expect(result.statusCodes).toEqual({ '200': 55, '503': 5 });
    expect([result.errors, result.timeouts, result.non2xx]).toEqual([2, 1, 5]);
    // Without our own histogram, autocannon's latency is used as is.
    expect(result.latency).toEqual({ mean: 3, stddev: 1, min: 1, p50: 3, p90: 5, p97_5: 7, p99: 8, max: 9 });
    const raw = result.raw as AggregatedResult;
    expect(raw.requests).toMatchObject({ mean: 20, average: 20, total: 60, min: 10, max: 30, sent: 70 });
    expect(raw.throughput).toMatchObject({ mean: 2000, total: 6000 });
  });

  it('prefers the finer latency summary when the worker kept one', () => {
    const latency = { mean: 0.4, stddev: 0.1, min: 0.1, p50: 0.4, p90: 0.6, p97_5: 0.8, p99: 0.9, max: 2 };
    const result = summarizeLoad({
      raw: aggregated(), latency, totalCompletedRequests: 1, totalBytes: 1, requestsSeries: [], bytesSeries: [],
      window: { startMs: 0, endMs: 0 }, connections: 1, pipelining: 1,
    });
    expect(result.latency).toEqual(latency);
    expect(result.requestsPerSecond).toBe(0);
  });
});
