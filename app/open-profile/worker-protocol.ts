// Messages between importInWorker (parent) and app/open-profile/worker (worker thread).
import type { FrameCategory, ProfileFormat, ProfileSummary } from '../contract/profile.js';
import type { FrameMatch } from '../profile/model/focus-frame.js';
import type { ProfileData } from '../profile/model/types.js';
import type { ReduceOptions, ReducedFlame } from '../profile/reduce/reduce-for-flame.js';
import type { ImportProgress } from '../profile/import/import-profile.js';
import type { ProfileInput } from '../profile/import/source.js';

export interface WorkerJob {
  input: ProfileInput;
  maxBytes?: number;
  top?: number;
  /** Build the reduced flame profile (default true); options tune its budget. */
  flame?: boolean | ReduceOptions;
  /** Send the full models back (their typed arrays are transferred, not copied). */
  keepProfiles?: boolean;
  profProcessTimeoutMs?: number;
  /** Frame categories to leave out (their time goes to the nearest visible caller); applies to summary and flame. */
  hide?: FrameCategory[];
  /** Keep only stacks through this function, starting at it (applied after `hide`). */
  focus?: FrameMatch;
  /** Instead of summaries: the file's profile `index` written in another format (the encoded bytes come back). */
  export?: { format: ProfileExportFormat; index: number };
}

export type ProfileExportFormat = 'pprof' | 'cpuprofile' | 'speedscope';

export interface WorkerProfileResult {
  summary: ProfileSummary;
  flame?: ReducedFlame;
  data?: ProfileData;
}

export interface WorkerResult {
  format: ProfileFormat;
  warnings: string[];
  profiles: WorkerProfileResult[];
  /** The exported file's bytes, when the job asked for an export. */
  exported?: { bytes: Uint8Array };
}

export type ToWorker = { type: 'abort' };

export type FromWorker =
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'result'; result: WorkerResult }
  | { type: 'error'; error: { code: string; params: Record<string, string | number | undefined>; message: string } };
