// The engine's side of the load generator: starts the worker, relays its progress, hands the caller the exact
// measured window, and guarantees that stop() ends the worker whatever phase it is in.
import { Worker } from 'node:worker_threads';
import { LoadSpecSchema, type LoadSpec } from '../contract/recipe.js';
import { describeIssues } from '../contract/schema-issues.js';
import type { LoadResult, LoadTick } from '../contract/metrics.js';
import { CheckupError } from '../errors.js';
import { compiledEntry } from '../paths.js';
import { assertLoadAllowed, type LoadTarget } from '../contract/load-address.js';
import { planLoad } from './options.js';
import type { FromWorker, MeasureWindow, ToWorker, WorkerJob } from './protocol.js';
import type { ReadyLoadWorker } from './ready-worker.js';

export type LoadPhase = 'warmup' | 'waiting' | 'measuring' | 'done' | 'stopped' | 'failed';

export interface LoadHooks {
  /** One tick per second of load, warm-up included (phase 'warmup', negative seconds). */
  onTick?: (tick: LoadTick) => void;
  /** Phase changes, with the Unix epoch ms they happened at: warmup, measuring, then done, stopped or failed. (The
   *  short 'waiting' phase between them, while onMeasureStart runs, is visible in LoadRun.phase only.) */
  onPhase?: (phase: LoadPhase, atMs: number) => void;
  /**
   * Awaited after warm-up and before the measured load begins (e.g. to start the CPU profiler). If it rejects, the
   * load is stopped and `result` rejects with that error.
   */
  onMeasureStart?: () => Promise<void> | void;
  /** The measured window, as soon as the measured load has ended (before `result` resolves). */
  onMeasureEnd?: (window: MeasureWindow) => void;
}

export interface LoadRun {
  /** The measured result. A duration run measures whole seconds (autocannon samples once a second, so 2.5 s is
   *  measured as 3 s); a fixed-amount run ends at its last response. Rejects with CHK_LOAD_FAILED if the worker
   *  fails, CHK_INTERRUPTED if stopped before measuring began. */
  readonly result: Promise<LoadResult>;
  /** Stops at any phase and terminates the worker. During the measured phase the partial result is returned
   *  (autocannon hands it over at its next 1 s sample, so this takes up to ~1 s); before it, undefined. */
  stop(): Promise<LoadResult | undefined>;
  readonly phase: LoadPhase;
  /** Set once the measured phase has started (endMs once it has ended). */
  readonly window: Partial<MeasureWindow> | undefined;
}

export interface StartLoadOptions {
  /** Per-response bookkeeping for the live ticks (default on); off only to measure its cost. */
  liveTicks?: boolean;
  /** Entry file of the worker; the compiled load-worker by default. */
  workerEntry?: string;
  /** A worker started ahead (ready-worker.ts), sent the job instead of starting one now. */
  ready?: ReadyLoadWorker;
}

/** How long stop() waits for autocannon's partial result before giving up on it. */
const STOP_GRACE_MS = 2500;

function validSpec(spec: LoadSpec): LoadSpec {
  const parsed = LoadSpecSchema.safeParse(spec);
  if (!parsed.success) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: describeIssues(parsed.error.issues, { at: ['load'] }) });
  return parsed.data;
}

/**
 * Starts load against `target` (the resolved address of the app). Throws synchronously, before anything starts,
 * for invalid options (CHK_INVALID_OPTIONS) and for a non-loopback host without allowRemote (CHK_REMOTE_LOAD_REFUSED).
 */
