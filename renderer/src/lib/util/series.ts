// Chart data from the engine's samples and ticks: one x axis in seconds from the start of the measured window
// (warm-up negative), columns in the units the evidence uses. Plain functions over arrays, cheap enough to rerun on
// every live batch (a few hundred points).
import type { Evidence, LoadTick, MeasuredWindow, ProbeSample, SeriesName } from '../../../../app/contract/index.js';

export interface SeriesSpec {
  label: string;
  color: string;
  width?: number;
  dash?: number[];
  /** Draw across missing points (two sessions overlaid on one x axis have values at different times). */
  spanGaps?: boolean;
}

export interface Threshold {
  value: number;
  label: string;
}

export interface Band {
  from: number;
  to: number;
}

export interface ChartSpec {
  key: string;
  title: string;
  unit: string;
  series: SeriesSpec[];
  /** uPlot's aligned data: x first, then one column per series. */
  data: Array<Array<number | null>>;
  thresholds?: Threshold[];
  bands?: Band[];
  /** A logarithmic y axis (values must be positive). */
  logScale?: boolean;
  /** A fixed x range in seconds (the live screen: every chart spans warm-up to the end of the load). */
  xRange?: [number, number];
  /** A live chart: its legend reads the newest values while the pointer is elsewhere. */
  live?: boolean;
}

export const COLORS = ['#2563eb', '#ea580c', '#7c3aed', '#0d9488', '#db2777', '#64748b', '#ca8a04'];

const MB = 1024 * 1024;
const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;

function probeChart(key: string, title: string, unit: string, samples: ProbeSample[], originMs: number, columns: Array<[SeriesSpec, (s: ProbeSample) => number | null]>): ChartSpec {
  return {
    key,
    title,
    unit,
    series: columns.map(([spec]) => spec),
    data: [samples.map((s) => round((s.ts - originMs) / 1000)), ...columns.map(([, get]) => samples.map(get))],
  };
}

function tickChart(key: string, title: string, unit: string, ticks: LoadTick[], columns: Array<[SeriesSpec, (t: LoadTick) => number | null]>): ChartSpec {
  // A tick covers [second, second + 1): drawn at its end, like a probe sample.
  return { key, title, unit, series: columns.map(([spec]) => spec), data: [ticks.map((t) => t.second + 1), ...columns.map(([, get]) => ticks.map(get))] };
}

/**
 * Answers with a 2xx status in a second, as the load generator counted them (autocannon's `requests` counts every
 * answer, 404s included); for sessions recorded before that count existed, requests less the non-2xx answers.
 */
export const servedPerSecond = (t: LoadTick): number => t.served ?? Math.max(0, t.requests - t.non2xx);
/** Requests that failed in a second: non-2xx answers, connection errors and timeouts. */
export const failedPerSecond = (t: LoadTick): number => t.non2xx + t.errors;

const total = (h: Record<string, number>) => Object.values(h).reduce((a, b) => a + b, 0);

/** The handle types worth a line of their own: the largest at any point, at most `n`. */
function topHandleTypes(samples: ProbeSample[], n: number): string[] {
  const peak = new Map<string, number>();
  for (const s of samples) for (const [type, count] of Object.entries(s.handles)) peak.set(type, Math.max(peak.get(type) ?? 0, count));
  return [...peak.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([type]) => type);
}

/** The followed listener arrays that grew most, at most `n`. */
function topListeners(samples: ProbeSample[], n: number): Array<{ id: number; emitter: string; event: string }> {
  const range = new Map<number, { id: number; emitter: string; event: string; min: number; max: number }>();
  for (const s of samples) {
    for (const l of s.listeners ?? []) {
      const r = range.get(l.id) ?? { id: l.id, emitter: l.emitter, event: l.event, min: l.count, max: l.count };
      r.min = Math.min(r.min, l.count);
      r.max = Math.max(r.max, l.count);
      range.set(l.id, r);
    }
  }
  return [...range.values()].sort((a, b) => b.max - b.min - (a.max - a.min)).slice(0, n);
}

/** The routes that took the most synchronous time, at most `n`, as "METHOD /route". */
function topRoutes(samples: ProbeSample[], n: number): string[] {
  const sync = new Map<string, number>();
  for (const s of samples) for (const r of s.routes ?? []) sync.set(`${r.method} ${r.route}`, (sync.get(`${r.method} ${r.route}`) ?? 0) + r.syncMs);
  return [...sync.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([key]) => key);
}

