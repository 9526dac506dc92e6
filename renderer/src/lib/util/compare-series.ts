// Before and after on one chart: each session's measured window from its own start (x = seconds into the
// measurement), the before run in grey and the after run in colour. The two runs sample at different instants, so
// the x values are merged and each series leaves the other's instants empty (drawn across, see spanGaps).
import type { LoadTick, ProbeSample, SessionDetail } from '../../../../app/contract/index.js';
import type { ChartSpec } from './series.js';

export const BEFORE_COLOUR = '#94a3b8';
export const AFTER_COLOUR = '#2563eb';

type Point = [x: number, y: number | null];

const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;

/** The measured window's load seconds, as the engine cut it (the same the Diagnosis screen charts). */
function measuredTicks(d: SessionDetail): LoadTick[] {
  return d.measured.ticks;
}

/** The measured window's probe samples, as the engine cut it, with its start as the origin of x. */
function measuredSamples(d: SessionDetail): { samples: ProbeSample[]; origin: number } {
  return { samples: d.measured.samples, origin: d.measured.startAt ?? 0 };
}

/** Two point lists on one shared, sorted x axis (uPlot's aligned data). */
export function mergeSeries(before: Point[], after: Point[]): Array<Array<number | null>> {
  const xs = [...new Set([...before.map((p) => p[0]), ...after.map((p) => p[0])])].sort((a, b) => a - b);
  const column = (points: Point[]) => {
    const at = new Map(points.map((p) => [p[0], p[1]]));
    return xs.map((x) => (at.has(x) ? at.get(x)! : null));
  };
  return [xs, column(before), column(after)];
}

function median(points: Point[]): number | undefined {
  const v = points.map((p) => p[1]).filter((y): y is number => y !== null && y > 0).sort((a, b) => a - b);
  return v.length ? v[Math.floor(v.length / 2)] : undefined;
}

/** Beyond this factor between the runs' medians a linear axis flattens one run into its floor: use a log axis. */
const LOG_AXIS_FACTOR = 10;

function chart(key: string, title: string, unit: string, before: Point[], after: Point[]): ChartSpec {
  const mb = median(before);
  const ma = median(after);
  const log = mb !== undefined && ma !== undefined && Math.max(mb / ma, ma / mb) >= LOG_AXIS_FACTOR;
  // A log axis has no place for zero: such points are left out rather than drawn at the bottom edge.
  const positive = (points: Point[]): Point[] => (log ? points.map(([x, y]) => [x, y !== null && y > 0 ? y : null]) : points);
  before = positive(before);
  after = positive(after);
  return {
    key,
    title: log ? `${title} (log scale)` : title,
    unit,
    ...(log ? { logScale: true } : {}),
    series: [
      { label: 'before', color: BEFORE_COLOUR, width: 2, spanGaps: true },
      { label: 'after', color: AFTER_COLOUR, width: 2, spanGaps: true },
    ],
    data: mergeSeries(before, after),
  };
}

/** Requests/s, p99 latency and event-loop delay p99 of both sessions, overlaid. */
export function overlayCharts(before: SessionDetail, after: SessionDetail): ChartSpec[] {
  // A tick covers [second, second + 1): drawn at its end, like on the other screens.
  const rps = (d: SessionDetail): Point[] => measuredTicks(d).map((t) => [t.second + 1, t.requests]);
  const p99 = (d: SessionDetail): Point[] => measuredTicks(d).map((t) => [t.second + 1, t.requests ? t.latencyP99 : null]);
  const delay = (d: SessionDetail): Point[] => {
    const { samples, origin } = measuredSamples(d);
    return samples.map((s) => [round((s.ts - origin) / 1000), s.delay.p99]);
  };
  return [
    chart('cmp.rps', 'Requests per second', 'req/s', rps(before), rps(after)),
    chart('cmp.p99', 'Latency p99', 'ms', p99(before), p99(after)),
    chart('cmp.delay', 'Event-loop delay p99', 'ms', delay(before), delay(after)),
  ].filter((c) => (c.data[0]?.length ?? 0) > 0);
}
