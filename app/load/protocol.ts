// Messages between the engine (startLoad) and the load worker thread.
import type { LoadResult, LoadTick } from '../contract/metrics.js';
import type { LoadPlan } from './options.js';

export interface WorkerJob {
  plan: LoadPlan;
  /** Per-response bookkeeping for live ticks; off only to measure what it costs. */
  liveTicks: boolean;
}

/** Engine -> worker. A worker started ahead of its job (ready-worker.ts) is sent the job first. */
export type ToWorker = { type: 'job'; job: WorkerJob } | { type: 'measure' } | { type: 'stop' };

/** Worker -> engine. Times are Unix epoch ms. */
export type FromWorker =
  | { type: 'loaded' }
  | { type: 'warmup-started'; at: number }
  | { type: 'warmup-done'; at: number }
  | { type: 'measure-started'; at: number }
  | { type: 'tick'; tick: LoadTick }
  | { type: 'result'; result: LoadResult; window: MeasureWindow }
  | { type: 'failed'; message: string; stack?: string };

/** The measured window, for cutting metric series and the CPU profile. */
export interface MeasureWindow {
  startMs: number;
  endMs: number;
}
