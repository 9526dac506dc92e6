// The database server's own CPU, where it runs on this machine (app/engine/database-servers.ts read it over the
// measured window). Seen from the app a query is a wait, however it is spent: a table read row by row to return two
// (a missing index, a count over a growing table) keeps the server's CPU busy, and on a small machine it takes the
// CPU the app itself waits for, so the app's loop reads busy although its own work is light. When the server spends
// at least as much CPU per request as the app's main thread does on its own work, the database is where the work is
// done: said as such, with the figures, rather than judged on the app's loop alone. Pure.
import type { Evidence } from '../contract/diagnosis.js';
import type { DbSystem } from '../contract/metrics.js';
import { DB_SYSTEM_NAMES } from '../contract/request-time-words.js';
import { ms, pct } from './format.js';
import type { DiagnosisInput } from './input.js';
import { loopOwnWork } from './loop-busy.js';
import { requestCost } from './request-cost.js';
import { round } from '../numbers.js';

export interface ServerWork {
  /** The servers' CPU per completed request, ms. */
  serverMsPerRequest: number;
  /** The app's main thread's own CPU per request, ms (loopOwnWork). */
  appMsPerRequest: number;
  cores: number;
  names: string;
}

/** The database servers' CPU against the app's own, per request; undefined where no server's CPU was read. */
export function serverWork(input: DiagnosisInput, requests: number): ServerWork | undefined {
  const servers = input.databaseServers ?? [];
  if (!servers.length || requests <= 0) return undefined;
  const cost = requestCost(input);
  const cores = servers.reduce((n, s) => n + s.cores, 0);
  return {
    serverMsPerRequest: (cores * cost.wallMs) / requests,
    appMsPerRequest: (loopOwnWork(input).share * cost.wallMs) / requests,
    cores,
    names: [...new Set(servers.map((s) => DB_SYSTEM_NAMES[s.system]))].join(' and '),
  };
}

/** One system's servers' CPU over the measured window, ms; undefined where none was read. */
export function serverCpuMs(input: DiagnosisInput, system: DbSystem): number | undefined {
  const servers = (input.databaseServers ?? []).filter((s) => s.system === system);
  return servers.length ? servers.reduce((n, s) => n + s.cores, 0) * requestCost(input).wallMs : undefined;
}

/** The server does at least the app's own share of the work for each request. */
export function serverDoesTheWork(work: ServerWork | undefined): boolean {
  return work !== undefined && work.serverMsPerRequest > 0 && work.serverMsPerRequest >= work.appMsPerRequest;
}

export function serverWorkWords(work: ServerWork, cpuWaited: number | undefined): string {
  const machine = cpuWaited !== undefined && cpuWaited >= 0.05 ? `, and on this machine it took CPU the app then waited for (its main thread waited for a CPU ${pct(cpuWaited)} of the time)` : '';
  return ` The ${work.names} server on this machine spent ${ms(work.serverMsPerRequest)} of CPU per request (${round(work.cores, 2)} cores), against ${ms(work.appMsPerRequest)} of the app's own work on its main thread: the database does the work${machine}. A query that reads many rows to return few (a filter no index serves, a count over a whole table) looks like this: EXPLAIN the slowest one.`;
}

export function serverWorkEvidence(work: ServerWork): Evidence[] {
  return [
    { label: `${work.names} server's CPU per request (on this machine)`, value: round(work.serverMsPerRequest, 2), unit: 'ms', series: 'cpu', threshold: round(work.appMsPerRequest, 2) },
    { label: "The app's main thread, its own CPU per request", value: round(work.appMsPerRequest, 2), unit: 'ms', series: 'cpu' },
  ];
}
