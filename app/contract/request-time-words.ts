// What every face says of where a request's time goes (Diagnosis.requestTime): the names of the parts, their
// milliseconds and shares, the time left unexplained, the query shapes and the connections. The CLI's report and the
// renderer's Diagnosis screen both print these words. Dependency-free like words.ts (contract types only).
import type { RequestTimeFigures, RequestTimeQuery, RequestTimeRoute } from './diagnosis.js';
import type { DbSystem } from './metrics.js';
import { location, sig } from './words.js';

export const DB_SYSTEM_NAMES: Record<DbSystem, string> = { postgres: 'PostgreSQL', mysql: 'MySQL/MariaDB', redis: 'Redis', mongodb: 'MongoDB' };

const WAIT_KIND_NAMES: Record<string, string> = { database: 'database', http: 'HTTP', fetch: 'fetch', threadpool: 'threadpool', dns: 'DNS', fs: 'file system', timer: 'timers' };
/** The parts' names on screen; a kind of wait added to the figures later reads "Waiting on <kind>" until named here. */
const WAIT_LABELS: Record<string, string> = { http: 'Waiting on HTTP calls', fetch: 'Waiting on fetch calls', threadpool: 'Waiting on the threadpool', dns: 'Waiting on DNS lookups', fs: 'Waiting on the file system', timer: 'Waiting on timers' };


/** A wait's short name, as the report's Request line prints it: "PostgreSQL", "HTTP", "fetch". */
export function waitName(w: { kind: string; system?: DbSystem }): string {
  if (w.system) return DB_SYSTEM_NAMES[w.system] ?? w.system;
  return WAIT_KIND_NAMES[w.kind] ?? w.kind;
}

/**
 * One wait of a route, as every face prints it: "PostgreSQL 24.6 ms (4 calls)", "a PostgreSQL connection 12 ms (1
 * checkouts)", "HTTP 51 ms (1 calls)".
 */
export function routeWaitWords(w: RequestTimeRoute['waits'][number] | RequestTimeFigures['waits'][number]): string {
  if ('readLate' in w && w.readLate) return `${waitName(w)} ${msWords(w.msPerRequest)} (${countWords(w.callsPerRequest, 'call')}; answers read late by the busy loop, the server worked ${msWords(w.readLate.serverCpuMs)} in all)`;
  if (w.kind === 'checkout') return `waiting for a ${w.system ? (DB_SYSTEM_NAMES[w.system] ?? w.system) : 'database'} connection ${msWords(w.msPerRequest)} (${countWords(w.callsPerRequest, 'checkout')})`;
  return `${waitName(w)} ${msWords(w.msPerRequest)} (${countWords(w.callsPerRequest, 'call')})`;
}

/** "1 call", "4 calls", "0.98 calls": a count per request with its noun. */
export function countWords(n: number, noun: string): string {
  const text = sig(n, 3);
  return `${text} ${text === '1' ? noun : `${noun}s`}`;
}

/** Milliseconds per request as the report reads them: whole above 100 ms, three figures below ("4.15 ms"). */
export function msWords(v: number): string {
  return `${v >= 100 ? Math.round(v) : sig(v, 3)} ms`;
}

/**
 * The latency the measured parts do not explain, ms per request; undefined when it is small. Below 5 % of the mean
 * latency a remainder is within what the parts' own rounding and the load tool's timing differ by, so it is not
 * worth a line.
 */
export function unaccountedMs(rt: Pick<RequestTimeFigures, 'latencyMeanMs' | 'loopMsPerRequest' | 'waits'>): number | undefined {
  const accounted = rt.loopMsPerRequest + rt.waits.reduce((n, w) => n + w.msPerRequest, 0);
  const rest = rt.latencyMeanMs - accounted;
  return rest > 0.05 * rt.latencyMeanMs ? rest : undefined;
}

/** Why time is left unexplained: the kinds of wait not measured, and the loop's own queue. */
export function unaccountedWhy(rt: Pick<RequestTimeFigures, 'notMeasured'>): string {
  return `not measured: ${rt.notMeasured.join(', ')}; or queueing for the loop`;
}

export type RequestTimePartKind = 'loop' | 'database' | 'http' | 'fetch' | 'rest';

export interface RequestTimePart {
  key: string;
  kind: RequestTimePartKind | string;
  label: string;
  msPerRequest: number;
  /** Of the parts' total (the latency, or the waits' sum when calls made together overlap), 0..1. */
  share: number;
  callsPerRequest?: number;
  /** What the part is, in a sentence, for a hover. */
  hint: string;
  /** A database wait that is mostly the busy loop's (its hint says why): shown under the part, as the remainder's is. */
  readLate?: true;
}

export interface RequestTimeParts {
  parts: RequestTimePart[];
  /** What the shares are of, ms per request. */
  totalMs: number;
  /** The parts add up to more than the mean latency: calls made together overlap. */
  overlapped: boolean;
}