type Builder = (samples: ProbeSample[], ticks: LoadTick[], originMs: number) => ChartSpec;

/** Every chartable series, by the name the diagnosis uses for it. */
export const SERIES: Partial<Record<SeriesName, Builder>> = {
  'load.rps': (_s, ticks) =>
    tickChart('load.rps', 'Requests per second', 'req/s', ticks, [
      [{ label: 'served (2xx)', color: COLORS[0]! }, servedPerSecond],
      [{ label: 'failed', color: COLORS[4]! }, failedPerSecond],
    ]),
  'load.latencyP99': (_s, ticks) =>
    tickChart('load.latencyP99', 'Latency', 'ms', ticks, [
      [{ label: 'p50', color: COLORS[3]! }, (t) => (t.requests ? t.latencyP50 : null)],
      [{ label: 'p99', color: COLORS[1]! }, (t) => (t.requests ? t.latencyP99 : null)],
    ]),
  'load.errors': (_s, ticks) =>
    tickChart('load.errors', 'Failed requests per second', 'requests', ticks, [
      [{ label: 'errors', color: COLORS[1]! }, (t) => t.errors],
      [{ label: 'non-2xx', color: COLORS[2]! }, (t) => t.non2xx],
    ]),
  'delay.p99': (s, _t, o) =>
    probeChart('delay', 'Event-loop delay', 'ms', s, o, [
      [{ label: 'p99', color: COLORS[1]! }, (x) => x.delay.p99],
      [{ label: 'max', color: COLORS[2]!, dash: [4, 3] }, (x) => x.delay.max],
    ]),
  elu: (s, _t, o) => probeChart('elu', 'Event-loop utilisation', '%', s, o, [[{ label: 'busy', color: COLORS[0]! }, (x) => round(x.elu * 100, 1)]]),
  cpu: (s, _t, o) =>
    probeChart('cpu', 'CPU (% of one core)', '%', s, o, [
      [{ label: 'user + system', color: COLORS[0]! }, (x) => round((x.cpu.user + x.cpu.system) * 100, 1)],
      [{ label: 'system', color: COLORS[5]!, dash: [4, 3] }, (x) => round(x.cpu.system * 100, 1)],
    ]),
  'memory.heapUsed': (s, _t, o) =>
    probeChart('memory', 'Memory', 'MB', s, o, [
      [{ label: 'heap used', color: COLORS[2]! }, (x) => round(x.memory.heapUsed / MB, 1)],
      [{ label: 'rss', color: COLORS[5]! }, (x) => round(x.memory.rss / MB, 1)],
    ]),
  'gc.share': (s, _t, o) =>
    probeChart('gc', 'GC pauses (ms per window)', 'ms', s, o, [
      [{ label: 'total', color: COLORS[3]! }, (x) => round(x.gc.totalMs, 1)],
      [{ label: 'longest', color: COLORS[1]!, dash: [4, 3] }, (x) => round(x.gc.maxMs, 1)],
    ]),
  'io.wait': (s, _t, o) =>
    probeChart('io', 'Outbound call wait', 'ms', s, o, [
      [{ label: 'mean wait', color: COLORS[0]! }, (x) => {
        const count = x.io.reduce((a, io) => a + io.count, 0);
        return count ? round(x.io.reduce((a, io) => a + io.totalMs, 0) / count, 1) : null;
      }],
    ]),
  listeners: (s, _t, o) =>
    probeChart('listeners', 'Listeners on one emitter and event', 'listeners', s, o, topListeners(s, 3).map((l, i): [SeriesSpec, (x: ProbeSample) => number | null] => [
      { label: `${l.emitter} "${l.event}"`, color: COLORS[i]! },
      (x) => x.listeners?.find((e) => e.id === l.id)?.count ?? null,
    ])),
  routes: (s, _t, o) =>
    probeChart('routes', 'Synchronous time per request, by route', 'ms', s, o, topRoutes(s, 4).map((key, i): [SeriesSpec, (x: ProbeSample) => number | null] => [
      { label: key, color: COLORS[i]! },
      (x) => {
        const r = x.routes?.find((e) => `${e.method} ${e.route}` === key);
        return r && r.count ? round(r.syncMs / r.count, 2) : null;
      },
    ])),
  handles: (s, _t, o) =>
    probeChart('handles', 'Active handles', 'handles', s, o, [
      [{ label: 'total', color: COLORS[0]!, width: 2 }, (x) => total(x.handles)],
      ...topHandleTypes(s, 4).map((type, i): [SeriesSpec, (x: ProbeSample) => number | null] => [{ label: type, color: COLORS[i + 1]!, width: 1 }, (x) => x.handles[type] ?? 0]),
    ]),
};
SERIES['delay.max'] = SERIES['delay.p99'];
SERIES['memory.rss'] = SERIES['memory.heapUsed'];

