// Runs an import (parse, summary, reduced flame profile) in a worker thread, so a 200 MB profile never blocks the
// caller's event loop. Progress arrives as callbacks; aborting the signal stops the worker (and any
// `--prof-process` child it started) and rejects with CHK_CANCELLED. A worker that runs out of its heap limit is
// reported as CHK_PROFILE_TOO_LARGE.
import { statSync } from 'node:fs';
import { totalmem } from 'node:os';
import { basename } from 'node:path';
import { Worker } from 'node:worker_threads';
import { CheckupError, type ErrorCode } from '../errors.js';
import { compiledEntry } from '../paths.js';
import { Profile } from '../profile/model/profile.js';
import type { ImportProgress } from '../profile/import/import-profile.js';
import type { ProfileInput } from '../profile/import/source.js';
import type { FromWorker, WorkerJob, WorkerProfileResult, WorkerResult } from './worker-protocol.js';
import { formatBytes } from '../profile/import/source.js';

export interface InWorkerOptions extends Omit<WorkerJob, 'input'> {
  onProgress?(p: ImportProgress): void;
  signal?: AbortSignal;
  /** Heap limit of the worker, MB. Default: 60% of the machine's memory, at most 4 GB. */
  maxHeapMb?: number;
}

export interface InWorkerProfile extends WorkerProfileResult {
  /** The full model, when keepProfiles was set. */
  profile?: Profile;
}

export interface InWorkerResult extends Omit<WorkerResult, 'profiles'> {
  profiles: InWorkerProfile[];
}

/** Time the worker gets to stop a child process cleanly after an abort before it is terminated. */
const ABORT_GRACE_MS = 1000;

function inputSize(input: ProfileInput): string {
  try {
    return formatBytes('path' in input ? statSync(input.path).size : typeof input.data === 'string' ? input.data.length : input.data.byteLength);
  } catch {
    return 'unknown size';
  }
}

export function defaultWorkerHeapMb(): number {
  return Math.max(512, Math.min(4096, Math.floor((totalmem() / (1024 * 1024)) * 0.6)));
}

export function importInWorker(input: ProfileInput, opts: InWorkerOptions = {}): Promise<InWorkerResult> {
  const { onProgress, signal, maxHeapMb, ...job } = opts;
  const name = 'path' in input ? input.path : input.name;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CheckupError('CHK_CANCELLED'));
    const heapMb = maxHeapMb ?? defaultWorkerHeapMb();
    const worker = new Worker(compiledEntry('app/open-profile/worker'), {
      workerData: { ...job, input } satisfies WorkerJob,
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    let graceTimer: NodeJS.Timeout | undefined;
    const done = (err: Error | undefined, result?: InWorkerResult) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      clearTimeout(graceTimer);
      void worker.terminate();
      if (err) reject(err);
      else resolve(result!);
    };
    const onAbort = () => {
      worker.postMessage({ type: 'abort' });
      graceTimer = setTimeout(() => done(new CheckupError('CHK_CANCELLED')), ABORT_GRACE_MS);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (msg: FromWorker) => {
      if (msg.type === 'progress') onProgress?.(msg.progress);
      else if (msg.type === 'error') done(new CheckupError(msg.error.code as ErrorCode, msg.error.params));
      else if (msg.type === 'result') {
        const profiles = msg.result.profiles.map((p): InWorkerProfile => (p.data ? { ...p, profile: Profile.fromData(p.data) } : p));
        done(undefined, { ...msg.result, profiles });
      }
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        const limit = `what fits in its ${heapMb} MB heap`;
        done(new CheckupError('CHK_PROFILE_TOO_LARGE', { name: basename(name), size: inputSize(input), limit }, { cause: err }));
      } else done(new CheckupError('CHK_INTERNAL', { detail: err.message }, { cause: err }));
    });
    worker.on('exit', (code) => {
      if (!settled) done(signal?.aborted ? new CheckupError('CHK_CANCELLED') : new CheckupError('CHK_INTERNAL', { detail: `the import worker exited with code ${code}` }));
    });
  });
}
