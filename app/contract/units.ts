// The units of a run: every Node process of the target's tree and every worker thread in them, each watched on its
// own (its probe samples, its CPU profile, its verdict). A run whose app is one process with one thread has a single
// unit and stores nothing of this: its session folder is exactly what it was before units existed. A run with more
// (a cluster, forked children, worker threads) adds units.json (SESSION_FILES.units) and one CPU profile per unit
// (unitProfileFile); the session's own samples.ndjson and profile.cpuprofile stay those of the main unit (the process
// that listened), so every older reader still reads what it always read. Added in format 1, later.
import type { Culprit, FindingKind, Severity } from './diagnosis.js';
import type { ProbeSample } from './metrics.js';

/**
 * What a unit is in its tree. primary: the process we launched that the others came from (a cluster's primary, or
 * the only process); cluster-worker: forked by node:cluster; child: any other Node process the app started
 * (child_process.fork or spawn of node); worker-thread: a worker_threads Worker inside one of those processes.
 */
export type UnitRole = 'primary' | 'cluster-worker' | 'child' | 'worker-thread';

export const UNIT_ROLES: readonly UnitRole[] = ['primary', 'cluster-worker', 'child', 'worker-thread'];

/** "<pid>" for a process's main thread, "<pid>.<threadId>" for a worker thread: stable within one run. */
export type UnitId = string;

export function unitId(pid: number, threadId = 0): UnitId {
  return threadId > 0 ? `${pid}.${threadId}` : String(pid);
}

/** One unit's verdict, as the doctor judged it alone (the run's verdict is chosen from these). */
export interface UnitVerdict {
  verdict: FindingKind;
  severity: Severity;
  title: string;
  /** The culprits of its main finding (at most 3). */
  culprits: Culprit[];
}

export interface RunUnit {
  id: UnitId;
  pid: number;
  /** 0 for a process's main thread. */
  threadId: number;
  role: UnitRole;
  /** The unit it came from: the parent process for a process, the process for a worker thread. */
  parentId?: UnitId;
  /** What it runs, for people: the script and its arguments, or the worker's file. */
  title: string;
  /** The main unit: the process that listened, whose samples and profile are the session's own files. */
  main?: boolean;
  /** Requests this unit's handlers completed in the measured window (probe's routes), when it served any. */
  requests?: number;
  /** Share of the run's completed requests this unit served, 0..1. */
  requestShare?: number;
  /** Mean event-loop utilisation over the measured window, 0..1. */
  elu?: number;
  /**
   * Share of the measured window its loop ran code, from its CPU profile's non-idle samples, 0..1: the profiler's
   * signals make an idle loop's utilisation read high (app/diagnosis/loop-busy.ts), so this is the figure to show.
   */
  busy?: number;
  /** Mean CPU of the process over the measured window, cores (a worker thread reports its process's CPU). */
  cpu?: number;
  /** Its CPU profile in the session folder (unitProfileFile), when one was taken. */
  cpuProfile?: string;
  /** Its probe windows in the session folder (unitSamplesFile); the main unit's are samples.ndjson. */
  samples?: string;
  /** Its own verdict, when the doctor judged it (a unit that did no work is not judged). */
  diagnosis?: UnitVerdict;
  /** Unix epoch ms: when its probe said hello, and when it went away (before the run ended). */
  seenAt?: number;
  goneAt?: number;
}

/** units.json: every unit of a multi-unit run. */
export interface UnitsFile {
  units: RunUnit[];
  /** The units whose verdicts gave the run's (the ones that served the load, or did its work). */
  decidedBy: UnitId[];
}

/** A unit's probe sample, as the live stream carries it for a multi-unit run. */
export interface UnitSample {
  unit: UnitId;
  sample: ProbeSample;
}