/**
 * The charts for a finding's evidence: one per series (several evidence items often read the same one), each item's
 * threshold as a line when it is in the chart's unit and a level (memory thresholds are growth, not a level; the
 * GC chart is in ms but its threshold is a share), and its time span as a band.
 */
export function evidenceCharts(evidence: Evidence[], measured: MeasuredWindow): Array<{ chart: ChartSpec; items: Evidence[] }> {
  // Only the measured window, as the engine cut it: that is what the diagnosis judged, and warm-up's start-up spikes
  // would flatten the rest. x = 0 at its start.
  const { samples, ticks, startAt: originMs = 0 } = measured;
  const out = new Map<string, { chart: ChartSpec; items: Evidence[] }>();
  for (const item of evidence) {
    const build = SERIES[item.series];
    if (!build) continue;
    const chart = build(samples, ticks, originMs);
    if ((chart.data[0]?.length ?? 0) === 0) continue;
    const entry = out.get(chart.key) ?? { chart: { ...chart, thresholds: [], bands: [] }, items: [] };
    entry.items.push(item);
    const levelThreshold = !item.series.startsWith('memory.') && item.unit === chart.unit;
    if (item.threshold !== undefined && levelThreshold) entry.chart.thresholds!.push({ value: item.threshold, label: `${item.label}: threshold ${item.threshold} ${item.unit}` });
    if (item.fromMs !== undefined && item.toMs !== undefined && item.toMs >= item.fromMs) {
      const span = { from: item.fromMs / 1000, to: Math.max(item.toMs, item.fromMs + 250) / 1000 };
      entry.chart.bands!.push(...(item.threshold !== undefined && levelThreshold ? heldBands(chart, item.series === 'delay.max' ? 2 : 1, item.threshold, span) : [span]));
    }
    out.set(chart.key, entry);
  }
  return [...out.values()];
}

/**
 * Where a level held: within the evidence's span, the sample windows whose value reached the threshold (a window
 * drawn at x covers the time since the point before it), neighbours merged. A span that held only now and then is
 * shaded only then, not from its first window to its last.
 */
export function heldBands(chart: ChartSpec, column: number, threshold: number, span: Band): Band[] {
  const xs = (chart.data[0] ?? []) as number[];
  const ys = chart.data[column] ?? [];
  const out: Band[] = [];
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    const from = i > 0 ? xs[i - 1]! : Math.max(span.from, x - 0.25);
    const y = ys[i];
    if (y === null || y === undefined || y < threshold || x <= span.from || from >= span.to) continue;
    const band = { from: Math.max(from, span.from), to: Math.min(x, span.to) };
    const last = out[out.length - 1];
    if (last && last.to >= band.from) last.to = band.to;
    else out.push(band);
  }
  return out;
}

export interface LiveAxis {
  /** Epoch ms of x = 0: the start of the measured window. */
  originMs: number;
  warmupSec: number;
  durationSec: number;
}

/**
 * The live screen's charts, in reading order, on one x axis: from the start of the warm-up (or of the app, when it
 * was sampled earlier) to the end of the load, the same on every chart from the first sample on.
 */
export function liveCharts(samples: ProbeSample[], ticks: LoadTick[], axis: LiveAxis, instead: ChartSpec[] = []): ChartSpec[] {
  // Event-loop delay second: on a narrow window two charts fit beside each other above the fold, and it is the key one.
  const names: SeriesName[] = ['load.rps', 'delay.p99', 'load.latencyP99', 'cpu', 'memory.heapUsed', 'handles', 'gc.share'];
  // `instead`: charts drawn otherwise (several units overlaid, renderer/src/lib/util/live-units.ts), by key.
  const charts = names.map((n) => SERIES[n]!(samples, ticks, axis.originMs)).map((c) => instead.find((i) => i.key === c.key) ?? c);
  let min = -axis.warmupSec;
  let max = Math.max(1, axis.durationSec);
  for (const c of charts) {
    const xs = c.data[0] as number[];
    if (xs.length) {
      min = Math.min(min, xs[0]!);
      max = Math.max(max, xs[xs.length - 1]!);
    }
  }
  return charts.map((c) => ({ ...c, xRange: [Math.floor(min), Math.ceil(max)], live: true }));
}
