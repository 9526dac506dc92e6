// Waiting on I/O: requests take long while the event loop idles, so the time goes to something outside the process
// (a database, another service, a slow disk, a lock). The probe's outbound-call tracing names the call sites.
import { waitCulprit } from './wait-culprit.js';
import type { Culprit, Evidence } from '../contract/diagnosis.js';
import type { IoSiteStats, OtherWaitStats } from '../contract/metrics.js';
import { ms, named, pct } from './format.js';
import type { AnalyserResult, DiagnosisInput } from './input.js';
import { loopBusy, loopBusyEvidence } from './loop-busy.js';
import { otherWaitSites } from './other-wait-samples.js';
import { requestCost } from './request-cost.js';
import { round } from '../numbers.js';
import { poolCallCulprits, poolCallMsPerRequest } from './threadpool.js';
import { thresholds as T } from './thresholds.js';
import { enoughWindows } from './windows.js';
import { enoughRequests } from './slow-requests.js';
import { cpuWaitShare } from './cpu-wait.js';
import { dbSites } from './db-samples.js';

/** One call site summed over the measured window; queuedMs is 0 from probes before version 2. */
type Site = Pick<IoSiteStats, 'kind' | 'functionName' | 'url' | 'line' | 'column' | 'count' | 'totalMs' | 'calledFrom' | 'via'> & { queuedMs: number };

export function ioSites(input: DiagnosisInput): Site[] {
  const byKey = new Map<string, Site>();
  for (const sample of input.samples) {
    for (const io of sample.io) {
      const key = `${io.kind}|${io.functionName}|${io.url}|${io.line}|${io.column}`;
      const site = byKey.get(key) ?? { kind: io.kind, functionName: io.functionName, url: io.url, line: io.line, column: io.column, count: 0, totalMs: 0, queuedMs: 0, ...(io.calledFrom ? { calledFrom: io.calledFrom } : {}), ...(io.via ? { via: io.via } : {}) };
      site.count += io.count;
      site.totalMs += io.totalMs;
      site.queuedMs += io.queuedMs ?? 0;
      byKey.set(key, site);
    }
  }
  return [...byKey.values()].sort((a, b) => b.totalMs - a.totalMs);
}

/** Why requests wait: calls made one after another, calls queueing for a connection, or just a slow downstream. */
export interface WaitShape {
  callsPerRequest: number;
  /**
   * How many of a request's calls ran one after another: its calls, but no more than its latency holds calls of the
   * average wait. Three calls made together (Promise.all) take about one call's time: 1, not 3.
   */
  callsInSequence: number;
  waitPerRequestMs: number;
  serial: boolean;
  /** The site whose calls spend T.ioQueuedShare or more of their wait queueing for a connection, if any. */
  queueing: Site | undefined;
  /** Share of a request's time spent neither in its outbound calls nor on the loop (0..1), when it makes calls. */
  heldShare: number;
  /** heldShare is at least T.ioHeldShareOfLatency: requests wait in the app's own queue before their calls. */
  heldInApp: boolean;
}

export function waitShape(input: DiagnosisInput, sites: Site[]): WaitShape {
  const requests = Math.max(1, input.load?.requestsTotal ?? 1);
  const calls = sites.reduce((n, s) => n + s.count, 0);
  const waited = sites.reduce((n, s) => n + s.totalMs, 0);
  const callsPerRequest = calls / requests;
  const waitPerRequestMs = waited / requests;
  const meanLatency = input.load?.latency.mean ?? 0;
  const waitPerCallMs = calls > 0 ? waited / calls : 0;
  const callsInSequence = waitPerCallMs > 0 ? Math.min(callsPerRequest, meanLatency / waitPerCallMs) : callsPerRequest;
  const serial = callsInSequence >= T.ioSerialCallsPerRequest && meanLatency > 0 && waitPerRequestMs >= T.ioSerialShareOfLatency * meanLatency;
  const queueing = sites.find((s) => s.count >= 10 && s.totalMs > 0 && s.queuedMs / s.totalMs >= T.ioQueuedShare);
  const makesCalls = callsPerRequest >= T.ioHeldMinCallsPerRequest;
  const heldShare = makesCalls && meanLatency > 0 ? Math.max(0, meanLatency - waitPerRequestMs - requestCost(input).loopMsPerRequest) / meanLatency : 0;
  return { callsPerRequest, callsInSequence, waitPerRequestMs, serial, queueing, heldShare, heldInApp: heldShare >= T.ioHeldShareOfLatency };
}

