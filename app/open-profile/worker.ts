// Worker thread entry: import, summarise and reduce a profile off the caller's thread, reporting progress. Started
// by importInWorker (in-worker.ts) from its compiled file. The profile room imports and reduces, the doctor judges:
// this room is where the two meet, so neither imports the other's way up.
import { parentPort, workerData } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { CheckupError } from '../errors.js';
import { summarizeProfile } from '../diagnosis/index.js';
import { importProfile } from '../profile/import/import-profile.js';
import type { FromWorker, ProfileExportFormat, ToWorker, WorkerJob, WorkerProfileResult, WorkerResult } from './worker-protocol.js';
import { toCpuProfile, toSpeedscope } from '../profile/model/export.js';
import { toPprof } from '../profile/model/export-pprof.js';
import type { Profile } from '../profile/model/profile.js';
import { reduceForFlame } from '../profile/reduce/reduce-for-flame.js';
import { focusOnFrame } from '../profile/model/focus-frame.js';
import { hideCategories } from '../profile/model/hide-categories.js';

const port = parentPort;
const job = workerData as WorkerJob;
const controller = new AbortController();
const post = (msg: FromWorker, transfer: ArrayBuffer[] = []) => port!.postMessage(msg, transfer);

port?.on('message', (msg: ToWorker) => {
  if (msg.type === 'abort') controller.abort();
});

async function run(): Promise<void> {
  const imported = await importProfile(job.input, {
    signal: controller.signal,
    onProgress: (progress) => post({ type: 'progress', progress }),
    ...(job.maxBytes !== undefined ? { maxBytes: job.maxBytes } : {}),
    ...(job.profProcessTimeoutMs !== undefined ? { profProcessTimeoutMs: job.profProcessTimeoutMs } : {}),
  });
  if (job.export) {
    const bytes = exportProfile(imported.profiles, job.export.format, job.export.index);
    post({ type: 'result', result: { format: imported.format, warnings: imported.warnings, profiles: [], exported: { bytes } } }, [bytes.buffer as ArrayBuffer]);
    return;
  }
  const fileWarnings = imported.warnings.filter((w) => !imported.profiles.some((p) => p.warnings.includes(w)));
  const profiles: WorkerProfileResult[] = [];
  const transfer: ArrayBuffer[] = [];
  for (let i = 0; i < imported.profiles.length; i++) {
    const visible = job.hide?.length ? hideCategories(imported.profiles[i]!, new Set(job.hide)) : imported.profiles[i]!;
    const profile = job.focus ? (focusOnFrame(visible, job.focus) ?? visible) : visible;
    const step = (phase: 'analyse' | 'reduce') => post({ type: 'progress', progress: { phase, fraction: i / imported.profiles.length } });
    step('analyse');
    const summary = summarizeProfile(profile, imported.format, { ...(job.top !== undefined ? { top: job.top } : {}), warnings: fileWarnings });
    const entry: WorkerProfileResult = { summary };
    if (job.flame !== false) {
      step('reduce');
      entry.flame = reduceForFlame(profile, typeof job.flame === 'object' ? job.flame : {});
    }
    if (job.keepProfiles) {
      const data = profile.toData();
      entry.data = data;
      transfer.push(data.nodeFrame.buffer as ArrayBuffer, data.nodeParent.buffer as ArrayBuffer, data.nodeSelf.buffer as ArrayBuffer);
      if (data.timeline) transfer.push(data.timeline.nodes.buffer as ArrayBuffer, data.timeline.weights.buffer as ArrayBuffer);
    }
    profiles.push(entry);
  }
  const result: WorkerResult = { format: imported.format, warnings: imported.warnings, profiles };
  post({ type: 'result', result }, [...new Set(transfer)]);
}

/** One profile of the file in another format: pprof gzipped (as pprof files are), the JSON formats as UTF-8. */
function exportProfile(profiles: Profile[], format: ProfileExportFormat, index: number): Uint8Array {
  const profile = profiles[index];
  if (!profile) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `the file holds ${profiles.length} profile(s); profile ${index} is not one of them` });
  if (format === 'pprof') return new Uint8Array(gzipSync(toPprof(profile)));
  if (format === 'cpuprofile' && profile.unit !== 'microseconds') {
    throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `"${profile.name}" counts ${profile.unit === 'bytes' ? 'bytes' : 'events'}, not time: a .cpuprofile cannot hold it (export it as pprof or speedscope)` });
  }
  const json = format === 'cpuprofile' ? toCpuProfile(profile) : toSpeedscope(profile);
  return new TextEncoder().encode(JSON.stringify(json));
}

run().catch((err: unknown) => {
  const e = err instanceof CheckupError ? err : undefined;
  post({
    type: 'error',
    error: e ? { code: e.code, params: e.params, message: e.message } : { code: 'CHK_INTERNAL', params: { detail: (err as Error)?.message ?? String(err) }, message: String(err) },
  });
});
