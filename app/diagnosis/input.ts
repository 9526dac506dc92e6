// What the analysers read: everything collected over the measured window of one run. Pure data.
import type { Culprit } from '../contract/diagnosis.js';
import type { LoadResult, MemoryAfterLoad, ProbeSample, ProbeWarning } from '../contract/metrics.js';
import type { OffMainThread } from './threadpool.js';
import type { AppLogSummary } from './app-log.js';
import type { DatabaseServerCpu } from '../contract/metrics.js';

export interface CpuEvidence {
  /** Sampled profile time, ms. */
  durationMs: number;
  /** Shares of profile time, 0..100. */
  gcPercent: number;
  idlePercent: number;
  /** Time in JavaScript and natives it called (everything but idle, gc and program), 0..100. */
  busyPercent: number;
  /** App (and dependency) functions ranked by the CPU time spent in them or in what they called. */
  culprits: Culprit[];
  /**
   * Synchronous stretches: runs of consecutive samples in JavaScript (or what it called) before the loop went back
   * to libuv (an idle or "(program)" sample). At saturation, back-to-back requests can merge into one run, so these
   * are an upper bound there; on a loop with idle time they are the stretches themselves.
   */
  stretches?: { longestMs: number; p99Ms: number; count: number; /** Stretches of T.stalledWindowMs or longer. */ longCount?: number };
  /** Patterns the hotspot rules recognised in the profile (JSON round trips, hashing, sync calls...), largest first. */
  hotspots?: Array<{ id: string; title: string; percent: number }>;
  /** Dependencies by the time spent in them and what they call, with the app functions that call into them (package-cost.ts). */
  packages?: import('./package-cost.js').PackageCost[];
  /** The app's functions on the stack while responses were written, most first (answer-writers.ts). */
  answerWriters?: Culprit[];
}

/** The heap before and after the measured load, each read after a full garbage collection (through the inspector). */
export type { MemoryAfterLoad } from '../contract/metrics.js';

export interface DiagnosisInput {
  /** Probe windows inside the measured load window, in time order. */
  samples: ProbeSample[];
  warnings: ProbeWarning[];
  load?: LoadResult;
  cpu?: CpuEvidence;
  /** Allocation sites of memory still live at the end (sampling heap profile), ranked by bytes. */
  heapCulprits?: Culprit[];
  /** App allocation sites whose survivors span the middle of the load (kept-through-load.ts): a steady leak's mark. */
  heapKeptThroughLoad?: import('./kept-through-load.js').KeptSite[];
  /** The heap profile's survivors by where in the load they were allocated, when the load was marked. */
  heapKeptByPhase?: import('./kept-through-load.js').KeptByPhase;
  target: {
    /** The target exited on its own before we shut it down. */
    crashed?: boolean;
    exitCode?: number | null;
    signal?: string | null;
    /** ms after the measured window started that it exited. */
    crashedAtMs?: number;
    /** Last lines of the target's stderr (a crash's exception, or the stacks of errors an app logs). */
    stderrTail?: string[];
    startupMs?: number;
  };
  /** Start of the measured window (epoch ms), to express evidence times as offsets. */
  measureStartAt?: number;
  /** Requests in flight the load generator keeps (connections x pipelining), to tell queueing from slowness. */
  concurrency?: number;
  /** A warm-up phase ran before the measured window (its requests may still be in flight in it). */
  warmedUp?: boolean;
  memoryAfterLoad?: MemoryAfterLoad;
  /** Work off the main thread: the threads' CPU by group and the threadpool's call sites (Linux; absent elsewhere). */
  offMain?: OffMainThread;
  /** Warnings and errors the app wrote to its own structured log (JSON lines), grouped. */
  appLog?: AppLogSummary;
  /** The database servers on this machine the app talked to, and their CPU over the measured window (session.machine). */
  databaseServers?: DatabaseServerCpu[];
}

/**
 * A finding as an analyser returns it: `score` says how far past its threshold the key figure is (1 = at the
 * problem threshold), so that the most pronounced problem becomes the verdict. Advice is filled in afterwards.
 * `readLate`: the database system whose answers the doctor found read late by a busy loop (late-answers.ts), so that
 * the request's time says it of that system's wait too; internal, like score.
 */
export type ScoredFinding = Omit<import('../contract/diagnosis.js').Finding, 'advice'> & { score: number; readLate?: ReadLate };
export type ReadLate = { system: import('../contract/metrics.js').DbSystem; serverCpuMs: number; loopBusy: number };

/** The result of one analyser: findings, or a reason it could not judge. */
export type AnalyserResult = { findings: ScoredFinding[]; insufficient?: undefined } | { findings?: undefined; insufficient: string };

/** Advice markdown by finding kind, loaded by the caller (the analysers do no I/O). */
export type AdviceTexts = Partial<Record<import('../contract/diagnosis.js').FindingKind, string>>;