/** The parts of one request's time, in the order the report prints them, with their shares. */
export function requestTimeParts(rt: RequestTimeFigures): RequestTimeParts {
  const rest = unaccountedMs(rt);
  const raw: Array<Omit<RequestTimePart, 'share'>> = [
    { key: 'loop', kind: 'loop', label: 'Own work on the event loop', msPerRequest: rt.loopMsPerRequest, hint: "The request's JavaScript: handlers, parsing, serialising, the drivers' own code." },
    ...rt.waits.map((w, i) => ({
      key: `wait-${i}`,
      kind: w.kind,
      label: w.kind === 'checkout' ? `Waiting for a ${waitName(w)} connection` : (w.kind !== 'database' && WAIT_LABELS[w.kind]) || `Waiting on ${waitName(w)}${w.readLate ? ' (answers read late)' : ''}`,
      msPerRequest: w.msPerRequest,
      callsPerRequest: w.callsPerRequest,
      hint: w.readLate ? readLateWords(w, w.readLate) : w.kind === 'database' ? 'From a query going out to its answer coming back, read at the socket.' : w.kind === 'checkout' ? "From asking the pool for a connection to getting one: the time other requests' queries held them all." : 'From a call going out to its answer coming back.',
      ...(w.readLate ? { readLate: true as const } : {}),
    })),
    ...(rest !== undefined ? [{ key: 'rest', kind: 'rest', label: 'Not accounted for', msPerRequest: rest, hint: unaccountedWhy(rt) }] : []),
  ];
  const sum = raw.reduce((n, p) => n + p.msPerRequest, 0);
  const totalMs = Math.max(rt.latencyMeanMs, sum);
  // As for a remainder (unaccountedMs), an excess within 5 % of the latency is the parts' timing against the load
  // tool's, not calls made together.
  return { parts: raw.map((p) => ({ ...p, share: totalMs > 0 ? p.msPerRequest / totalMs : 0 })), totalMs, overlapped: sum > rt.latencyMeanMs * 1.05 };
}

/** Why a database wait is the loop's: the server idle while the answers waited for the busy loop to read them. */
export function readLateWords(w: { kind: string; system?: DbSystem }, late: { serverCpuMs: number; loopBusy: number }): string {
  return `The ${waitName(w)} server on this machine worked ${msWords(late.serverCpuMs)} of CPU over the whole run while the event loop was busy ${Math.round(100 * late.loopBusy)} % of the time: the answers were ready and waited for the loop to read them. This wait is the loop's backlog, not the database's.`;
}

/** "GET /posts: 141 ms per request (mean), 113 requests" */
export function requestTimeHeadline(rt: RequestTimeFigures): string {
  return `${rt.route ? `${rt.route}: ` : ''}${msWords(rt.latencyMeanMs)} per request (mean), over ${rt.requests.toLocaleString('en-US')} requests`;
}

/** Why the shares may add up to more than the latency. */
export const OVERLAP_WORDS = 'Calls made together overlap, so the parts add up to more than the latency: the shares are of their sum.';

/** Whose figures these are: one route's, or the whole process's when the load reached several. */
export function requestTimeScope(rt: Pick<RequestTimeFigures, 'route'>): string {
  return rt.route ? `The load reached ${rt.route} only: these are its figures.` : "The load reached several routes: these are the process's figures, over the mix.";
}

/** A query shape cut for a table or a terminal line ("select ... c.post_i..."); the whole text when short. */
export function shapeCut(shape: string, max = 90): { text: string; cut: boolean } {
  return shape.length > max ? { text: shape.slice(0, max - 3) + '...', cut: true } : { text: shape, cut: false };
}

/** "20.6x per request, 4.15 ms each" */
export function queryRateWords(q: Pick<RequestTimeQuery, 'perRequest' | 'meanMs'>): string {
  return `${sig(q.perRequest, 3)}x per request, ${msWords(q.meanMs)} each`;
}

/** "read without an index (every run)": what the server said of the query's plan, when it said it. */
export function noIndexWords(q: Pick<RequestTimeQuery, 'noIndexShare'>): string | undefined {
  if (!q.noIndexShare) return undefined;
  return `read without an index (${q.noIndexShare >= 0.995 ? 'every run' : `${Math.round(100 * q.noIndexShare)} % of runs`})`;
}

/** The app function that sent a query: "loadComments", "(anonymous) in listPosts". */
export function queryFunctionWords(q: Pick<RequestTimeQuery, 'functionName' | 'calledFrom'>): string {
  return `${q.functionName || '(anonymous)'}${q.calledFrom ? ` in ${q.calledFrom}` : ''}`;
}

/** "PostgreSQL: 8 connections at most, all busy 22 % of the time" */
export function connectionWords(c: RequestTimeFigures['connections'][number], base?: string): string {
  return `${DB_SYSTEM_NAMES[c.system] ?? c.system}: ${c.peakOpen} connection${c.peakOpen === 1 ? '' : 's'} at most${c.poolSize !== undefined ? ` (pool size ${c.poolSize}${c.poolMadeAt ? `, set at ${location(c.poolMadeAt, base)}` : ''})` : ''}, all busy ${Math.round(100 * c.allBusyShare)} % of the time`;
}