export function analyseIo(input: DiagnosisInput): AnalyserResult {
  const { load, samples } = input;
  if (!load || !enoughRequests(input)) return { insufficient: 'too few requests completed to judge latency' };
  if (!enoughWindows(samples)) return { insufficient: `only ${samples.length} probe windows were recorded` };
  const busy = loopBusy(input);
  const elu = busy.share;
  const { p50, p99 } = load.latency;
  if (elu > T.ioMaxElu) return { findings: [] };
  const slow = p50 >= T.ioLatencyP50Ms || p99 >= T.ioLatencyP99WarningMs;
  if (!slow) return { findings: [] };

  // Share of all request time (mean latency x requests) spent waiting on each outbound call site.
  const requestTimeMs = Math.max(1, load.latency.mean * load.requestsTotal);
  const sites = ioSites(input);
  const shape = waitShape(input, sites);
  const avoidable = shape.serial || shape.queueing !== undefined || shape.heldInApp;
  const unseen = sites.length === 0 ? unseenWait(input) : undefined;
  const severity = unseen ? unseen.severity : !avoidable ? 'info' : p50 >= T.ioLatencyP50Ms ? 'problem' : 'warning';
  const culprits: Culprit[] = unseen ? unseen.culprits : sites.slice(0, T.culpritCount).map((s) => waitCulprit(s, s.totalMs / requestTimeMs));
  const evidence: Evidence[] = [
    { label: 'Latency p50', value: p50, unit: 'ms', series: 'load.latencyP99', threshold: T.ioLatencyP50Ms },
    { label: 'Latency p99', value: p99, unit: 'ms', series: 'load.latencyP99' },
    loopBusyEvidence(busy, T.ioMaxElu * 100),
    { label: 'Outbound calls per request', value: round(shape.callsPerRequest, 2), unit: 'calls', series: 'io.wait' },
    { label: 'Of them, one after another (the latency holds this many calls)', value: round(shape.callsInSequence, 2), unit: 'calls', series: 'io.wait', threshold: T.ioSerialCallsPerRequest },
    { label: 'Outbound wait per request', value: round(shape.waitPerRequestMs), unit: 'ms', series: 'io.wait' },
  ];
  const top = sites[0];
  if (top) evidence.push({ label: `Wait per ${top.kind} call from ${top.functionName}`, value: round(top.totalMs / Math.max(1, top.count)), unit: 'ms', series: 'io.wait' });
  if (shape.heldInApp) evidence.push({ label: 'Of a request\'s time, waiting in the app before its calls', value: round(100 * shape.heldShare), unit: '%', series: 'io.wait', threshold: 100 * T.ioHeldShareOfLatency });
  if (shape.queueing) evidence.push({ label: `Of the wait, queueing for a connection (${shape.queueing.functionName})`, value: round((100 * shape.queueing.queuedMs) / shape.queueing.totalMs), unit: '%', series: 'io.wait', threshold: 100 * T.ioQueuedShare });
  const via = top && culprits[0] ? `${top.kind === 'fetch' ? 'fetch' : 'HTTP'} calls made by ${named(culprits[0])}` : '';
  const why = shape.serial
    ? ` Each request makes ${round(shape.callsInSequence, 1)} outbound calls one after another (${ms(shape.waitPerRequestMs)} of waiting per request), mostly ${via}: calls that do not depend on each other can run at the same time.`
    : shape.queueing
      ? ` Calls made by ${named(culprits[sites.indexOf(shape.queueing)] ?? culprits[0]!)} wait ${ms(shape.queueing.totalMs / shape.queueing.count)} on average, ${ms(shape.queueing.queuedMs / shape.queueing.count)} of it before they are even sent: they queue for a connection (a pool smaller than the concurrency).`
      : shape.heldInApp && top
        ? ` Requests spend ${pct(shape.heldShare)} of their time neither in their outbound calls (${ms(shape.waitPerRequestMs)} per request, ${via}) nor on the loop: they queue inside the app for their turn (a lock, a concurrency limit, a chain that lets one call run at a time).`
        : top
        ? ` The wait is in ${via}, ${ms(top.totalMs / Math.max(1, top.count))} each on average${shape.callsPerRequest >= T.ioSerialCallsPerRequest ? `, ${round(shape.callsPerRequest, 1)} calls per request made together` : ''}: the downstream is slow, not this app.`
        : unseen
          ? ` ${unseen.words}`
          : ' No outbound HTTP call was seen waiting, so the wait is elsewhere (a database driver, timers, a lock, the disk).';
  return {
    findings: [
      {
        kind: 'io-bound',
        severity,
        title: unseen?.timed ? `Requests wait on ${unseen.timed}` : unseen ? UNSEEN_TITLE : avoidable ? 'Requests are waiting on I/O' : 'Requests wait on a downstream',
        explanation: `Requests take ${ms(p50)} (median, p99 ${ms(p99)}) while the event loop is busy only ${pct(elu)} of the time: the server is waiting, not working.` + why,
        evidence: [...evidence, ...(unseen?.evidence ?? [])],
        culprits,
        score: p50 / T.ioLatencyP50Ms,
      },
    ],
  };
}

