// The I/O finding that saw no outbound HTTP to name ("the wait is elsewhere", or a wait it cannot see beside timers it
// names in passing) says nothing a finding that names the wait does not: the database's findings, and the threadpool's queue.
import type { FindingKind } from '../contract/diagnosis.js';
import { DATABASE_KINDS } from './analyse-database.js';
import { UNSEEN_TITLE } from './analyse-io.js';
import type { ScoredFinding } from './input.js';

const NAMED_WAITS: ReadonlySet<FindingKind> = new Set([...DATABASE_KINDS, 'threadpool-saturated']);

export function withoutUnexplainedIo(findings: ScoredFinding[]): void {
  if (!findings.some((f) => NAMED_WAITS.has(f.kind))) return;
  const at = findings.findIndex((f) => f.kind === 'io-bound' && (f.culprits.length === 0 || f.title === UNSEEN_TITLE));
  if (at >= 0) findings.splice(at, 1);
}
