// A saturated libuv threadpool: requests hand work to Node's threadpool (crypto.scrypt and pbkdf2, zlib, fs, native
// addons such as bcrypt), all of its threads stay occupied, and requests queue for a free thread while the main event
// loop idles. Judged on the pool's threads' own CPU (the probe reads each thread's time from Linux), so it is found
// with few completed requests too: a login that takes seconds is the evidence, not a lack of it.
import type { Culprit, Evidence } from '../contract/diagnosis.js';
import { ms, named, pct } from './format.js';
import type { AnalyserResult, DiagnosisInput } from './input.js';
import { loopBusyEvidence, loopOwnWork } from './loop-busy.js';
import { round } from '../numbers.js';
import { POOL_ADDONS, poolCallCulprits, poolCallMsPerRequest, type OffMainThread } from './threadpool.js';
import { thresholds as T } from './thresholds.js';
import { enoughWindows } from './windows.js';
import { fewBecauseSlow } from './slow-requests.js';

/** What the pool's work is, in words, and what lowers it. */
function whatQueues(off: OffMainThread, culprits: Culprit[]): { what: string; lower: string } {
  const top = off.calls[0];
  if (top && culprits[0]) {
    const perCall = top.count > 0 ? `${ms(top.doneMs / top.count)} per call from call to callback` : `none of its calls completed in the measured window`;
    const addon = Object.keys(POOL_ADDONS).find((a) => top.api.startsWith(a + '.'));
    const lower = top.api.startsWith('zlib.') ? 'a lower compression level, or compressing once and caching the result' : addon ? POOL_ADDONS[addon]! : 'a lower cost parameter (the work per call grows with it)';
    return { what: `${top.api} called from ${named(culprits[0])}, ${perCall}`, lower };
  }
  const known = off.addons.filter((a) => a in POOL_ADDONS);
  if (known.length) return { what: `the native addon of ${known.join(', ')} (its calls run in the pool where no JavaScript hook sees them; the app loaded it)`, lower: POOL_ADDONS[known[0]!]! };
  const others = off.addons.length ? `, or a native addon (${off.addons.join(', ')})` : '';
  return { what: `work Checkup's hooks do not see: fs calls, dns.lookup (every outbound connection by host name), zlib streams${others}`, lower: 'less of that work per request' };
}

