// The units of a multi-unit session (units.json) as the screens use them: in tree order with their depth, the unit
// whose profile holds a culprit (so a click opens the worker's flame, not the idle primary's), and their names.
import type { Culprit, RunUnit, UnitsFile } from '../../../../app/contract/index.js';
import { UNIT_ROLE_NAMES } from '../../../../app/contract/words.js';

export interface TreeRow {
  unit: RunUnit;
  depth: number;
}

/** Every unit under its parent, depth-first; a unit whose parent is unknown starts a tree of its own. */
export function treeRows(units: RunUnit[]): TreeRow[] {
  const ids = new Set(units.map((u) => u.id));
  const rows: TreeRow[] = [];
  const visit = (u: RunUnit, depth: number) => {
    rows.push({ unit: u, depth });
    for (const child of units.filter((c) => c.parentId === u.id)) visit(child, depth + 1);
  };
  for (const root of units.filter((u) => !u.parentId || !ids.has(u.parentId))) visit(root, 0);
  return rows;
}

export function unitName(u: Pick<RunUnit, 'pid' | 'threadId' | 'role'>): string {
  return u.threadId > 0 ? `Thread ${u.threadId} · ${UNIT_ROLE_NAMES[u.role]}` : `${u.pid} · ${UNIT_ROLE_NAMES[u.role]}`;
}

export function shortTitle(title: string): string {
  const parts = title.split(/[\\/]/);
  return parts.at(-1) || title;
}

/** The unit (not the main one) whose own verdict named this culprit and whose profile was saved; undefined: main. */
export function unitOfCulprit(units: UnitsFile | undefined, c: Pick<Culprit, 'functionName' | 'url' | 'line'>): RunUnit | undefined {
  if (!units) return undefined;
  const deciders = units.units.filter((u) => units.decidedBy.includes(u.id) && !u.main && u.cpuProfile);
  return deciders.find((u) => u.diagnosis?.culprits.some((x) => x.functionName === c.functionName && x.url === c.url && x.line === c.line)) ?? deciders.find((u) => u.diagnosis?.culprits.some((x) => x.url === c.url));
}

/** The units whose profiles the flame view can show: the main process first (the session's own profile). */
export function profiledUnits(units: UnitsFile | undefined): RunUnit[] {
  if (!units) return [];
  return treeRows(units.units).map((r) => r.unit).filter((u) => u.main || u.cpuProfile);
}

/** A short label for the flame view's picker: "Process 123 (cluster worker)", "Thread 2 (pool-worker.js)". */
export function pickerLabel(u: RunUnit): string {
  return u.threadId > 0 ? `Thread ${u.threadId} (${shortTitle(u.title)})` : `Process ${u.pid} (${UNIT_ROLE_NAMES[u.role]})`;
}
