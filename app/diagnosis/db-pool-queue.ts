// Requests queued for a database connection, and what holds the connections. A pool (or the app's single connection)
// whose connections are all busy while requests wait longer than their own work is where the requests queue; but the
// queue is the pool's fault only when the queries that hold the connections are quick. When a slow query or an N+1
// holds them, each request waits because the queries ahead of it are slow or many: the query is the cause to fix and
// the queue its consequence. Pure.
import type { AppCallSite, DbSystem } from '../contract/metrics.js';
import type { Culprit } from '../contract/diagnosis.js';
import { classifyFrame } from '../profile/model/classify.js';
import type { DbConnections } from './db-samples.js';
import { ms } from './format.js';
import { thresholds as T } from './thresholds.js';
import { DB_SYSTEM_NAMES } from '../contract/request-time-words.js';

export interface QueueFigures {
  /** Slow enough to matter is judged by the mean: a queue behind a rare long hold keeps the median quick. */
  meanLatencyMs: number;
  /** A request's own work: its queries and its loop time, per request. */
  ownWorkMs: number;
  /** The loop's busy share (0..1). */
  loopBusy: number;
  concurrency: number | undefined;
  /** Requests the figures are over: the wait timed at the pool is summed over them. */
  requests: number;
}

/** The wait for a connection timed at the pool itself (ORMs' pools, pg Pool's connect()), per request. */
export function checkoutMsPerRequest(c: DbConnections, requests: number): number {
  return (c.checkouts?.waitMs ?? 0) / Math.max(1, requests);
}

/**
 * A queue read at the pool itself: a pool makes a caller wait only when every connection is checked out, so a wait
 * timed there of half the request's time or more (dbQueueFactor: twice, half of every request lost to the queue) is
 * the queue, measured rather than inferred. It holds whatever keeps the connections checked out: their queries, or a
 * transaction left open across a call that is not the database's, during which the connection reads idle at the
 * socket (dbAllBusyShare cannot see it). Slow enough to matter, more requests in flight than connections, and the
 * loop not the bottleneck (dbPoolLoopBusyMax), as below.
 */
export function timedQueue(c: DbConnections, f: QueueFigures): boolean {
  return (
    checkoutMsPerRequest(c, f.requests) >= (1 - 1 / T.dbQueueFactor) * f.meanLatencyMs &&
    f.meanLatencyMs >= T.ioLatencyP50Ms &&
    (f.concurrency === undefined || f.concurrency > c.peakOpen) &&
    f.loopBusy <= T.dbPoolLoopBusyMax
  );
}

/**
 * The systems whose connections are where requests queue: timed at the pool (timedQueue), or every connection busy
 * at the socket most of the time (dbAllBusyShare),
 * requests taking at least twice their own work (dbQueueFactor), slow enough to matter on average, more requests in flight than
 * connections, and the connections busier than the loop, which keeps some idle time (dbPoolLoopBusyMax): a saturated
 * loop is a bottleneck of its own, and the answers it is late to read keep the connections busy too.
 */
export function queuedPools(connections: DbConnections[], f: QueueFigures): DbConnections[] {
  return connections.filter(
    (c) =>
      timedQueue(c, f) ||
      (c.allBusyShare >= T.dbAllBusyShare &&
      f.meanLatencyMs >= T.dbQueueFactor * f.ownWorkMs &&
      f.meanLatencyMs >= T.ioLatencyP50Ms &&
      (f.concurrency === undefined || f.concurrency > c.peakOpen) &&
      f.loopBusy <= T.dbPoolLoopBusyMax &&
      f.loopBusy < c.allBusyShare),
  );
}

/**
 * The systems behind whose connections requests wait, the pool's fault or not: as queuedPools, or with the loop and
 * the connections together busy the whole time (dbQueueJointBusy), their connections all busy half of it at least.
 */
export function waitingPools(connections: DbConnections[], f: QueueFigures): DbConnections[] {
  const queued = queuedPools(connections, f);
  return connections.filter(
    (c) =>
      queued.includes(c) ||
      (c.allBusyShare >= T.dbQueueMinAllBusy &&
        c.allBusyShare + f.loopBusy >= T.dbQueueJointBusy &&
        f.meanLatencyMs >= T.dbQueueFactor * f.ownWorkMs &&
        f.meanLatencyMs >= T.ioLatencyP50Ms &&
        (f.concurrency === undefined || f.concurrency > c.peakOpen)),
  );
}

/** "the single MySQL/MariaDB connection", "one of the 2 PostgreSQL connections". */
export function connectionWords(system: DbSystem, peakOpen: number): string {
  return peakOpen <= 1 ? `the single ${DB_SYSTEM_NAMES[system]} connection` : `one of the ${peakOpen} ${DB_SYSTEM_NAMES[system]} connections`;
}

/** Said in the query finding that leads: the queue for the connection, as its consequence. */
export function queueAsConsequence(c: DbConnections, queueMs: number, holdMs: number, causeMs: number, cause: string): string {
  return ` Requests also wait ${ms(queueMs)} for ${connectionWords(c.system, c.peakOpen)} because each holds it ${ms(holdMs)}, ${ms(causeMs)} of it in ${cause}: the wait is their consequence and shrinks with them; a larger pool would only move the queue to the database.`;
}

/** Said in a query finding run by few of the requests that queue: the queue is the connections' to fix. */
export function queueBehindFewWords(c: DbConnections, runsPerRequest: number): string {
  return ` It runs in ${Math.max(1, Math.round(100 * runsPerRequest))} of every 100 requests and holds ${connectionWords(c.system, c.peakOpen)} while it runs; the other requests, whose own queries are quick, queue behind it for want of a connection (the finding above): with more connections they would not wait for it.`;
}

/** Said in the pool finding, then a secondary one: what holds the connections. */
export function poolHeldBy(kindWords: string): string {
  return `The queue is the consequence of ${kindWords} (the finding above), which hold the connections: `;
}

/** The app's line that made a pool (where its size is set): a location without a share of the time. */
export function poolCulprit(site: AppCallSite, settings: string[] | undefined): Culprit {
  const c = classifyFrame(site.functionName, site.url);
  // Shown as plain text beside the line (table cell, terminal), so without the explanation's code marks.
  const role = `makes the pool and sets its size${settings?.length ? ` (${settings.join(' + ').replace(/`/g, '')})` : ''}`;
  return { functionName: site.functionName, url: site.url, line: site.line, column: site.column, selfPercent: 0, totalPercent: 0, category: c.category, ...(c.package ? { package: c.package } : {}), measure: 'stack', ...(site.calledFrom ? { calledFrom: site.calledFrom } : {}), role };
}