/**
 * The kinds of wait the probe times per call site. A wait of one of these kinds shows as a site above and explains
 * the latency; when none shows, these are the kinds ruled out. Database queries are timed apart (db-wait.cjs) and
 * subtracted before a wait is called unseen.
 */
const SEEN_WAIT_KINDS = 'outbound HTTP and fetch calls';

/**
 * Requests many times slower than their CPU cost, on an idle loop, with no outbound wait seen: a wait Checkup cannot
 * see (a database driver it does not time, timers, a lock, the disk). Never healthy: said with what was ruled out.
 */
/** The wait per request in database queries the probe read at the socket, ms. */
function databaseWaitPerRequest(input: DiagnosisInput): number {
  const requests = input.load?.requestsTotal ?? 0;
  if (requests <= 0) return 0;
  return dbSites(input.samples).reduce((n, s) => n + s.totalMs, 0) / requests;
}

/** The title of the finding whose wait nothing timed accounts for: said with what was ruled out, set aside beside a named wait. */
export const UNSEEN_TITLE = 'Requests wait on something Checkup cannot see';

interface UnseenWait {
  severity: 'problem' | 'warning' | 'info';
  words: string;
  evidence: Evidence[];
  /** The call sites of the DNS, file-system or timer waits named, most wait first. */
  culprits: Culprit[];
  /** Those waits hold most of the latency (timedWaitShareOfLatency): the wait is seen, and theirs. */
  timed?: string;
}

function unseenWait(input: DiagnosisInput): UnseenWait | undefined {
  const load = input.load!;
  const cost = requestCost(input);
  const p50 = load.latency.p50;
  const cpuMs = Math.max(cost.loopMsPerRequest, 0.01);
  // Database queries are timed at the socket (analyse-database.ts judges them): the wait left unseen is what they do
  // not explain.
  const dbMs = databaseWaitPerRequest(input);
  if (p50 < T.ioLatencyP50Ms || p50 - dbMs < T.unseenWaitFactor * cpuMs) return undefined;
  const busy = loopBusy(input).share;
  const ruledOut = [SEEN_WAIT_KINDS + ' (none was seen waiting)', `the event loop's own work (busy ${pct(busy)}, ${ms(cost.loopMsPerRequest)} per request)`];
  ruledOut.push(dbMs > 0 ? `database queries (${ms(dbMs)} per request, read at the socket)` : 'PostgreSQL, MySQL/MariaDB, Redis and MongoDB queries (none was seen)');
  const off = input.offMain;
  // A full threadpool is not ruled out: work handed to it queues (the threadpool finding stands aside when the loop is
  // busy too, or the requests do not wait long enough for it; the wait may still be there).
  const poolFull = off && off.poolThreads > 0 ? off.poolOccupied : 0;
  if (off && off.poolThreads > 0 && poolFull < T.threadpoolSaturatedShare) ruledOut.push(`the threadpool (occupied ${pct(off.poolOccupied)})`);
  const poolWords = poolFull >= T.threadpoolSaturatedShare ? ` Not ruled out: the threadpool, its ${off!.poolThreads} threads occupied ${pct(poolFull)} of the time, so work handed to it (crypto, zlib, fs, native addons) queues.` : '';
  const waited = cpuWaitShare(input.samples);
  if (waited !== undefined) ruledOut.push(`a busy machine (the main thread waited for a CPU ${pct(waited)} of the time)`);
  const ownWork = threadpoolWork(input, p50, poolFull, cpuMs);
  if (ownWork) return ownWork;
  // DNS, the file system and timers, when the probe timed them: the ones that waited are named with their share of
  // the wait (said, not subtracted: the finding stays as it was judged), the others ruled out.
  const others = otherWaitSites(input.samples);
  const requests = load.requestsTotal;
  let left = 'Left: a database or cache reached over TLS or a protocol Checkup does not read, DNS, timers (setTimeout, retries with back-off), a lock or queue inside the app, or the disk.';
  let seenOther = '';
  let namedSites: OtherWaitStats[] = [];
  let namedMs = 0;
  const namedKinds: string[] = [];
  if (others && requests > 0) {
    const perKind = (kind: string) => others.filter((o) => o.kind === kind).reduce((n, o) => n + o.totalMs, 0) / requests;
    const kindNames = { dns: 'DNS lookups', fs: 'file-system calls', timer: 'timers' } as const;
    const waitedOn: string[] = [];
    const none: string[] = [];
    for (const kind of ['dns', 'fs', 'timer'] as const) {
      const msPer = perKind(kind);
      if (msPer >= 0.05 * p50) {
        const top = others.find((o) => o.kind === kind)!;
        waitedOn.push(`${kindNames[kind]} ${ms(msPer)} per request (the most at ${top.functionName}, line ${top.line})`);
        namedSites = [...namedSites, ...others.filter((o) => o.kind === kind)];
        namedMs += msPer;
        namedKinds.push(kindNames[kind]);
      } else none.push(kindNames[kind]);
    }
    if (none.length) ruledOut.push(`${none.join(', ')} (timed while serving: under 5 % of the latency)`);
    if (waitedOn.length) seenOther = ` Timed while serving: ${waitedOn.join('; ')}.`;
    left = 'Left: a database or cache reached over TLS or a protocol Checkup does not read, a lock or queue inside the app, or work the app hands to another process.';
  }
  // The named sites are the lines that made the requests wait (as an outbound call's are): culprits, most wait first.
  const requestTimeMs = Math.max(1, load.latency.mean * requests);
  const culprits = namedSites.sort((a, b) => b.totalMs - a.totalMs).slice(0, T.culpritCount).map((o) => waitCulprit(o, o.totalMs / requestTimeMs));
  // Timed waits holding most of the request: the wait is theirs, said as such (a timer the app set is an artificial
  // delay, a poll or a back-off), not as one Checkup cannot see.
  const timed = culprits.length && namedMs >= T.timedWaitShareOfLatency * p50 ? namedKinds.join(' and ') : undefined;
  const evidence: Evidence[] = [{ label: 'Latency as a multiple of CPU per request', value: round(p50 / cpuMs), unit: '×', series: 'load.latencyP99', threshold: T.unseenWaitFactor }];
  if (timed) evidence.push({ label: `Of a request's time, waiting on ${timed}`, value: round((100 * namedMs) / p50), unit: '%', series: 'io.wait', threshold: 100 * T.timedWaitShareOfLatency });
  return {
    severity: p50 >= T.unseenWaitProblemP50Ms ? 'problem' : 'warning',
    words: timed
      ? `A request's latency is ${round(p50 / cpuMs)} times its CPU cost, and ${ms(namedMs)} of it is spent waiting on ${timed} set by the app, the most at ${namedSites[0]!.method} in ${namedSites[0]!.functionName} (line ${namedSites[0]!.line}): requests wait on purpose (an artificial delay, a poll, a back-off), not on work. Ruled out: ${ruledOut.join('; ')}.${poolWords}`
      : `A request's latency is ${round(p50 / cpuMs)} times its CPU cost, and the wait is not one Checkup ${seenOther ? 'judges' : 'measures'}. Ruled out: ${ruledOut.join('; ')}.${poolWords}${seenOther} ` + left,
    evidence,
    culprits,
    ...(timed ? { timed } : {}),
  };
}

