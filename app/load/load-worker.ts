// The load generator's thread. autocannon runs here so that its sockets and timers never share an event loop with
// the engine that receives the target's metrics. Started by startLoad from the compiled file
// (compiledEntry('app/load/load-worker')).
//
// Phases: warm-up (its own autocannon run, results dropped), then a pause until the engine says "measure" (it
// starts the CPU profiler meanwhile), then the measured run. autocannon's own `warmup` option chains the two runs
// back to back with no hook between them, so the engine could not start its profiler at the boundary; separate runs
// give an exact start time for the measured window.
import { parentPort, workerData } from 'node:worker_threads';
import type { LoadTick } from '../contract/metrics.js';
import { loadAutocannon, type SampleSink, type UnaggregatedResult } from './autocannon.js';
import type { PhaseOptions } from './options.js';
import type { FromWorker, ToWorker, WorkerJob } from './protocol.js';
import { ResponseTally } from './response-tally.js';
import { hookedRequests } from './journey-hooks.js';
import { summarizeLoad } from './load-summary.js';

if (!parentPort) throw new Error('load-worker must run in a worker thread');
const port = parentPort;
const autocannon = loadAutocannon();
let jobArrived: (() => void) | undefined;
/** Given at the start (workerData), or, to a worker started ahead (ready-worker.ts), as the first message. */
let job = workerData as WorkerJob;
const jobGiven = job ? Promise.resolve() : new Promise<void>((resolve) => (jobArrived = resolve));
if (!job) send({ type: 'loaded' });

function send(message: FromWorker): void {
  port.postMessage(message);
}

interface PhaseOutcome {
  result: UnaggregatedResult;
  tally: ResponseTally;
  requestsSeries: number[];
  bytesSeries: number[];
  startMs: number;
}

let current: { stop(): void } | undefined;
let stopRequested = false;

function sink(onValue: (value: number) => void): SampleSink {
  return { __custom: true, recordValue: onValue, reset: () => undefined, destroy: () => undefined };
}

/** One autocannon run; ticks are numbered from `firstSecond` (negative for warm-up, 0 for the measured phase). */
function runPhase(options: PhaseOptions, phase: LoadTick['phase'], firstSecond: number): Promise<PhaseOutcome> {
  const requestsSeries: number[] = [];
  const bytesSeries: number[] = [];
  const tally = new ResponseTally(options.pipelining);
  let pendingRequests = 0;

  // autocannon records each 1 s sample as requests first, then bytes, in the same turn: the bytes sample closes a
  // tick, so ticks line up exactly with the per-second series kept for the result.
  const histograms = {
    requests: sink((count) => {
      requestsSeries.push(count);
      pendingRequests = count;
    }),
    throughput: sink((bytes) => {
      bytesSeries.push(bytes);
      if (!job.liveTicks) return;
      const second = firstSecond + requestsSeries.length - 1;
      send({ type: 'tick', tick: { second, phase, requests: pendingRequests, bytes, ...tally.takeSecond() } });
    }),
  };

  const startMs = Date.now();
  const { cycle, ...autocannonOptions } = options;
  const instance = autocannon({ ...autocannonOptions, ...(cycle ? { requests: hookedRequests(cycle) } : {}), histograms });
  current = instance;
  // autocannon connects and sends synchronously inside the call above: the phase has begun.
  send(phase === 'measure' ? { type: 'measure-started', at: startMs } : { type: 'warmup-started', at: startMs });
  if (job.liveTicks) {
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, latencyMs: number) => tally.response(statusCode, latencyMs));
    instance.on('reqError', () => tally.requestError());
  } else {
    instance.on('response', () => (tally.lastResponseMs = Date.now()));
  }

  return new Promise((resolve, reject) => {
    instance.then((result) => resolve({ result: result as UnaggregatedResult, tally, requestsSeries, bytesSeries, startMs }), reject);
  }).finally(() => {
    current = undefined;
  }) as Promise<PhaseOutcome>;
}

let measureSignal: (() => void) | undefined;

port.on('message', (message: ToWorker) => {
  if (message.type === 'job') {
    job = message.job;
    jobArrived?.();
  }
  if (message.type === 'measure') measureSignal?.();
  if (message.type === 'stop') {
    stopRequested = true;
    current?.stop();
  }
});

async function main(): Promise<void> {
  await jobGiven;
  if (stopRequested) return;
  const { plan } = job;
  if (plan.warmup) {
    const warmupSeconds = Math.ceil(plan.warmup.duration ?? 0);
    await runPhase(plan.warmup, 'warmup', -warmupSeconds);
    send({ type: 'warmup-done', at: Date.now() });
  }
  if (stopRequested) return;
  await new Promise<void>((resolve) => (measureSignal = resolve));
  if (stopRequested) return;

  const outcome = await runPhase(plan.measure, 'measure', 0);
  const raw = autocannon.aggregateResult([outcome.result], plan.measure);
  // The window ends when autocannon stopped sending: at its duration, at a stop, or, for a fixed amount, when the
  // last response arrived (autocannon only notices at its next 1 s sample, which would pad the window).
  const startMs = outcome.startMs;
  const finishMs = outcome.result.finish instanceof Date ? outcome.result.finish.getTime() : Date.now();
  const lastResponseMs = outcome.tally.lastResponseMs;
  const endMs = plan.measure.amount !== undefined && !stopRequested && lastResponseMs > startMs ? lastResponseMs : finishMs;
  const window = { startMs, endMs };
  const result = summarizeLoad({
    raw,
    latency: outcome.tally.latency(),
    totalCompletedRequests: outcome.result.totalCompletedRequests,
    totalBytes: outcome.result.totalBytes,
    requestsSeries: outcome.requestsSeries,
    bytesSeries: outcome.bytesSeries,
    window,
    connections: plan.measure.connections,
    pipelining: plan.measure.pipelining,
  });
  send({ type: 'result', result, window });
}

main().catch((err: unknown) => {
  const e = err instanceof Error ? err : new Error(String(err));
  send({ type: 'failed', message: e.message, ...(e.stack ? { stack: e.stack } : {}) });
});
