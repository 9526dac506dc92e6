// A write that waits for a row lock, told from a slow plan by the app's own reads: a write finds its rows the way a
// read with the same filter does, so when the same table read by the same filter answers many times faster than the
// write, the write's time is not its plan but the wait for rows other transactions hold (a counter row every request
// updates, a hot account, SELECT ... FOR UPDATE on one stock row). Shapes have their values removed (query-shape.cjs),
// so "the same filter" is the same WHERE text.
import type { Culprit, Evidence } from '../contract/diagnosis.js';
import type { DbSystem } from '../contract/metrics.js';
import { DB_SYSTEM_NAMES } from '../contract/request-time-words.js';
import { round } from '../numbers.js';
import { ms, named, pct } from './format.js';
import { thresholds as T } from './thresholds.js';

/** What the doctor needs of a query shape here. */
export interface ShapeTimes {
  shape: string;
  count: number;
  totalMs: number;
}

export interface LockWait {
  table: string;
  where: string;
  /** The read of the same rows and its mean time, ms (told by the app's own reads). */
  read?: ShapeTimes;
  readMs?: number;
  /** The database server's CPU over the window against the writes' waits, both ms (told by the server's own CPU). */
  server?: { cpuMs: number; writesMs: number };
  /** A lock the app takes itself by a call that waits for it (pg_advisory_xact_lock, GET_LOCK): told by the query. */
  explicit?: string;
}

/**
 * A read of the same rows must answer in under this share of the write's time for the write's time to be called a
 * wait: a write of rows found by an index costs about what reading them costs (both well under a millisecond on an
 * indexed key), so a write ten times slower than its own rows' read is waiting, not working.
 */
export const READ_SHARE_OF_WRITE = 0.1;

const WRITE = /^\s*(?:UPDATE\s+`?"?([\w.]+)|DELETE\s+FROM\s+`?"?([\w.]+)|SELECT\b.*?\bFROM\s+`?"?([\w.]+)[\s\S]*\bFOR\s+(?:UPDATE|NO\s+KEY\s+UPDATE|SHARE)\b)/i;
const READ = /^\s*SELECT\b[\s\S]*?\bFROM\s+`?"?([\w.]+)/i;
/** Calls that wait until the lock they ask for is free (the try_ variants return at once, so they are not here). */
const EXPLICIT_LOCK = /\b(pg_advisory_xact_lock(?:_shared)?|pg_advisory_lock(?:_shared)?|get_lock)\s*\(/i;

/** The WHERE clause's text, up to what ends it (ORDER BY, LIMIT, FOR UPDATE, RETURNING). */
function whereOf(shape: string): string | undefined {
  const m = /\bWHERE\b([\s\S]*?)(?:\bORDER\s+BY\b|\bLIMIT\b|\bFOR\s+(?:UPDATE|NO\s+KEY|SHARE)\b|\bRETURNING\b|;|$)/i.exec(shape);
  return m ? m[1]!.replace(/[`"]/g, '').replace(/\s+/g, ' ').trim() : undefined;
}

/**
 * The lock the slow write waits for, when the app reads the same rows much faster, or when the database server (on
 * this machine, its CPU over the window read: serverCpuMs) worked under the same tenth of the time the writes spent
 * waiting: a write slow by its plan keeps the server busy reading rows, one waiting for a lock keeps it idle (a wait
 * for the disk happens at COMMIT, a statement of its own). Undefined otherwise.
 */