export function analyseThreadpool(input: DiagnosisInput): AnalyserResult {
  const off = input.offMain;
  const load = input.load;
  if (!off || !load || !enoughWindows(input.samples)) return { findings: [] };
  if (off.poolThreads === 0 || off.poolOccupied < T.threadpoolSaturatedShare) return { findings: [] };
  const busy = loopOwnWork(input);
  // The main loop busy too with the requests' own work: that is the bottleneck, and the other analysers say so.
  if (busy.share >= T.busyElu) return { findings: [] };
  const requests = load.requestsTotal;
  // The pool time one request occupies (runnable: on a CPU or waiting for one); requests wait for a thread when
  // their latency is several times that. None completed in the whole window: they waited longer than it.
  const occupiedPerRequest = requests > 0 ? (off.poolRunMs + off.poolWaitMs) / requests : Infinity;
  // A short run of requests that take seconds counts few of them while the pool also worked on those still in flight
  // at its end, so the time per request reads high: there, more connections than the factor times the threads say it.
  const crowded = fewBecauseSlow(input) && (input.concurrency ?? 0) >= T.threadpoolQueueFactor * off.poolThreads;
  const queued = requests === 0 || crowded || load.latency.p50 >= Math.max(T.poolSlowP50Ms, T.threadpoolQueueFactor * occupiedPerRequest);
  // Or no queue yet, but every thread taken by the requests' own calls, which hold at least half of the median
  // request (the timed waits' line, as analyse-io's "the pool had room" uses it), itself slow enough to matter (the
  // pools' latency floor): the pool caps the throughput, and one more request in flight waits for a thread. A median
  // request that does not use the pool (a login among quick pages) is not held by it. Below the saturation line the
  // same calls are the request's own cost (info).
  const timedPerRequestMs = poolCallMsPerRequest(off, requests);
  const heldByCalls = !queued && off.calls.length > 0 && load.latency.p50 >= T.poolSlowP50Ms && timedPerRequestMs >= T.timedWaitShareOfLatency * load.latency.p50;
  if (!queued && !heldByCalls) return { findings: [] };

  const requestTimeMs = load.latency.mean * Math.max(1, requests);
  const culprits = poolCallCulprits(off, requestTimeMs, T.culpritCount);
  const { what, lower } = whatQueues(off, culprits);
  const cpuPerRequest = requests > 0 ? off.poolRunMs / requests : undefined;
  const waitedForCpu = off.poolRunMs + off.poolWaitMs > 0 ? off.poolWaitMs / (off.poolRunMs + off.poolWaitMs) : 0;
  // The calls held the threads while the work ran elsewhere (an addon's own threads, started per call): the pool's
  // runnable time says nothing of the CPU the work took, the process's CPU outside its live threads does.
  const heldElsewhere = off.poolHeld >= T.threadpoolSaturatedShare && (off.poolRunMs + off.poolWaitMs) / Math.max(1, off.poolThreads * off.wallMs) < T.threadpoolSaturatedShare;
  // The threads the calls start: alive at a reading (other than the pool's and Node's) or ended between two.
  const startedCores = off.otherCores + off.unlistedCores;
  // Measured advice: more threads help only where the pool's threads got a CPU when they wanted one.
  const moreThreads = heldElsewhere
    ? `More threads (UV_THREADPOOL_SIZE) let more calls start at once, but each call's work runs on threads of its own (${round(startedCores, 2)} cores of the process's CPU went to threads outside the pool): they help only if the machine has cores to spare.`
    : waitedForCpu >= 0.25
      ? `More threads (UV_THREADPOOL_SIZE) would not help on this machine: the pool's threads already waited for a CPU ${pct(waitedForCpu)} of their time.`
      : `The pool's threads rarely waited for a CPU (${pct(waitedForCpu)} of their time): more threads (UV_THREADPOOL_SIZE=${off.poolThreads * 2}, set before the app starts) would let more requests be worked on at once, if the machine has the cores.`;
  const evidence: Evidence[] = [
    heldElsewhere
      ? { label: `Threadpool held by the calls Checkup timed (${off.poolThreads} threads)`, value: round(100 * off.poolHeld), unit: '%', series: 'cpu', threshold: 100 * T.threadpoolSaturatedShare }
      : { label: `Threadpool occupied (${off.poolThreads} threads, on a CPU or waiting for one)`, value: round(100 * off.poolOccupied), unit: '%', series: 'cpu', threshold: 100 * T.threadpoolSaturatedShare },
    ...(heldElsewhere ? [{ label: 'CPU of the threads outside the pool (the work the calls started)', value: round(startedCores, 2), unit: 'cores', series: 'cpu' as const }] : []),
    { label: 'Threadpool CPU', value: round(off.poolCores, 2), unit: 'cores', series: 'cpu' },
    { label: "Of the pool threads' time, waiting for a CPU", value: round(100 * waitedForCpu), unit: '%', series: 'cpu' },
    busy.source === 'thread-cpu' ? loopBusyEvidence(busy, T.busyElu * 100) : { ...loopBusyEvidence(busy, T.busyElu * 100), label: `Main thread: ${loopBusyEvidence(busy).label.toLowerCase()}` },
    { label: 'Latency p50', value: round(load.latency.p50), unit: 'ms', series: 'load.latencyP99', ...(Number.isFinite(occupiedPerRequest) ? { threshold: round(Math.max(T.poolSlowP50Ms, T.threadpoolQueueFactor * occupiedPerRequest), 1) } : {}) },
    ...(cpuPerRequest !== undefined ? [{ label: 'Threadpool CPU per request', value: round(cpuPerRequest, 1), unit: 'ms', series: 'cpu' as const }] : []),
    ...(heldByCalls ? [{ label: "Of a request's time, its own calls in the threadpool", value: round((100 * timedPerRequestMs) / load.latency.p50), unit: '%', series: 'io.wait' as const, threshold: 100 * T.timedWaitShareOfLatency }] : []),
    { label: 'Requests completed', value: requests, unit: 'requests', series: 'load.rps' },
  ];
  return {
    findings: [
      {
        kind: 'threadpool-saturated',
        severity: 'problem',
        title: 'The threadpool is saturated',
        explanation:
          (heldElsewhere
            ? `Requests queue for Node's threadpool: the calls below held its ${off.poolThreads} threads ${pct(off.poolHeld)} of the time (each waiting for threads the call starts to do the work: ${round(startedCores, 2)} cores of CPU) while the main event loop was busy only ${pct(busy.share)}, `
            : heldByCalls
              ? `Every one of Node's ${off.poolThreads} threadpool threads was occupied ${pct(off.poolOccupied)} of the time (${round(off.poolCores, 2)} cores of CPU) by the requests' own calls (${ms(timedPerRequestMs)} of them per completed request, against a median request of ${ms(load.latency.p50)}), while the main event loop was busy only ${pct(busy.share)}: the pool is what limits the server to ${off.poolThreads} such requests at a time, and one more in flight waits for a thread.`
              : `Requests queue for Node's threadpool: its ${off.poolThreads} threads were occupied ${pct(off.poolOccupied)} of the time (${round(off.poolCores, 2)} cores of CPU) while the main event loop was busy only ${pct(busy.share)}, `) +
          (heldByCalls
            ? ''
            : requests > 0
            ? heldElsewhere
              ? `so requests took ${ms(load.latency.p50)} at the median.`
              : `so requests took ${ms(load.latency.p50)} at the median for ${ms(cpuPerRequest!)} of threadpool work each.`
            : 'so no request completed in the measured window.') +
          ` The work is ${what}. What helps: ${lower}; moving the work off the request path or rate-limiting the route. ${moreThreads}`,
        evidence,
        culprits,
        score: off.poolOccupied / T.threadpoolSaturatedShare + 0.5,
      },
    ],
  };
}
