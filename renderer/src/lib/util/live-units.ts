// The live charts of a multi-unit run: which unit's probe windows they draw (the main process by default,
// another process or thread, or all of them overlaid when they are few), with each unit named as the Processes and
// threads panel names it. The load's charts (requests/s, latency) are the load generator's and stay as they are.
import type { LiveUnitInfo, ProbeSample, UnitId } from '../../../../app/contract/index.js';
import { COLORS, type ChartSpec, type SeriesSpec } from './series.js';
import { unitName } from './units.js';

/** 'main': the process that listened (the session's own samples); 'all': every unit overlaid; or one unit's id. */
export type LiveUnitChoice = 'main' | 'all' | UnitId;

/** Overlaid lines stay readable up to this many units (one colour each); beyond, the picker shows one at a time. */
export const OVERLAY_MAX_UNITS = 6;

/** As the Processes and threads panel names it; a thread says its process (the panel shows it by indenting). */
export function liveUnitLabel(u: LiveUnitInfo): string {
  return `${unitName(u)}${u.threadId > 0 ? ` in ${u.pid}` : ''}${u.main ? ' · listened' : ''}${u.goneAt !== undefined ? ' · ended' : ''}`;
}

/** The units in the picker: the main one first, then the others in the order they were reached. */
export function pickerUnits(units: LiveUnitInfo[]): LiveUnitInfo[] {
  return [...units.filter((u) => u.main), ...units.filter((u) => !u.main)];
}

export function canOverlay(units: LiveUnitInfo[]): boolean {
  return units.length > 1 && units.length <= OVERLAY_MAX_UNITS;
}

/** A choice that still names something (a unit gone from the list, or 'all' once there are too many, falls back). */
export function validChoice(choice: LiveUnitChoice, units: LiveUnitInfo[]): LiveUnitChoice {
  if (choice === 'main') return choice;
  if (choice === 'all') return canOverlay(units) ? choice : 'main';
  return units.some((u) => u.id === choice && !u.main) ? choice : 'main';
}

type Metric = (s: ProbeSample) => number | null;
const round = (v: number, d = 1) => Math.round(v * 10 ** d) / 10 ** d;
const handlesTotal = (s: ProbeSample) => Object.values(s.handles).reduce((a, b) => a + b, 0);

/** One line per unit on each of the probe's charts: its headline figure (the one the single-unit chart draws first). */
const OVERLAID: Array<{ key: string; title: string; unit: string; metric: Metric }> = [
  { key: 'delay', title: 'Event-loop delay p99, per unit', unit: 'ms', metric: (s) => s.delay.p99 },
  { key: 'cpu', title: 'CPU (% of one core), per unit', unit: '%', metric: (s) => round((s.cpu.user + s.cpu.system) * 100) },
  { key: 'memory', title: 'Heap used, per unit', unit: 'MB', metric: (s) => round(s.memory.heapUsed / (1024 * 1024)) },
  { key: 'handles', title: 'Active handles, per unit', unit: 'handles', metric: handlesTotal },
  { key: 'gc', title: 'GC pauses (ms per window), per unit', unit: 'ms', metric: (s) => round(s.gc.totalMs) },
];

/**
 * Every unit's windows on one x axis: uPlot wants one x column, so the units' window ends are merged (to 0.05 s) and a
 * unit has null where it had no window there; its line spans those gaps.
 */
export function overlaidCharts(units: Array<{ label: string; samples: ProbeSample[] }>, originMs: number): ChartSpec[] {
  const at = (s: ProbeSample) => Math.round((s.ts - originMs) / 50) / 20;
  const xs = [...new Set(units.flatMap((u) => u.samples.map(at)))].sort((a, b) => a - b);
  const index = new Map(xs.map((x, i) => [x, i]));
  return OVERLAID.map(({ key, title, unit, metric }) => {
    const series: SeriesSpec[] = units.map((u, i) => ({ label: u.label, color: COLORS[i % COLORS.length]!, spanGaps: true }));
    const columns = units.map((u) => {
      const column: Array<number | null> = xs.map(() => null);
      for (const s of u.samples) column[index.get(at(s))!] = metric(s);
      return column;
    });
    return { key, title, unit, series, data: [xs, ...columns] };
  });
}