export function startLoad(specInput: LoadSpec, target: LoadTarget, hooks: LoadHooks = {}, options: StartLoadOptions = {}): LoadRun {
  const spec = validSpec(specInput);
  if (!Number.isInteger(target.port) || target.port < 1 || target.port > 65535) {
    throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `load target port ${String(target.port)} is not a port number` });
  }
  assertLoadAllowed(target.host, spec.allowRemote);
  const job: WorkerJob = { plan: planLoad(spec, target), liveTicks: options.liveTicks ?? true };

  let phase: LoadPhase = job.plan.warmup ? 'warmup' : 'waiting';
  let window: Partial<MeasureWindow> | undefined;
  let settled = false;
  let stopping: Promise<LoadResult | undefined> | undefined;
  let resolveResult!: (r: LoadResult) => void;
  let rejectResult!: (e: unknown) => void;
  const result = new Promise<LoadResult>((resolve, reject) => {
    resolveResult = resolve;
    rejectResult = reject;
  });
  // Callers who only use stop() must not see an unhandled rejection; awaiting `result` still rejects.
  result.catch(() => undefined);

  const readyWorker = options.ready?.take();
  const worker = readyWorker ?? new Worker(options.workerEntry ?? compiledEntry('app/load/load-worker'), { workerData: job });
  if (readyWorker) readyWorker.postMessage({ type: 'job', job } satisfies ToWorker);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  const setPhase = (next: LoadPhase, atMs = Date.now()): void => {
    phase = next;
    try {
      hooks.onPhase?.(next, atMs);
    } catch {
      // a faulty listener must not break the load
    }
  };
  const post = (message: ToWorker): void => {
    try {
      worker.postMessage(message);
    } catch {
      // the worker is already gone; exit handling settles the result
    }
  };
  const fail = (err: unknown, next: LoadPhase = 'failed'): void => {
    if (settled) return;
    settled = true;
    rejectResult(err);
    setPhase(next);
    void worker.terminate();
  };
  const succeed = (loadResult: LoadResult, measured: MeasureWindow): void => {
    if (settled) return;
    settled = true;
    window = measured;
    try {
      hooks.onMeasureEnd?.(measured);
    } catch {
      // listener errors are theirs
    }
    resolveResult(loadResult);
    setPhase(stopping ? 'stopped' : 'done', measured.endMs);
    void worker.terminate();
  };

  const beginMeasuring = async (): Promise<void> => {
    phase = 'waiting';
    try {
      await hooks.onMeasureStart?.();
    } catch (err) {
      fail(err);
      return;
    }
    if (!settled && !stopping) post({ type: 'measure' });
  };

  worker.on('message', (message: FromWorker) => {
    switch (message.type) {
      case 'warmup-started':
        setPhase('warmup', message.at);
        break;
      case 'warmup-done':
        if (!settled && !stopping) void beginMeasuring();
        break;
      case 'measure-started':
        window = { startMs: message.at };
        setPhase('measuring', message.at);
        break;
      case 'tick':
        try {
          hooks.onTick?.(message.tick);
        } catch {
          // listener errors are theirs
        }
        break;
      case 'result':
        succeed(message.result, message.window);
        break;
      case 'failed':
        fail(new CheckupError('CHK_LOAD_FAILED', { detail: message.message }, { details: message.stack ? [message.stack] : [] }));
        break;
    }
  });
  worker.on('error', (err) => fail(new CheckupError('CHK_LOAD_FAILED', { detail: err.message }, { cause: err })));
  worker.on('exit', (code) => {
    if (!settled) {
      const err = stopping
        ? new CheckupError('CHK_INTERRUPTED')
        : new CheckupError('CHK_LOAD_FAILED', { detail: `the load worker exited (code ${code}) before it finished` });
      fail(err, stopping ? 'stopped' : 'failed');
    }
  });
  if (!job.plan.warmup) void beginMeasuring();

  const stop = (): Promise<LoadResult | undefined> => {
    if (stopping) return stopping;
    stopping = (async () => {
      if (settled) {
        await worker.terminate();
        return result.then((r) => r, () => undefined);
      }
      if (phase === 'measuring') {
        post({ type: 'stop' });
        const timer = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), STOP_GRACE_MS).unref());
        const partial = await Promise.race([result.then((r) => r, () => undefined), timer]);
        if (!settled) fail(new CheckupError('CHK_INTERRUPTED'), 'stopped');
        await worker.terminate();
        await exited;
        return partial;
      }
      // Warm-up or waiting for onMeasureStart: nothing measured yet, end it now.
      fail(new CheckupError('CHK_INTERRUPTED'), 'stopped');
      await worker.terminate();
      await exited;
      return undefined;
    })();
    return stopping;
  };

  return {
    result,
    stop,
    get phase() {
      return phase;
    },
    get window() {
      return window;
    },
  };
}
