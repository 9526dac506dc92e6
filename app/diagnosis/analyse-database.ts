// The database: queries run once per row (N+1), a slow query, a pool too small for the concurrency, and requests that
// simply spend their time waiting on the database while the loop idles. Read from the probe's socket-level query
// timings (app/probe/db-wait.cjs); the culprit is the app's line that runs the query, not the driver's.
import { lockEvidence, lockExplanation, lockTitle, lockWait } from './row-lock.js';
import { lateAnswers, lateAnswersEvidence, lateAnswersWords } from './late-answers.js';
import { waitCulprit } from './wait-culprit.js';
import type { Culprit, Evidence, FindingKind } from '../contract/diagnosis.js';
import type { AppCallSite, DbSystem } from '../contract/metrics.js';
import { ms, named, pct } from './format.js';
import { location } from '../contract/words.js';
import type { AnalyserResult, DiagnosisInput, ScoredFinding } from './input.js';
import { loopBusy, loopBusyEvidence } from './loop-busy.js';
import { serverCpuMs, serverDoesTheWork, serverWork, serverWorkEvidence, serverWorkWords } from './database-server-cpu.js';
import { cpuWaitShare } from './cpu-wait.js';
import { requestCost } from './request-cost.js';
import { dbConnections, dbNotes, dbSites, dbTransactions, type DbSite } from './db-samples.js';
import { round } from '../numbers.js';
import { thresholds as T } from './thresholds.js';
import { enoughWindows } from './windows.js';
import { enoughRequests, meanLatencyMs, unfinishedRequests, unfinishedWords } from './slow-requests.js';
import { DB_SYSTEM_NAMES, shapeCut } from '../contract/request-time-words.js';
import { checkoutMsPerRequest as timedWaitMs, poolCulprit, poolHeldBy, queueAsConsequence, queueBehindFewWords, queuedPools, timedQueue, waitingPools } from './db-pool-queue.js';
import { heldByTransactionWords, holderCulprits, holderEvidence, transactionHolders } from './pool-held-by-transaction.js';

/** The wait for a connection as timed at the pool itself, when it was (the ORMs' pools, pg Pool's connect()). */
function checkoutWords(checkouts: { count: number; waitMs: number; maxMs: number } | undefined): string {
  if (!checkouts || checkouts.count === 0) return '';
  return ` Timed at the pool: a connection took ${ms(checkouts.waitMs / checkouts.count)} on average to be handed over (${checkouts.count} checkouts, the longest ${ms(checkouts.maxMs)}).`;
}

/**
 * What to do about a pool too small, from its real size when the driver showed it. The size that would let the load's
 * requests in flight run their queries without queueing follows Little's law: each of C requests holds a connection
 * for the share of its own time spent in queries, so about C x (query time / (query + loop time)) connections are in
 * use at once, never more than C. Said as an estimate to try, not as a setting to copy: the database's own limit
 * (max_connections, shared by every process of the app) decides what it can take.
 */
export function poolAdvice(system: DbSystem, poolSize: number | undefined, peakOpen: number, concurrency: number | undefined, dbMs: number, ownWorkMs: number, settings?: string[], madeAt?: AppCallSite): string {
  const fewer = 'fewer queries per request shortens the queue as well.';
  if (poolSize === undefined) return `A larger pool (the database can take more connections) or ${fewer}`;
  const setting = settings?.length ? settings.join(' + ') : system === 'postgres' ? "pg's `max`" : "`connectionLimit`";
  const connections = (n: number) => `${n} connection${n === 1 ? '' : 's'}`;
  const setAt = `as the app set it${madeAt ? ` at ${location(madeAt)}` : ''}`;
  const sizeWords = poolSize === peakOpen ? `The pool holds ${connections(poolSize)} (${setting}, ${setAt}), all of them open` : `The app's pools may open ${connections(poolSize)} (${setting}, ${setAt}); ${peakOpen} were seen open`;
  if (!concurrency || ownWorkMs <= 0) return `${sizeWords}: a larger pool, if the database can take more connections, or ${fewer}`;
  const needed = Math.min(concurrency, Math.ceil((concurrency * dbMs) / ownWorkMs));
  if (needed <= poolSize) return `${sizeWords}: ${fewer.charAt(0).toUpperCase()}${fewer.slice(1)}`;
  return `${sizeWords}: with ${concurrency} requests in flight, about ${needed} would be in use at once (each request holds one for ${pct(dbMs / ownWorkMs)} of its time); try a pool of ${needed} if the database can take that many connections from every process of the app, or ${fewer}`;
}

