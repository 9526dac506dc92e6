// The on-disk session format, field by field. One folder per session under <dataDir>/sessions/<id>/:
//
//   session.json      SessionFile (below). Written first with status 'running', rewritten atomically at the end.
//   samples.ndjson    one ProbeSample per line, appended live (a crash keeps what was written).
//   warnings.ndjson   one ProbeWarning per line, appended live.
//   ticks.ndjson      one LoadTick per line, appended live.
//   load.json         LoadResult of the measured window.
//   profile.cpuprofile  V8 CPU profile of the measured window (opens in Chrome DevTools and speedscope).
//   heap.heapprofile  V8 sampling heap profile, when requested.
//   diagnosis.json    Diagnosis.
//   target.log        the target's stdout and stderr, each line prefixed by time and stream.
//
// Every JSON file is written to a temporary name, flushed and renamed, so a reader never sees half a file.
// Version history: 1 (0.1.0) first format.
import type { Diagnosis, FindingKind } from './diagnosis.js';
import type { Recipe } from './recipe.js';

export const SESSION_FORMAT_VERSION = 1;

export type SessionStatus =
  /** The run is in progress (or the engine died: see `writerPid`). */
  | 'running'
  /** Load, profile and diagnosis all completed. */
  | 'complete'
  /** The run ended early (target crashed, user stopped, an error); what was collected is kept. */
  | 'partial';

export interface TargetInfo {
  pid?: number;
  /** Inspector WebSocket URL while it ran (127.0.0.1 only). */
  inspectorUrl?: string;
  /** Port the target listened on. */
  port?: number;
  nodeVersion?: string;
  /** ms from process start to listening, from the probe. */
  startupMs?: number;
  exitCode?: number | null;
  signal?: string | null;
  /** Whether the target exited on its own (crash) rather than being shut down by us. */
  exitedUnexpectedly?: boolean;
}

export interface SessionTimings {
  /** Unix epoch ms. */
  startedAt: number;
  listeningAt?: number;
  measureStartAt?: number;
  measureEndAt?: number;
  diagnosedAt?: number;
  endedAt?: number;
  /** Cost of Profiler.start / Profiler.stop as seen by us (ms), reported because it can block a big app. */
  profilerStartMs?: number;
  profilerStopMs?: number;
}

export interface SessionSummary {
  verdict?: FindingKind;
  requestsPerSecond?: number;
  latencyP99?: number;
  errors?: number;
  /**
   * Event-loop busy time per completed request, ms (CPU profile's non-idle share, else event-loop utilisation): what
   * a request costs, which contention moves less than requests/s. Added with thresholds-3.
   */
  loopMsPerRequest?: number;
}

export interface GitInfo {
  commit: string;
  branch?: string;
  dirty: boolean;
  /** `git diff --stat HEAD` summary line, when dirty. */
  diffStat?: string;
}

export interface SessionFile {
  formatVersion: number;
  id: string;
  /** Display name: the script, npm script or lab. */
  name: string;
  /** Absolute project folder (the target's cwd); sessions are grouped by it. */
  project: string;
  createdAt: string;
  status: SessionStatus;
  /** Why a partial session ended early: an error code from app/errors, e.g. CHK_TARGET_CRASHED. */
  partialReason?: string;
  partialMessage?: string;
  /** pid of the engine writing this session; a 'running' session whose writer is gone was interrupted. */
  writerPid: number;
  recipe: Recipe;
  target: TargetInfo;
  timings: SessionTimings;
  summary: SessionSummary;
  git?: GitInfo;
  /** Names of the files present in the folder (see above). */
  files: string[];
  /** Checkup version that wrote it. */
  checkupVersion: string;
}

/** Everything the UI needs to show one session, assembled by the store (big profiles excluded). */
export interface SessionDetail {
  dir: string;
  session: SessionFile;
  diagnosis?: Diagnosis;
  /** Parsed from samples.ndjson. */
  samples: import('./metrics.js').ProbeSample[];
  ticks: import('./metrics.js').LoadTick[];
  warnings: import('./metrics.js').ProbeWarning[];
  load?: import('./metrics.js').LoadResult;
  /** Last lines of target.log. */
  logTail: string[];
}
