// The process tree of a multi-unit run, as the command line prints it: live while the run starts (which processes and
// threads the probe reached) and in the report (each unit's share of the requests and its own verdict).
import type { RunUnit } from '../contract/units.js';
import { UNIT_ROLE_NAMES, verdictWords } from '../contract/words.js';
import { printable } from './terminal.js';

export type TreeUnit = Pick<RunUnit, 'id' | 'pid' | 'threadId' | 'role' | 'parentId' | 'title'> & Partial<Pick<RunUnit, 'requestShare' | 'diagnosis' | 'goneAt' | 'main'>>;

function shortTitle(title: string): string {
  const parts = title.split(/[\\/]/);
  return printable(parts.length > 1 ? parts.slice(-1).join('/') : title).slice(0, 80);
}

function unitLine(u: TreeUnit, detailed: boolean): string {
  const who = u.threadId > 0 ? `thread ${u.threadId}` : `${u.pid}`;
  const bits = [`${who} ${UNIT_ROLE_NAMES[u.role]}`, shortTitle(u.title)];
  if (u.goneAt !== undefined) bits.push('(ended)');
  if (detailed && u.requestShare !== undefined && u.requestShare > 0) bits.push(`${Math.round(u.requestShare * 100)}% of requests`);
  if (detailed && u.diagnosis) bits.push(`→ ${verdictWords(u.diagnosis.verdict)}`);
  return bits.join('  ');
}

/** One line per unit, children indented under their parent (units whose parent is unknown start at the left). */
export function formatUnitTree(units: TreeUnit[], detailed = false): string[] {
  const ids = new Set(units.map((u) => u.id));
  const lines: string[] = [];
  const visit = (u: TreeUnit, depth: number) => {
    lines.push(`${'  '.repeat(depth)}${depth ? '└ ' : ''}${unitLine(u, detailed)}`);
    for (const child of units.filter((c) => c.parentId === u.id)) visit(child, depth + 1);
  };
  for (const root of units.filter((u) => !u.parentId || !ids.has(u.parentId))) visit(root, 0);
  return lines;
}