/** A query an index could serve: it filters, joins or sorts (a plain read of a whole table needs every row anyway). */
const SELECTIVE_QUERY = /\b(WHERE|JOIN|ORDER\s+BY)\b/i;

/** Sites of one query shape, and their sums. */
interface Shape {
  system: DbSystem;
  shape: string;
  sites: DbSite[];
  count: number;
  totalMs: number;
  errors: number;
  /** Runs the server said read a table without a usable index (MySQL/MariaDB only). */
  noIndex: number;
}

function byShape(sites: DbSite[]): Shape[] {
  const shapes = new Map<string, Shape>();
  for (const s of sites) {
    const key = `${s.system}|${s.shape}`;
    const shape = shapes.get(key) ?? { system: s.system, shape: s.shape, sites: [], count: 0, totalMs: 0, errors: 0, noIndex: 0 };
    shape.sites.push(s);
    shape.noIndex += s.noIndex ?? 0;
    shape.count += s.count;
    shape.totalMs += s.totalMs;
    shape.errors += s.errors;
    shapes.set(key, shape);
  }
  return [...shapes.values()].sort((a, b) => b.totalMs - a.totalMs);
}

function culpritOf(s: DbSite, requestTimeMs: number): Culprit {
  return waitCulprit(s, s.totalMs / requestTimeMs);
}

/** The app's own lines first: a query the driver sent on its own (a handshake, a ping) is no culprit to fix. */
function culprits(sites: DbSite[], requestTimeMs: number): Culprit[] {
  const ranked = [...sites].sort((a, b) => b.totalMs - a.totalMs).map((s) => culpritOf(s, requestTimeMs));
  return [...ranked.filter((c) => c.category === 'app'), ...ranked.filter((c) => c.category !== 'app')].slice(0, T.culpritCount);
}

