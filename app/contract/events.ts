// The engine's event stream: what a run, an A/B comparison, watch mode and the desktop host tell every window, and
// the run in progress as a window that connects mid-run receives it (Engine.currentRun). Methods are in api.ts.
import type { SetupOutcome } from './setup.js';
import type { RampStep } from './ramp.js';
import type { Diagnosis } from './diagnosis.js';
import type { LoadResult, LoadTick, ProbeSample, ProbeWarning } from './metrics.js';
import type { SessionFile } from './session.js';
import type { SerializedError } from '../errors.js';
import type { RunUnit, UnitSample } from './units.js';
import type { RunRoutesNews } from './routes.js';

export const LIVE_BATCHES_PER_SECOND = 5;

export type RunPhase =
  | 'starting'
  | 'waiting-for-port'
  | 'warmup'
  | 'measuring'
  | 'collecting'
  | 'diagnosing'
  | 'repeating'
  | 'saving'
  | 'done'
  | 'failed'
  | 'stopped';

export interface LogLine {
  stream: 'stdout' | 'stderr';
  text: string;
  ts: number;
}

/** Live data of a run collected since the previous batch. */
export interface LiveBatch {
  samples: ProbeSample[];
  ticks: LoadTick[];
  warnings: ProbeWarning[];
  log: LogLine[];
  /**
   * The probe windows of the app's other processes and threads (a multi-unit run; the main process's are `samples`),
   * lightened for the charts (no io, routes or listeners) and bounded (app/engine/live-batcher.ts). Added with issue
   * 11; absent for a one-process run.
   */
  units?: UnitSample[];
}

/**
 * The run in progress as the engine holds it (Engine.currentRun): every window that connects (a reload, a second
 * window) draws the same live screen from it, then follows the event stream.
 */
export interface RunSnapshot {
  runId: string;
  sessionId: string;
  sessionDir: string;
  /** The session's display name (the project's, or the sample app's). */
  name: string;
  phase: RunPhase;
  phaseMessage?: string;
  /** Epoch ms of the phase's start. */
  phaseAt: number;
  warmupSec: number;
  durationSec: number;
  /** Epoch ms: when the warm-up began, and when the measured window began (x = 0 of the live charts). */
  loadStartedAt?: number;
  measureStartAt?: number;
  /** Epoch ms by which the app must listen (while waiting for its port). */
  readyDeadline?: number;
  /** The address the load is sent to, once the app listens: `http://127.0.0.1:3000/api`. */
  url?: string;
  /** Everything measured so far (log: the last lines only; the session's target.log has them all). */
  live: LiveBatch;
  /** The processes and threads the probe reached so far, for an app of more than one (the last run-units event). */
  units?: LiveUnitInfo[];
  /** The routes of the loaded server, once the probe read them. */
  routes?: RunRoutesNews;
}

/** The event stream. Live data is batched: at most LIVE_BATCHES_PER_SECOND `run-live` events a second per run. */
/** A unit of a run as the faces see it while the run goes on (app/contract/units.ts). */
export type LiveUnitInfo = Pick<RunUnit, 'id' | 'pid' | 'threadId' | 'role' | 'parentId' | 'title' | 'goneAt' | 'main'>;

export type EngineEvent =
  | {
      type: 'run-phase';
      runId: string;
      sessionId: string;
      phase: RunPhase;
      at: number;
      message?: string;
      totalSec?: number;
      /** Added for windows that follow a run they did not start: its name, the load's address, the listen deadline. */
      name?: string;
      url?: string;
      readyDeadline?: number;
      /** A start-up checkup's progress: the start under way and how many are planned. */
      step?: { at: number; of: number };
    }
  | { type: 'run-live'; runId: string; live: LiveBatch }
  /** The loaded server's route table, and the load's requests it has no route for. */
  | ({ type: 'run-routes'; runId: string; sessionId: string } & RunRoutesNews)
  /** The processes and threads the probe reached so far, sent whenever one comes or goes. */
  /** What the set-up step (a login) answered, before the warm-up: shown so the user sees it worked. */
  | { type: 'run-setup'; runId: string; sessionId: string; setup: SetupOutcome }
  /** A ramp (rampLoad) has its session and is launching the app: `rampId` stops it (stopRun). */
  | { type: 'ramp-started'; rampId: string; sessionId: string; rates: number[] }
  /** One measured step of a ramp (rampLoad), as soon as it is measured. */
  | { type: 'ramp-step'; rampId: string; sessionId: string; step: RampStep }
  | { type: 'run-units'; runId: string; units: LiveUnitInfo[] }
  | {
      type: 'run-finished';
      runId: string;
      sessionId: string;
      sessionDir: string;
      status: SessionFile['status'];
      error?: SerializedError;
      diagnosis?: Diagnosis;
      load?: Pick<LoadResult, 'requestsPerSecond' | 'latency' | 'errors' | 'non2xx'>;
    }
  /** A command from the desktop host's menu or OS (File > Open profile, a file dropped on the dock icon...). */
  | { type: 'host-command'; command: 'new-checkup' | 'open-profile' | 'open-session' | 'show-sessions' | 'show-start'; path?: string; sessionId?: string }
  /** Something the host wants the user to know, e.g. the desktop's engine process restarted after a crash. */
  | { type: 'host-notice'; level: 'error' | 'info'; message: string; error?: SerializedError }
  /** Watch mode: files changed (a re-run follows once the current run, if any, is done), or watching stopped. */
  | { type: 'watch'; state: 'changed' | 'rerun' | 'stopped'; dir: string; files?: string[]; runId?: string; message?: string }
  /** An interleaved A/B run (runAgainstCommit) started one of its runs: before = the commit, after = the working tree. */
  | { type: 'ab-progress'; abId: string; side: 'before' | 'after'; pair: number; pairs: number; runId: string; sessionId: string; ref: string; commit: string }
  /** It ended: `before` and `after` are the last complete pair's sessions (compare them for the paired result). */
  | { type: 'ab-finished'; abId: string; status: 'complete' | 'partial'; pairsDone: number; pairs: number; ref: string; commit: string; before?: string; after?: string; error?: SerializedError }
  /** Progress of a long profile import (big files). */
  | { type: 'profile-progress'; path: string; phase: string; fraction: number };