/**
 * Requests that wait on work they handed to the threadpool (bcrypt's compare, crypto's scrypt, zlib), timed per call
 * from call to callback, while the pool had a thread free: the wait is the work itself running beside the loop, not a
 * queue nor something unseen. Said as the request's own cost (info): a password hash at a standard cost is its purpose;
 * a pool that queues is analyse-threadpool's. Judged with the timed waits' line (half a request, timedWaitShareOfLatency).
 */
function threadpoolWork(input: DiagnosisInput, p50: number, poolFull: number, cpuMs: number): UnseenWait | undefined {
  const off = input.offMain;
  const requests = input.load?.requestsTotal ?? 0;
  if (!off || off.poolThreads === 0 || requests <= 0 || poolFull >= T.threadpoolSaturatedShare || !off.calls.length) return undefined;
  const perRequestMs = poolCallMsPerRequest(off, requests);
  if (perRequestMs < T.timedWaitShareOfLatency * p50) return undefined;
  const top = off.calls[0]!;
  const requestTimeMs = Math.max(1, (input.load?.latency.mean ?? p50) * requests);
  return {
    severity: 'info',
    words:
      `A request's latency is ${round(p50 / cpuMs)} times its CPU on the event loop, and ${ms(perRequestMs)} of it is work it handed to the threadpool: ` +
      `${top.api} from ${top.functionName} (line ${top.line}), ${ms(top.totalMs / Math.max(1, top.count))} per call from call to callback. ` +
      `The pool had room (its ${off.poolThreads} threads occupied ${pct(poolFull)} of the time), so the calls did not queue: the wait is the work itself, ` +
      'done off the loop as it should be. It costs what it costs: lower it only if the work is more than it needs to be (a hash cost above the standard, data compressed twice).',
    evidence: [
      { label: "Of a request's time, its own work in the threadpool", value: round((100 * perRequestMs) / p50), unit: '%', series: 'io.wait', threshold: 100 * T.timedWaitShareOfLatency },
      { label: 'Threadpool occupied', value: round(100 * poolFull), unit: '%', series: 'io.wait', threshold: 100 * T.threadpoolSaturatedShare },
    ],
    culprits: poolCallCulprits(off, requestTimeMs, T.culpritCount),
    timed: 'their own work in the threadpool',
  };
}