export function lockWait(write: ShapeTimes, all: readonly ShapeTimes[], serverCpuMs?: number): LockWait | undefined {
  // A slow call whose whole purpose is to wait for a lock is that wait, whatever the server's CPU.
  const call = EXPLICIT_LOCK.exec(write.shape);
  if (call) return { table: '', where: '', explicit: call[1]! };
  const w = WRITE.exec(write.shape);
  if (!w) return undefined;
  const table = (w[1] ?? w[2] ?? w[3])!.toLowerCase();
  const where = whereOf(write.shape);
  if (!where) return undefined;
  const writeMs = write.totalMs / Math.max(1, write.count);
  for (const other of all) {
    if (other === write || WRITE.test(other.shape)) continue;
    const r = READ.exec(other.shape);
    if (!r || r[1]!.toLowerCase() !== table || whereOf(other.shape) !== where) continue;
    const readMs = other.totalMs / Math.max(1, other.count);
    if (other.count >= 3 && readMs < READ_SHARE_OF_WRITE * writeMs) return { table, where, read: other, readMs };
  }
  if (serverCpuMs !== undefined && write.count >= 3 && serverCpuMs < READ_SHARE_OF_WRITE * write.totalMs) return { table, where, server: { cpuMs: serverCpuMs, writesMs: write.totalMs } };
  return undefined;
}

/** The finding's words: the write, the read it was compared with, and what helps. */
/** The finding's title: a lock the app takes itself, or one its writes wait for on rows. */
export function lockTitle(lock: LockWait): string {
  return lock.explicit ? 'Requests wait for a lock the app takes' : 'Requests wait for a row lock';
}

export function lockExplanation(lock: LockWait, write: ShapeTimes & { system: DbSystem; sites: Array<{ maxMs: number }> }, perQuery: number, share: number, top: Culprit): string {
  if (lock.explicit)
    return (
      `\`${write.shape}\` takes ${ms(perQuery)} on average on ${DB_SYSTEM_NAMES[write.system]} (the slowest ${ms(Math.max(...write.sites.map((s) => s.maxMs)))}), ${pct(share)} of a request's time, run from ${named(top)}: ` +
      `the app takes a lock of its own (${lock.explicit}) and each request waits its turn while another request's transaction holds it, so the time is that wait, not a query's plan. ` +
      'Hold the lock for less time (take it just before the work it protects, commit soon after, make no other call while it is held), or lock finer (one lock per key or row instead of one for many), or let the database make the number (a sequence).'
    );
  return (
    `\`${write.shape}\` takes ${ms(perQuery)} on average on ${DB_SYSTEM_NAMES[write.system]} (the slowest ${ms(Math.max(...write.sites.map((s) => s.maxMs)))}), ${pct(share)} of a request's time, run from ${named(top)}, ` +
    (lock.server
      ? `while the ${DB_SYSTEM_NAMES[write.system]} server on this machine worked ${ms(lock.server.cpuMs)} of CPU in all against the writes' ${ms(lock.server.writesMs)} of waiting: the write waits, it does not work, so its time is the wait for a lock `
      : `while the app reads the same rows of ${lock.table} (WHERE ${lock.where}) in ${ms(lock.readMs!)}: the write finds its rows as fast, so its time is the wait for a lock `) +
    "other requests' transactions hold on them, not its plan. Concurrent requests take turns on the same rows: hold the lock for less time (write those rows last, just before COMMIT, and make no other call while it is held), or stop every request writing one row (a sequence or AUTO_INCREMENT for numbers, a counter split in parts)."
  );
}

export function lockEvidence(lock: LockWait, p50: number, perQuery: number, share: number): Evidence[] {
  return [
    { label: 'Latency p50', value: p50, unit: 'ms', series: 'load.latencyP99' },
    { label: lock.explicit ? `Wait per ${lock.explicit} call` : 'Wait per write', value: round(perQuery, 2), unit: 'ms', series: 'io.wait', threshold: T.dbSlowQueryMs },
    ...(lock.explicit
      ? []
      : lock.server
      ? [{ label: "The database server's CPU over the run (on this machine), against the writes' waits", value: round(lock.server.cpuMs), unit: 'ms', series: 'cpu' as const, threshold: round(READ_SHARE_OF_WRITE * lock.server.writesMs) }]
      : [{ label: `Read of the same rows (${lock.table})`, value: round(lock.readMs!, 2), unit: 'ms', series: 'io.wait' as const }]),
    { label: lock.explicit ? "Of a request's time, waiting for the lock" : "Of a request's time, waiting on this write", value: round(100 * share), unit: '%', series: 'io.wait', threshold: round(100 * T.dbSlowShareOfLatency) },
  ];
}