export function analyseDatabase(input: DiagnosisInput): AnalyserResult {
  const { load, samples } = input;
  const sites = dbSites(samples);
  if (!sites.length) return { findings: [] };
  // Few requests that each took long are judged (slow is a finding); none finished at all, when the load's
  // connections were held throughout, is judged on the requests in flight, each at least the window long.
  const unfinished = unfinishedRequests(input);
  if (!load || (!enoughRequests(input) && !unfinished)) return { insufficient: 'too few requests completed to judge the database' };
  if (!enoughWindows(samples)) return { insufficient: `only ${samples.length} probe windows were recorded` };

  const requests = unfinished ? unfinished.inFlight : load.requestsTotal;
  const meanLatency = meanLatencyMs(input);
  const { p50, p99 } = unfinished ? { p50: unfinished.windowMs, p99: unfinished.windowMs } : load.latency;
  const lowerBounds = unfinished ? unfinishedWords(input, unfinished) : '';
  const requestTimeMs = Math.max(1, meanLatency * requests);
  const busy = loopBusy(input);
  const loopMs = requestCost(input).loopMsPerRequest;
  const dbMsPerRequest = sites.reduce((n, s) => n + s.totalMs, 0) / requests;
  // A request that waited for a pooled connection (timed at the pool: Sequelize, knex, pg Pool's connect()) waited
  // behind other requests' queries: the shares below are of the time it was served, that wait aside, and never of less
  // than its own queries and loop work.
  const connections = dbConnections(samples);
  const checkoutMsPerRequest = connections.reduce((n, c) => n + timedWaitMs(c, requests), 0);
  // Where the pool is not timed (pg-pool's and mysql2's own query, the app's single connection) the queue shows in the
  // latency: every connection busy while requests take far longer than their own work. That wait is set aside the same
  // way, so that what holds the connections (a slow query, an N+1) is judged on the time a request is served.
  const ownWork = dbMsPerRequest + loopMs;
  const queueFigures = { meanLatencyMs: meanLatency, ownWorkMs: ownWork, loopBusy: busy.share, concurrency: input.concurrency, requests };
  const queued = queuedPools(connections, queueFigures);
  const waiting = waitingPools(connections, queueFigures);
  const queueMs = Math.max(0, meanLatency - ownWork);
  const connectionWaitMs = Math.max(checkoutMsPerRequest, waiting.length ? queueMs : 0);
  const servedMs = Math.max(meanLatency - connectionWaitMs, ownWork, 0);
  /** The query findings that may hold the connections: their system, their wait and their runs per request on it. */
  const causes: Array<{ finding: ScoredFinding; msPerRequest: Map<DbSystem, number>; runsPerRequest: Map<DbSystem, number>; words: string }> = [];
  const causeOf = (finding: ScoredFinding, of: Shape[], words: string) => {
    const msPerRequest = new Map<DbSystem, number>();
    const runsPerRequest = new Map<DbSystem, number>();
    for (const shape of of) {
      msPerRequest.set(shape.system, (msPerRequest.get(shape.system) ?? 0) + shape.totalMs / requests);
      runsPerRequest.set(shape.system, (runsPerRequest.get(shape.system) ?? 0) + shape.count / requests);
    }
    causes.push({ finding, msPerRequest, runsPerRequest, words });
    return finding;
  };
  const servedWords = meanLatency - servedMs > 0.05 * meanLatency ? ` Shares are of the ${ms(servedMs)} a request was served, its ${ms(meanLatency - servedMs)} wait for a pooled connection (busy with other requests' queries) aside.` : '';
  const shapes = byShape(sites);
  const notes = dbNotes(samples);
  const noteWords = notes.length ? ` (${notes.join('; ')})` : '';
  const findings: ScoredFinding[] = [];
  /** Warnings said beside whatever else is found, never standing in for a finding of the time (database-bound). */
  const aside: ScoredFinding[] = [];
  const finding = (kind: FindingKind, severity: ScoredFinding['severity'], title: string, explanation: string, evidence: Evidence[], culpritSites: DbSite[], score: number): ScoredFinding => ({
    kind,
    severity,
    title,
    explanation: explanation + (DATABASE_KINDS.has(kind) && kind !== 'db-pool-exhausted' && kind !== 'database-bound' ? servedWords : '') + lowerBounds + noteWords,
    evidence,
    culprits: culprits(culpritSites, requestTimeMs),
    score,
  });

  // N+1: query shapes run many times per request, one after another (the latency holds that many of their waits).
  // A loop over rows often runs several shapes per row (an article's tags, its author, its favourite count): each is
  // repeated, and together they are the loop's cost, so the repeated shapes' shares are summed against the line.
  const repeated = shapes
    .map((shape) => {
      const perRequest = shape.count / requests;
      const perQuery = shape.totalMs / Math.max(1, shape.count);
      const inSequence = perQuery > 0 ? Math.min(perRequest, meanLatency / perQuery) : 0;
      const share = servedMs > 0 ? shape.totalMs / requests / servedMs : 0;
      return { shape, perRequest, perQuery, inSequence, share };
    })
    .filter((r) => r.inSequence >= T.dbRepeatPerRequest);
  const repeatedShare = repeated.reduce((n, r) => n + r.share, 0);
  if (repeated.length && repeatedShare >= T.dbRepeatShareOfLatency) {
    const [first] = repeated;
    const loopSites = repeated.flatMap((r) => r.shape.sites);
    const top = culprits(loopSites, requestTimeMs)[0]!;
    const queriesPerRequest = repeated.reduce((n, r) => n + r.perRequest, 0);
    const waitPerQuery = repeated.reduce((n, r) => n + r.shape.totalMs, 0) / Math.max(1, repeated.reduce((n, r) => n + r.shape.count, 0));
    // Together, no more of them one after another than the latency holds.
    const inSequence = waitPerQuery > 0 ? Math.min(queriesPerRequest, meanLatency / waitPerQuery) : 0;
    const what =
      repeated.length === 1
        ? `Each request runs \`${first!.shape.shape}\` ${round(first!.perRequest, 1)} times on ${DB_SYSTEM_NAMES[first!.shape.system]}, about ${round(first!.inSequence, 1)} of them one after another (${ms(first!.perQuery)} each, ${pct(repeatedShare)} of the request's time), from ${named(top)}: a query per row of an earlier result.`
        : `Each request runs ${repeated.length} query shapes again and again, ${round(queriesPerRequest, 1)} queries in all (${repeated.slice(0, 3).map((r) => `\`${shapeCut(r.shape.shape, 72).text}\` ${round(r.perRequest, 1)} times`).join('; ')}${repeated.length > 3 ? '; ...' : ''}), together ${pct(repeatedShare)} of the request's time, from ${named(top)}: queries per row of an earlier result.`;
    findings.push(causeOf(
      finding(
        'n-plus-one',
        p50 >= T.ioLatencyP50Ms ? 'problem' : 'warning',
        'The same query runs many times per request',
        `${what} One query for all the rows (WHERE id IN (...), a join, the ORM's include/eager loading) does the same work in one round trip.`,
        [
          { label: 'Latency p50', value: p50, unit: 'ms', series: 'load.latencyP99' },
          { label: repeated.length === 1 ? 'Runs of this query per request' : 'Runs of the repeated queries per request', value: round(queriesPerRequest, 2), unit: 'queries', series: 'io.wait', threshold: T.dbRepeatPerRequest },
          { label: 'Of them, one after another (the latency holds this many)', value: round(inSequence, 2), unit: 'queries', series: 'io.wait', threshold: T.dbRepeatPerRequest },
          { label: repeated.length === 1 ? 'Of a request\'s time, waiting on this query' : 'Of a request\'s time, waiting on the repeated queries', value: round(100 * repeatedShare), unit: '%', series: 'io.wait', threshold: round(100 * T.dbRepeatShareOfLatency) },
          { label: 'Wait per query', value: round(waitPerQuery, 3), unit: 'ms', series: 'io.wait' },
          ...(repeated.length > 1 ? [{ label: 'Query shapes repeated', value: repeated.length, unit: 'shapes', series: 'io.wait' as const }] : []),
        ],
        loopSites,
        inSequence / T.dbRepeatPerRequest,
      ),
      repeated.map((r) => r.shape),
      'the same queries run again and again',
    ));
  }

  // A slow query: one shape taking long each time, and a good part of the request.
  for (const shape of shapes) {
    const perQuery = shape.totalMs / Math.max(1, shape.count);
    const share = servedMs > 0 ? shape.totalMs / requests / servedMs : 0;
    if (perQuery < T.dbSlowQueryMs || share < T.dbSlowShareOfLatency || shape.count < 3) continue;
    const top = culprits(shape.sites, requestTimeMs)[0]!;
    // A slow query run once per row is the N+1's cost too: one query for all the rows saves the repeats, an index only
    // part of each. The N+1 is the verdict; the slow query stays beside it as a warning worth its own look.
    const alsoRepeated = repeatedShare >= T.dbRepeatShareOfLatency && repeated.some((r) => r.shape === shape);
    const serverMs = serverCpuMs(input, shape.system);
    const late = lateAnswers(shape.totalMs, serverMs, busy.share);
    const lock = lockWait(shape, shapes, serverMs);
    if (late && !lock?.read && !lock?.explicit) {
      aside.push({ ...finding('slow-query', 'warning', 'Queries answered late: the event loop was busy', lateAnswersWords(late, shape.shape, shape.system, perQuery, input.cpu?.packages), lateAnswersEvidence(late, perQuery), shape.sites, 0), readLate: { system: shape.system, serverCpuMs: late.serverCpuMs, loopBusy: late.loopBusy } });
      continue;
    }
    if (lock) {
      findings.push(causeOf(
        finding(
          'database-bound',
          alsoRepeated ? 'warning' : 'problem',
          lockTitle(lock),
          lockExplanation(lock, shape, perQuery, share, top),
          lockEvidence(lock, p50, perQuery, share),
          shape.sites,
          perQuery / T.dbSlowQueryMs,
        ),
        [shape],
        'a row lock',
      ));
      break;
    }
    findings.push(causeOf(
      finding(
        'slow-query',
        alsoRepeated ? 'warning' : 'problem',
        'A slow database query',
        `\`${shape.shape}\` takes ${ms(perQuery)} on average on ${DB_SYSTEM_NAMES[shape.system]} (the slowest ${ms(Math.max(...shape.sites.map((s) => s.maxMs)))}), ${pct(share)} of a request's time, run from ${named(top)}.${shape.noIndex > 0 ? ` ${DB_SYSTEM_NAMES[shape.system]} read it without an index on ${shape.noIndex} of its ${shape.count} runs.` : ''} Look at its plan (EXPLAIN ANALYZE): a missing index on the columns it filters or joins by, or more rows than the page shows.`,
        [
          { label: 'Latency p50', value: p50, unit: 'ms', series: 'load.latencyP99' },
          { label: 'Wait per query', value: round(perQuery, 2), unit: 'ms', series: 'io.wait', threshold: T.dbSlowQueryMs },
          { label: 'Of a request\'s time, waiting on this query', value: round(100 * share), unit: '%', series: 'io.wait', threshold: round(100 * T.dbSlowShareOfLatency) },
          { label: 'Runs of this query per request', value: round(shape.count / requests, 2), unit: 'queries', series: 'io.wait' },
        ],
        shape.sites,
        perQuery / T.dbSlowQueryMs,
      ),
      [shape],
      'a slow query',
    ));
    break;
  }

  // Queries the server read without an index (MySQL and MariaDB say so in every answer) although they filter, join
  // or sort: each reads the whole table however few rows it returns, and costs more as the table grows. The slow-query
  // line of 50 ms is for queries whose plan is unknown; these are judged by the share of the request's time they hold
  // together, at the same line as one slow query. Below the latency that matters they stay a warning.
  if (!findings.some((f) => f.kind === 'slow-query')) {
    const scanning = shapes
      .filter((shape) => shape.count >= 3 && shape.noIndex >= shape.count / 2 && SELECTIVE_QUERY.test(shape.shape))
      .map((shape) => ({ shape, perQuery: shape.totalMs / shape.count, share: servedMs > 0 ? shape.totalMs / requests / servedMs : 0 }));
    const scanShare = scanning.reduce((n, r) => n + r.share, 0);
    // Below the share line a scan is still said, as a warning, when it is the slowest query the requests run: it is
    // what grows with the table, while the request's time goes elsewhere for now.
    const slowestPerRun = Math.max(...shapes.map((shape) => shape.totalMs / Math.max(1, shape.count)));
    const standsOut = scanning.some((r) => r.perQuery >= slowestPerRun);
    if (scanning.length && (scanShare >= T.dbSlowShareOfLatency || standsOut)) {
      const [first] = scanning;
      const scanSites = scanning.flatMap((r) => r.shape.sites);
      const top = culprits(scanSites, requestTimeMs)[0]!;
      const alsoRepeated = repeatedShare >= T.dbRepeatShareOfLatency && repeated.some((r) => scanning.some((x) => x.shape === r.shape));
      const runs = scanning.reduce((n, r) => n + r.shape.count, 0);
      const unindexed = scanning.reduce((n, r) => n + r.shape.noIndex, 0);
      const what =
        scanning.length === 1
          ? `\`${first!.shape.shape}\` read its table without an index on ${first!.shape.noIndex} of its ${first!.shape.count} runs (${DB_SYSTEM_NAMES[first!.shape.system]} says so in its answers), ${ms(first!.perQuery)} each, ${pct(scanShare)} of a request's time, run from ${named(top)}.`
          : `${scanning.length} queries read their tables without an index (${DB_SYSTEM_NAMES[first!.shape.system]} says so in its answers: ${scanning.slice(0, 3).map((r) => `\`${shapeCut(r.shape.shape, 72).text}\` ${ms(r.perQuery)}`).join('; ')}${scanning.length > 3 ? '; ...' : ''}), together ${pct(scanShare)} of a request's time, the largest run from ${named(top)}.`;
      const belowLine = scanShare < T.dbSlowShareOfLatency;
      (belowLine ? aside : findings).push(causeOf(
        finding(
          'slow-query',
          alsoRepeated || p50 < T.ioLatencyP50Ms || belowLine ? 'warning' : 'problem',
          'Queries read whole tables',
          `${what} Each filters, joins or sorts by columns no index serves, so the server reads every row and the query slows down as the table grows. An index on those columns lets it read only the rows it returns: look at the plan (EXPLAIN).`,
          [
            { label: 'Latency p50', value: p50, unit: 'ms', series: 'load.latencyP99', threshold: T.ioLatencyP50Ms },
            { label: 'Runs the server read without an index', value: round((100 * unindexed) / runs), unit: '%', series: 'io.wait' },
            { label: 'Of a request\'s time, waiting on these queries', value: round(100 * scanShare), unit: '%', series: 'io.wait', threshold: round(100 * T.dbSlowShareOfLatency) },
            { label: 'Wait per query', value: round(scanning.reduce((n, r) => n + r.shape.totalMs, 0) / runs, 2), unit: 'ms', series: 'io.wait' },
          ],
          scanSites,
          scanShare / T.dbSlowShareOfLatency,
        ),
        scanning.map((r) => r.shape),
        'queries that read whole tables',
      ));
    }
  }

  // A pool too small: every connection busy nearly all the time, and requests waiting far longer than their queries.
  // Its own cause when its queries are quick; when a slow query or an N+1 holds the connections, that leads and the
  // queue is said as its consequence, in both findings.
  for (const c of waiting) {
    const of = sites.filter((s) => s.system === c.system);
    const onSystem = causes.filter((k) => k.finding.severity === 'problem' && (k.msPerRequest.get(c.system) ?? 0) > 0);
    const heldBy = onSystem.filter((k) => (k.runsPerRequest.get(c.system) ?? 0) >= T.dbCauseMinRunsPerRequest);
    const holdMs = of.reduce((n, s) => n + s.totalMs, 0) / requests;
    for (const k of heldBy) k.finding.explanation += queueAsConsequence(c, queueMs, holdMs, k.msPerRequest.get(c.system)!, k.words);
    if (!queued.includes(c)) continue;
    for (const k of onSystem.filter((x) => !heldBy.includes(x))) {
      k.finding.severity = 'warning';
      k.finding.explanation += queueBehindFewWords(c, k.runsPerRequest.get(c.system)!);
    }
    // Idle at the socket, yet checked out: a transaction kept open across another wait holds the connection (read
    // only when no slow query or N+1 already holds it).
    const [holder] = heldBy.length ? [] : transactionHolders(dbTransactions(samples), c.system, requestTimeMs);
    const atPoolOnly = timedQueue(c, queueFigures) && c.allBusyShare < T.dbAllBusyShare;
    const waitedMs = atPoolOnly ? timedWaitMs(c, requests) : queueMs;
    const busyWords = atPoolOnly
      ? `Every one of the app's ${c.peakOpen} ${DB_SYSTEM_NAMES[c.system]} connections was checked out while requests waited at the pool ${ms(waitedMs)} on average, of a request's ${ms(meanLatency)}; its queries take ${ms(dbMsPerRequest)} and its work on the loop ${ms(loopMs)}${input.concurrency ? ` (${input.concurrency} requests in flight, ${c.peakOpen} connections)` : ''}.`
      : `All ${c.peakOpen} of the app's ${DB_SYSTEM_NAMES[c.system]} connections were busy ${pct(c.allBusyShare)} of the time, and a request takes ${ms(meanLatency)} while its queries take ${ms(dbMsPerRequest)} and its work on the loop ${ms(loopMs)}: the other ${ms(queueMs)} it waits for a free connection${input.concurrency ? ` (${input.concurrency} requests in flight, ${c.peakOpen} connections)` : ''}.${checkoutWords(c.checkouts)}`;
    findings.push(
      finding(
        'db-pool-exhausted',
        heldBy.length ? 'warning' : 'problem',
        holder ? 'Requests wait for a database connection held across other waits' : 'Requests wait for a database connection',
        `${heldBy.length ? poolHeldBy(heldBy.map((k) => k.words).join(' and ')) : ''}${busyWords} ${holder ? heldByTransactionWords(holder, waitedMs) : poolAdvice(c.system, c.poolSize, c.peakOpen, input.concurrency, dbMsPerRequest, ownWork, c.poolSettings, c.poolMadeAt)}`,
        [
          { label: 'Latency mean', value: round(meanLatency, 2), unit: 'ms', series: 'load.latencyP99' },
          { label: 'Database connections open at most', value: c.peakOpen, unit: 'connections', series: 'io.wait' },
          ...(c.poolSize !== undefined ? [{ label: "The pool's size, as the app set it", value: c.poolSize, unit: 'connections', series: 'io.wait' } satisfies Evidence] : []),
          ...(c.checkouts ? [{ label: 'Wait for a connection at the pool, mean', value: round(c.checkouts.waitMs / Math.max(1, c.checkouts.count), 2), unit: 'ms', series: 'io.wait' } satisfies Evidence] : []),
          { label: 'Of the time, every connection busy', value: round(100 * c.allBusyShare), unit: '%', series: 'io.wait', ...(atPoolOnly ? {} : { threshold: 100 * T.dbAllBusyShare }) },
          { label: 'Time in queries and on the loop per request', value: round(ownWork, 2), unit: 'ms', series: 'io.wait' },
          ...(atPoolOnly ? [{ label: "Of a request's time, waiting at the pool for a connection", value: round((100 * waitedMs) / Math.max(0.001, meanLatency)), unit: '%', series: 'io.wait', threshold: round(100 * (1 - 1 / T.dbQueueFactor)) } satisfies Evidence] : []),
          ...(holder ? holderEvidence(holder) : []),
          loopBusyEvidence(busy, T.ioMaxElu * 100),
        ],
        of,
        meanLatency / (T.dbQueueFactor * Math.max(0.001, ownWork)),
      ),
    );
    // The line that set the pool's size is the one to change: first, before the queries that hold the connections.
    // Unless a transaction held across another wait holds them: its BEGIN and that wait are the lines to change.
    const pool = findings[findings.length - 1]!;
    const lead = [...(holder ? holderCulprits(holder) : []), ...(c.poolMadeAt ? [poolCulprit(c.poolMadeAt, c.poolSettings)] : [])];
    if (lead.length) pool.culprits = [...lead, ...pool.culprits].slice(0, T.culpritCount);
  }

  // The database closed the app's connections (went away, restarted): queries cut off, requests failing after.
  const lost = sites.reduce((n, s) => n + s.errors, 0);
  const lostConnections = connections.reduce((n, c) => n + c.lost, 0);
  const failedRequests = load.errors + load.timeouts + load.non2xx;
  if ((lost > 0 || lostConnections > 0) && failedRequests > 0) {
    findings.push(
      finding(
        'database-bound',
        'problem',
        'The database connection was lost',
        `The database closed ${lostConnections} of the app's connections during the run (${lost} queries cut off before their answer), and ${failedRequests} requests failed: the database went away or restarted. The failures' cause is the database, not the requests.`,
        [
          { label: 'Database connections closed by the server or broken', value: lostConnections, unit: 'connections', series: 'io.wait' },
          { label: 'Queries cut off by a closed connection', value: lost, unit: 'queries', series: 'io.wait' },
          { label: 'Failed requests', value: failedRequests, unit: 'requests', series: 'load.errors' },
        ],
        sites.some((s) => s.errors > 0) ? sites.filter((s) => s.errors > 0) : sites,
        2,
      ),
    );
  }

  // Otherwise, requests that mostly wait on the database while the loop idles: said, not called healthy.
  // Waiting for a pooled connection is waiting on the database too (its connections are busy with queries).
  const dbShare = meanLatency > 0 ? (dbMsPerRequest + checkoutMsPerRequest) / meanLatency : 0;
  const slow = p50 >= T.ioLatencyP50Ms || p99 >= T.ioLatencyP99WarningMs;
  const server = serverWork(input, requests);
  const serverWorks = serverDoesTheWork(server);
  if (!findings.length && slow && (busy.share <= T.ioMaxElu || serverWorks) && dbShare >= T.dbShareOfLatency) {
    const top = culprits(sites, requestTimeMs)[0];
    findings.push(
      finding(
        'database-bound',
        p50 >= T.ioLatencyP50Ms ? 'problem' : 'warning',
        'Requests are waiting on the database',
        `Requests take ${ms(p50)} (median, p99 ${ms(p99)}) while the event loop is busy ${busy.share <= T.ioMaxElu ? 'only ' : ''}${pct(busy.share)} of the time, and ${pct(Math.min(1, dbShare))} of a request's time is spent waiting on its ${round(sites.reduce((n, s) => n + s.count, 0) / requests, 1)} queries (${ms(dbMsPerRequest)} per request${checkoutMsPerRequest > 0.05 * dbMsPerRequest ? `, and ${ms(checkoutMsPerRequest)} waiting for a pooled connection to run them` : ''})${top ? `, mostly \`${sites[0]!.shape}\` from ${named(top)}` : ''}. The database, not this process, sets the pace: its queries are what to make cheaper.${serverWorks ? serverWorkWords(server!, cpuWaitShare(samples)) : ''}`,
        [
          { label: 'Latency p50', value: p50, unit: 'ms', series: 'load.latencyP99', threshold: T.ioLatencyP50Ms },
          { label: 'Of a request\'s time, waiting on the database', value: round(100 * Math.min(1, dbShare)), unit: '%', series: 'io.wait', threshold: 100 * T.dbShareOfLatency },
          { label: 'Database wait per request', value: round(dbMsPerRequest, 2), unit: 'ms', series: 'io.wait' },
          loopBusyEvidence(busy, T.ioMaxElu * 100),
          ...(serverWorks ? serverWorkEvidence(server!) : []),
        ],
        sites,
        dbShare / T.dbShareOfLatency,
      ),
    );
  }
  return { findings: [...findings, ...aside] };
}

export const DATABASE_KINDS: ReadonlySet<FindingKind> = new Set(['n-plus-one', 'slow-query', 'db-pool-exhausted', 'database-bound']);
