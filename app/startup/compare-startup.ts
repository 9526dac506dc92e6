// Two start-up sessions: time to ready with the comparisons' significance test (each timed start is an independent
// run, so the test's unit is the start, as for repeated runs), and the modules and packages whose inclusive time
// changed most. Pure.
import type { FigureComparison } from '../contract/compare.js';
import type { StartupDetail, StartupModuleDelta, StartupResult } from '../contract/startup.js';
import { welch } from '../compare/figures.js';
import { judge } from '../compare/significance.js';
import { REPEATED_MIN_EFFECT } from '../compare/thresholds.js';
import { CheckupError } from '../errors.js';

/** Changes smaller than this (ms) are not listed among the module and package deltas. */
const MIN_LISTED_DELTA_MS = 0.5;
const LISTED = 30;

function readyComparison(a: StartupResult, b: StartupResult): FigureComparison {
  const before = a.runs.filter((r) => r.purpose === 'timed').map((r) => r.readyMs);
  const after = b.runs.filter((r) => r.purpose === 'timed').map((r) => r.readyMs);
  const ratio = b.readyMs.median / a.readyMs.median;
  const w = before.length >= 2 && after.length >= 2 ? welch(before, after) : undefined;
  const test = w
    ? { method: `Welch t-test${w.scale} on ${before.length} vs ${after.length} timed starts`, p: w.p, ...(w.ci ? { ci: w.ci } : {}), n: [before.length, after.length] as [number, number], minimumEffect: REPEATED_MIN_EFFECT }
    : { verdict: 'too-few-values' as const, values: 'timed starts', n: [before.length, after.length] as [number, number] };
  const { significant, judgement } = judge({ before: a.readyMs.median, after: b.readyMs.median, ratio, unit: 'ms' }, test);
  const untested = 'verdict' in test;
  return {
    key: 'readyMs',
    label: 'Time to ready (median)',
    unit: 'ms',
    before: a.readyMs.median,
    after: b.readyMs.median,
    ratio,
    changePercent: (ratio - 1) * 100,
    better: 'lower',
    ...(untested ? {} : { test }),
    significant,
    outcome: untested ? 'untested' : !significant ? 'unchanged' : ratio < 1 ? 'improved' : 'regressed',
    judgement,
  };
}

function deltas(before: Array<{ key: string; package: string; totalMs: number }>, after: Array<{ key: string; package: string; totalMs: number }>): StartupModuleDelta[] {
  const rows = new Map<string, StartupModuleDelta>();
  for (const m of before) rows.set(m.key, { id: m.key, package: m.package, beforeMs: m.totalMs, afterMs: 0, deltaMs: -m.totalMs });
  for (const m of after) {
    const row = rows.get(m.key) ?? { id: m.key, package: m.package, beforeMs: 0, afterMs: 0, deltaMs: 0 };
    row.afterMs = m.totalMs;
    row.deltaMs = row.afterMs - row.beforeMs;
    rows.set(m.key, row);
  }
  return [...rows.values()].filter((r) => Math.abs(r.deltaMs) >= MIN_LISTED_DELTA_MS).sort((x, y) => Math.abs(y.deltaMs) - Math.abs(x.deltaMs)).slice(0, LISTED);
}

export function compareStartupSessions(before: StartupDetail, after: StartupDetail): import('../contract/startup.js').StartupComparison {
  const [a, b] = [before.startup, after.startup];
  if (!a || !b) throw new CheckupError('CHK_COMPARE_MISMATCH', { detail: `${(a ? after : before).name} (${(a ? after : before).id}) did not finish: it has no start-up figures` });
  return {
    before: { id: before.id, name: before.name, createdAt: before.createdAt },
    after: { id: after.id, name: after.name, createdAt: after.createdAt },
    readyMs: readyComparison(a, b),
    modules: deltas(a.modules.map((m) => ({ key: m.id, package: m.package, totalMs: m.totalMs })), b.modules.map((m) => ({ key: m.id, package: m.package, totalMs: m.totalMs }))),
    packages: deltas(a.packages.map((p) => ({ key: p.name, package: p.name, totalMs: p.totalMs })), b.packages.map((p) => ({ key: p.name, package: p.name, totalMs: p.totalMs }))),
  };
}
