// Where one request's time goes: the loop's work and each kind of outbound wait the probe measures (databases read at
// the socket, HTTP and fetch), per request of the measured window, beside the latency they must explain. Pure.
import type { RequestTimeFigures, RequestTimeQuery } from '../contract/diagnosis.js';
import type { ProbeSample } from '../contract/metrics.js';
import { otherWaitSites } from './other-wait-samples.js';
import { dbConnections, dbNotes, dbSites } from './db-samples.js';
import type { DiagnosisInput, ReadLate } from './input.js';
import { ioSites } from './analyse-io.js';
import { requestCost } from './request-cost.js';
import { round } from '../numbers.js';
import { routeWaits } from './route-waits.js';

/** Kinds of wait the probe does not time (yet): a latency they would explain is left unexplained, not called healthy. */
export const NOT_MEASURED = ['DNS lookups', 'the file system', 'timers', 'locks and queues inside the app'];
/** The kinds the probe's 'other-waits' part times, when it ran: ruled in or out by its figures, no longer "not measured". */
const OTHER_WAIT_KINDS = [
  { kind: 'dns', notMeasured: 'DNS lookups' },
  { kind: 'fs', notMeasured: 'the file system' },
  { kind: 'timer', notMeasured: 'timers' },
] as const;


/** The one route the load reached, when it reached only one ("GET /articles"). */
function onlyRoute(samples: ProbeSample[]): string | undefined {
  const served = new Set<string>();
  for (const s of samples) for (const r of s.routes ?? []) if (r.count > 0) served.add(`${r.method} ${r.route}`);
  return served.size === 1 ? [...served][0] : undefined;
}

/** lateReads: the systems whose answers the doctor found read late by the busy loop (analyse-database, late-answers.ts). */
export function requestTime(input: DiagnosisInput, lateReads: readonly ReadLate[] = []): RequestTimeFigures | undefined {
  const load = input.load;
  if (!load || load.requestsTotal <= 0) return undefined;
  const requests = load.requestsTotal;
  const per = (x: number) => round(x / requests, 3);
  const sites = dbSites(input.samples);
  const waits: RequestTimeFigures['waits'] = [];
  const systems = [...new Set(sites.map((s) => s.system))];
  for (const system of systems) {
    const of = sites.filter((s) => s.system === system);
    const late = lateReads.find((l) => l.system === system);
    waits.push({ kind: 'database', system, msPerRequest: per(of.reduce((n, s) => n + s.totalMs, 0)), callsPerRequest: per(of.reduce((n, s) => n + s.count, 0)), ...(late ? { readLate: { serverCpuMs: round(late.serverCpuMs, 1), loopBusy: round(late.loopBusy, 3) } } : {}) });
  }
  // Waiting for a connection from the pool, where the pool times it (Sequelize's, knex's, pg Pool's connect()): the
  // app's own queue, beside the queries it waits to run.
  const connections = dbConnections(input.samples);
  for (const c of connections) if (c.checkouts?.count) waits.push({ kind: 'checkout', system: c.system, msPerRequest: per(c.checkouts.waitMs), callsPerRequest: per(c.checkouts.count) });
  const io = ioSites(input);
  for (const kind of ['http', 'fetch'] as const) {
    const of = io.filter((s) => s.kind === kind);
    if (of.length) waits.push({ kind, msPerRequest: per(of.reduce((n, s) => n + s.totalMs, 0)), callsPerRequest: per(of.reduce((n, s) => n + s.count, 0)) });
  }
  const others = otherWaitSites(input.samples);
  for (const { kind } of OTHER_WAIT_KINDS) {
    const of = (others ?? []).filter((s) => s.kind === kind);
    if (of.length) waits.push({ kind, msPerRequest: per(of.reduce((n, s) => n + s.totalMs, 0)), callsPerRequest: per(of.reduce((n, s) => n + s.count, 0)) });
  }
  const measured = new Set(others ? OTHER_WAIT_KINDS.map((k) => k.notMeasured as string) : []);
  const otherWaits = (others ?? []).slice(0, 5).map((s) => ({ kind: s.kind, method: s.method, ...siteFigures(s, per) }));
  const queries: RequestTimeQuery[] = sites.slice(0, 8).map((s) => ({ system: s.system, shape: s.shape, ...siteFigures(s, per), errors: s.errors, ...(s.noIndex ? { noIndexShare: round(Math.min(1, s.noIndex / Math.max(1, s.count)), 3) } : {}) }));
  const notes = dbNotes(input.samples);
  const route = onlyRoute(input.samples);
  const routes = route ? undefined : routeWaits(input.samples);
  return {
    requests,
    ...(route ? { route } : {}),
    ...(routes ? { routes } : {}),
    latencyMeanMs: round(load.latency.mean, 3),
    loopMsPerRequest: round(requestCost(input).loopMsPerRequest, 3),
    waits,
    queries,
    connections: connections.map((c) => ({ system: c.system, peakOpen: c.peakOpen, busyShare: round(c.busyShare, 3), allBusyShare: round(c.allBusyShare, 3), ...(c.poolSize !== undefined ? { poolSize: c.poolSize } : {}), ...(c.poolSettings ? { poolSettings: c.poolSettings } : {}), ...(c.poolMadeAt ? { poolMadeAt: { url: c.poolMadeAt.url, line: c.poolMadeAt.line } } : {}), ...(c.checkouts ? { checkoutWaitMsPerRequest: per(c.checkouts.waitMs) } : {}) })),
    ...(otherWaits.length ? { otherWaits } : {}),
    ...(notes.length ? { notes } : {}),
    notMeasured: NOT_MEASURED.filter((k) => !measured.has(k)),
  };
}

/** A call site's line and its figures per request: the same columns for a query shape and for any other wait. */
function siteFigures(
  s: { functionName: string; url: string; line: number; column: number; calledFrom?: string; via?: string; count: number; totalMs: number; maxMs: number },
  per: (x: number) => number,
) {
  return {
    functionName: s.functionName,
    url: s.url,
    line: s.line,
    column: s.column,
    ...(s.calledFrom ? { calledFrom: s.calledFrom } : {}),
    ...(s.via ? { via: s.via } : {}),
    perRequest: per(s.count),
    meanMs: round(s.totalMs / Math.max(1, s.count), 3),
    maxMs: round(s.maxMs, 3),
  };
}
