// A load worker started ahead of its job. Loading autocannon in a fresh worker takes 0.35-1.3 s on this 2-core machine
// (its histograms' WebAssembly and its result printer most of it), measured as the gap between the inspector's
// connection and the warm-up's first request (CHECKUP_PHASE_TIMES=1, bench/results/run-phases-s20.txt). startLoad
// hands it the job once the app listens (the port is known only then); nothing of the load starts before.
//
// When it loads is a judgement: never while a target starts, since on two cores the loading slows the app's start-up,
// which the doctor measures (startupMs moved by +150-200 ms at load 9-13 when the two overlapped). So a run starts
// one as it begins, beside its own git and folder work, and waits for it to be loaded before it spawns the target;
// and, once a run's load is over, the next run's worker is started as a spare, loading while that run diagnoses, stops
// its target and saves. The next run in this process takes the spare: most runs then find their worker loaded.
import { Worker } from 'node:worker_threads';
import { compiledEntry } from '../paths.js';
import type { FromWorker } from './protocol.js';

/** A spare nobody took by then is ended: it holds a thread and ~30 MB for a run that may never come. */
const SPARE_IDLE_MS = 60_000;

let spare: ReadyLoadWorker | undefined;

export class ReadyLoadWorker {
  private worker: Worker | undefined;
  /** Resolves once autocannon is loaded in it, or it died (then take() gives nothing). */
  readonly loaded: Promise<void>;

  private constructor(entry: string) {
    const worker = new Worker(entry);
    // A worker that fails while waiting is not taken (startLoad starts a fresh one, whose failure is reported).
    worker.on('error', () => undefined);
    this.loaded = new Promise((resolve) => {
      worker.on('message', (message: FromWorker) => message.type === 'loaded' && resolve());
      worker.once('exit', () => {
        if (this.worker === worker) this.worker = undefined;
        resolve();
      });
    });
    this.worker = worker;
    // A spare must not keep the engine's process alive; forRun holds it again. After the listeners: adding a
    // 'message' listener holds a worker again.
    worker.unref();
  }

  /** The spare if there is one (see above), else a worker started now; held by the run from now on (it waits on it). */
  static forRun(entry = compiledEntry('app/load/load-worker')): ReadyLoadWorker {
    const taken = spare;
    spare = undefined;
    const ready = taken?.worker ? taken : new ReadyLoadWorker(entry);
    ready.worker?.ref();
    return ready;
  }

  /** Starts the next run's worker now, unless a spare is already there. */
  static startSpare(entry = compiledEntry('app/load/load-worker')): void {
    if (spare?.worker) return;
    const next = new ReadyLoadWorker(entry);
    spare = next;
    setTimeout(() => {
      if (spare !== next) return;
      spare = undefined;
      next.dispose();
    }, SPARE_IDLE_MS).unref();
  }

  /** Ends the spare, if any (the engine is closing). */
  static disposeSpare(): void {
    spare?.dispose();
    spare = undefined;
  }

  /** The worker, once and if still alive; the caller sends it its job and ends it. */
  take(): Worker | undefined {
    const worker = this.worker;
    this.worker = undefined;
    worker?.ref();
    return worker;
  }

  /** Ends the worker unless a load took it. */
  dispose(): void {
    void this.take()?.terminate();
  }
}
