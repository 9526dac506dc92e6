// A query that looks slow because the loop was late to read its answer. The probe times a query from the moment the
// app sends it to the moment the app takes its answer; a loop busy with other requests' work (a synchronous hash, a
// hot path) takes answers late, and every query then "takes" as long as the loop's backlog. The database server's
// CPU tells the two apart where it runs on this machine: a query slow by its plan keeps the server reading rows, one
// answered at once and read late leaves it idle. A row lock told by the server's idle CPU (row-lock.ts) is then no
// lock either; one told by the app's own quick reads of the same rows still is (they waited for the same loop). Pure.
import type { Evidence } from '../contract/diagnosis.js';
import type { DbSystem } from '../contract/metrics.js';
import { DB_SYSTEM_NAMES } from '../contract/request-time-words.js';
import { round } from '../numbers.js';
import { ms, pct } from './format.js';
import { DATABASE_CLIENTS, heaviestPackage, type PackageCost } from './package-cost.js';
import { READ_SHARE_OF_WRITE } from './row-lock.js';
import { thresholds as T } from './thresholds.js';

export interface LateAnswers {
  serverCpuMs: number;
  waitedMs: number;
  loopBusy: number;
}

/**
 * The query's waits were the loop's: the loop busier than the line above which it is a bottleneck of its own and
 * delays reading what the database sent (T.dbPoolLoopBusyMax, the pool rules' line), and the server worked under the
 * tenth of the waits that tells a row lock from a slow plan (row-lock.ts). Undefined where the server's CPU is
 * unknown (a remote database): the wait is then judged as it is.
 */
export function lateAnswers(waitedMs: number, serverCpuMs: number | undefined, loopBusy: number): LateAnswers | undefined {
  if (serverCpuMs === undefined || loopBusy < T.dbPoolLoopBusyMax) return undefined;
  return serverCpuMs < READ_SHARE_OF_WRITE * waitedMs ? { serverCpuMs, waitedMs, loopBusy } : undefined;
}

/**
 * The words; when the package the loop spent most in is a database client, the loop's work is reading the answers
 * themselves (a result of thousands of rows is cheap for the server and dear for the app).
 */
export function lateAnswersWords(late: LateAnswers, shape: string, system: DbSystem, perQuery: number, packages?: readonly PackageCost[]): string {
  const loopPackage = heaviestPackage(packages)?.name;
  const cause =
    loopPackage && DATABASE_CLIENTS.has(loopPackage)
      ? `The loop's work is mostly ${loopPackage} reading answers: a query that returns many rows (a whole table, no LIMIT) costs the app far more than the server. Ask for the page the answer needs.`
      : "The loop's own work is the cause (see its finding); the query is not slow by its plan.";
  return (
    `\`${shape}\` seems to take ${ms(perQuery)}, but the ${DB_SYSTEM_NAMES[system]} server on this machine worked ${ms(late.serverCpuMs)} of CPU in all against this query's ${ms(late.waitedMs)} of waiting, ` +
    `while the event loop was busy ${pct(late.loopBusy)} of the time: the server answered, and the answers waited for the loop to read them. ${cause}`
  );
}

export function lateAnswersEvidence(late: LateAnswers, perQuery: number): Evidence[] {
  return [
    { label: 'Wait per query, as the app saw it', value: round(perQuery, 2), unit: 'ms', series: 'io.wait' },
    { label: "The database server's CPU over the run (on this machine), against the query's waits", value: round(late.serverCpuMs), unit: 'ms', series: 'cpu', threshold: round(READ_SHARE_OF_WRITE * late.waitedMs) },
    { label: 'Event loop busy', value: round(100 * late.loopBusy, 1), unit: '%', series: 'elu', threshold: round(100 * T.dbPoolLoopBusyMax) },
  ];
}
