// The on-disk session format, field by field (speedscope's file-format-spec.ts is the model). One folder per session
// under <dataDir>/sessions/<id>/, its files named once in SESSION_FILES below; app/store is the only code that reads
// or writes them.
//
// Every JSON file is written to a temporary name, flushed and renamed, so a reader never sees half a file.
//
// Versions: `formatVersion` in session.json. Each field says the format version it came in ("added in 1"). Fields
// added later within a version are optional, and sessions written before them lack them: they say so ("added in 1,
// later: ..."). A reader accepts every version up to SESSION_FORMAT_VERSION.
//   1 (Checkup 0.1.0) first format.
import type { SetupOutcome } from './setup.js';
import type { Diagnosis, FindingKind } from './diagnosis.js';
import type { DatabaseServerCpu, LoadResult, LoadTick, MemoryAfterLoad, ProbeSample, ProbeWarning } from './metrics.js';
import type { Recipe } from './recipe.js';
import type { RoutesFile } from './routes.js';
import type { UnitsFile } from './units.js';

export const SESSION_FORMAT_VERSION = 1;

/** The files of a session folder. All added in 1. */
export const SESSION_FILES = {
  /** SessionFile (below). Written first with status 'running', rewritten atomically at the end. */
  session: 'session.json',
  /** One ProbeSample per line, appended live (a crash keeps what was written; a torn last line is skipped). */
  samples: 'samples.ndjson',
  /** One ProbeWarning per line, appended live. */
  warnings: 'warnings.ndjson',
  /** One LoadTick per line (warm-up and measured seconds), appended live. */
  ticks: 'ticks.ndjson',
  /** LoadResult of the measured window, written once at the end of the run (with `repeats` when Recipe.repeats > 1). */
  load: 'load.json',
  /** V8 CPU profile of the measured window (opens in Chrome DevTools and speedscope). */
  cpuProfile: 'profile.cpuprofile',
  /** V8 sampling heap profile of the measured window, when requested. */
  heapProfile: 'heap.heapprofile',
  /** Diagnosis of the measured window. */
  diagnosis: 'diagnosis.json',
  /** The target's stdout and stderr, each line prefixed by its time and stream. */
  log: 'target.log',
  /**
   * StartupResult (app/contract/startup.ts) of a start-up session (kind 'startup'): every start, the module tree, the
   * packages and the advice. Added in 1, later. A start-up session's CPU profile (one profiled start)
   * is `cpuProfile`; it has no samples, ticks, load or diagnosis. `traceFailure` (added with the tracing that leaves
   * modules unchanged): the traced start failed, the module tree is empty, the timed starts stand.
   */
  startup: 'startup.json',
  /**
   * RampResult (app/contract/ramp.ts) of a ramp session (kind 'ramp'): the ramp asked for (`spec`), every step measured
   * (rate asked, served, p99, failed share, the line it crossed), the knee and the verdict. Rewritten atomically after
   * each step, so a ramp cut short keeps the steps measured. A ramp session has no samples, profiles or diagnosis.
   * Added in 1, later (with the ramp in the app).
   */
  ramp: 'ramp.json',
  /**
   * Source maps the target held only in memory (tsx, `node --enable-source-maps`), by the script URL its profiles
   * name: `{ "version": 1, "maps": { [url]: source map v3 } }`. Added in 1, later; written only when a
   * run's profiled code had such maps. Maps beside compiled code on disk are read from there instead.
   */
  sourceMaps: 'source-maps.json',
  /**
   * UnitsFile (app/contract/units.ts) of a run that watched more than one unit (a cluster, forked children, worker
   * threads): every process and thread, its role, its share of the load and its own verdict. Each unit's CPU profile
   * is unitProfileFile(id), its probe windows unitSamplesFile(id). Absent for a single-process run. Added in 1, later
   *.
   */
  units: 'units.json',
  /**
   * RoutesFile (app/contract/routes.ts): the routes the app's framework registered on the port the run loaded, the
   * ones the load never reached and the load's paths that match none. Written when the probe could read a table (or
   * said why not). Added in 1, later.
   */
  routes: 'routes.json',
} as const;

/** The CPU profile of one unit of a multi-unit run (a standard .cpuprofile). Added in 1, later. */
export function unitProfileFile(unit: string): UnitProfileFileName {
  return `unit-${unit.replace(/[^0-9.]/g, '')}.cpuprofile`;
}

export type UnitProfileFileName = `unit-${string}.cpuprofile`;

/**
 * The probe windows of one unit of a multi-unit run, one ProbeSample per line like samples.ndjson (the whole run,
 * written once at its end). The main unit's are samples.ndjson itself. Added in 1, later.
 */
export function unitSamplesFile(unit: string): UnitSamplesFileName {
  return `unit-${unit.replace(/[^0-9.]/g, '')}.samples.ndjson`;
}

export type UnitSamplesFileName = `unit-${string}.samples.ndjson`;

/** Whether a file name is a unit's profile or probe windows (unitProfileFile, unitSamplesFile), and nothing else. */
export function isUnitFileName(name: string): name is UnitProfileFileName | UnitSamplesFileName {
  return /^unit-\d{1,10}(\.\d{1,10})?\.(cpuprofile|samples\.ndjson)$/.test(name);
}

export type SessionFileName = (typeof SESSION_FILES)[keyof typeof SESSION_FILES] | UnitProfileFileName | UnitSamplesFileName;

/** 'ramp' added in 1, later (with the ramp in the app). */
export type SessionKind = 'load' | 'startup' | 'ramp';

export type SessionStatus =
  /** The run is in progress (or the engine died: see `writerPid`). */
  | 'running'
  /** Load, profile and diagnosis all completed. */
  | 'complete'
  /** The run ended early (target crashed, user stopped, an error); what was collected is kept. */
  | 'partial';

export interface TargetInfo {
  /** Added in 1. */
  pid?: number;
  /** Inspector WebSocket URL while it ran (127.0.0.1 only). Added in 1. */
  inspectorUrl?: string;
  /** Port the target listened on. Added in 1. */
  port?: number;
  /** Added in 1. */
  nodeVersion?: string;
  /** ms from process start to listening, from the probe. Added in 1. */
  startupMs?: number;
  /** Added in 1. */
  exitCode?: number | null;
  /** Added in 1. */
  signal?: string | null;
  /** Whether the target exited on its own (crash) rather than being shut down by us. Added in 1. */
  exitedUnexpectedly?: boolean;
  /**
   * The run attached to a process that was already running (`checkup attach`) rather than launching it; it was left
   * running. Added in 1, later.
   */
  attached?: boolean;
  /** The attached process's command line (process.execPath, execArgv, argv). Added in 1, later. */
  command?: string[];
  /** Whether Checkup opened the attached process's inspector (and closed it again). Added in 1, later. */
  inspectorOpenedByCheckup?: boolean;
}

/** Unix epoch ms, except the profiler costs. */
export interface SessionTimings {
  /** Added in 1. */
  startedAt: number;
  /** Added in 1. */
  listeningAt?: number;
  /** Start of the measured window (after warm-up). Added in 1. */
  measureStartAt?: number;
  /**
   * End of the measured window: the end of the load, or when the target crashed or the user stopped. Added in 1;
   * sessions cut short by older versions lack it (their window is then open-ended).
   */
  measureEndAt?: number;
  /** Added in 1. */
  diagnosedAt?: number;
  /** Added in 1. */
  endedAt?: number;
  /** Cost of Profiler.start / Profiler.stop as seen by us (ms), reported because it can block a big app. Added in 1. */
  profilerStartMs?: number;
  /** Added in 1. */
  profilerStopMs?: number;
}

export interface SessionSummary {
  /** Added in 1. */
  verdict?: FindingKind;
  /** Added in 1. */
  requestsPerSecond?: number;
  /** Added in 1. */
  latencyP99?: number;
  /** Added in 1. */
  errors?: number;
  /** Median time to ready of a start-up session's timed starts, ms. Added in 1, later. */
  readyMs?: number;
  /**
   * Event-loop busy time per completed request, ms (CPU profile's non-idle share, else event-loop utilisation): what
   * a request costs, which contention moves less than requests/s. Added in 1, later (with thresholds-3).
   */
  loopMsPerRequest?: number;
  /** A ramp session's knee: the first rate asked that crossed the user's line. Added in 1, later (with the ramp in the app). */
  kneeRate?: number;
  /** A ramp session's highest rate measured, requests/s asked. Added in 1, later (with the ramp in the app). */
  rampTopRate?: number;
}

export interface GitInfo {
  /** Added in 1. */
  commit: string;
  /** Added in 1. */
  branch?: string;
  /** Added in 1. */
  dirty: boolean;
  /** `git diff --stat HEAD` summary line, when dirty. Added in 1. */
  diffStat?: string;
}

/**
 * What used the machine during the measured window, in cores' worth of CPU (app/engine/machine-load.ts). A busy
 * machine moves requests/s and latency; comparisons of single runs widen their test by the difference. Added in 1,
 * later.
 */
export interface MachineLoad {
  /** Logical CPUs. */
  cores: number;
  /** Other programs: the machine's busy time less the target's and Checkup's. */
  otherCores: number;
  /** The target's own CPU (its probe's accounting). */
  targetCores: number;
  /** Checkup's process, mostly its load generator: near a whole core, the load generator may be the bottleneck. */
  checkupCores: number;
  /** Share of CPU time a hypervisor gave to other guests (Linux /proc/stat), %. */
  stealPercent?: number;
  /** The database servers the app talked to on this machine (Linux), their CPU over the window. Added in 1, later. */
  databases?: DatabaseServerCpu[];
}

/**
 * The CPU profiler's cost in one run, estimated: its samples times a CPU cost per sample measured on this project's
 * machine (docs/measured.md), against the main process's CPU over the profiled window (its probe's accounting).
 * Added in 1, later.
 */
export interface ProfilingCost {
  /** Samples in the main process's CPU profile. */
  cpuSamples: number;
  /** The CPU cost per sample assumed, µs. */
  sampleCostUs: number;
  /** cpuSamples x sampleCostUs, plus the profiler's fixed cost per second of profiling, ms. */
  estimatedMs: number;
  /** The main process's CPU over the profiled window, ms (the profiler's own included). */
  processCpuMs: number;
  /** estimatedMs against the app's own CPU (processCpuMs less estimatedMs), %. */
  percent: number;
  /** Heap sampling was on too: its cost follows the app's allocations, which a run does not count, so it is not in percent. */
  heapNotIncluded?: boolean;
}

/** Where an imported session came from, and whether its recipe was confirmed. Added in 1, later. */
export interface ImportedFrom {
  /** ISO time of the import. */
  at: string;
  /** The bundle's file name. */
  from: string;
  /** ISO time the user confirmed the recipe after seeing what it launches; absent: not confirmed. */
  confirmedAt?: string;
}

/**
 * One run of an interleaved A/B comparison (`checkup run --ab`, "Compare with last commit"): before (the commit,
 * checked out in a temporary worktree) and after (the working tree) run alternately, A B A B ..., with one recipe.
 * The comparison is never stored: the engine finds the runs of one `id` in the sessions folder and pairs them.
 * Added in 1, later.
 */
export interface InterleavedRole {
  /** Shared by every run of one A/B comparison. */
  id: string;
  /** before: the commit; after: the working tree. */
  side: 'before' | 'after';
  /** 1-based pair number, and how many pairs were asked for. */
  pair: number;
  pairs: number;
  /** The ref as the user gave it (HEAD by default) and the commit it named. */
  ref: string;
  commit: string;
  /** What the user should know about the checkout (node_modules linked, a lockfile that differs). */
  notes?: string[];
  /**
   * Untracked, git-ignored files of the working tree put into the commit's checkout, so that both sides run with the
   * same settings (.env, config/local.json, node_modules). Added in 1, later (with carrying them over).
   */
  carried?: CarriedFiles;
  /**
   * Where the commit was checked out (removed since) and the repository it stands for: a before run's profile names
   * its files under `checkout`, and a comparison reads them as the same files under `repo`.
   */
  paths: { checkout: string; repo: string };
}

/** What the commit's checkout got of the working tree's untracked files; paths from the repository's top, folders with a trailing `/`. */
export interface CarriedFiles {
  /** Small files, copied. */
  copied: string[];
  /** Folders and big files, linked: both sides read and write the same ones. */
  linked: string[];
  /**
   * Not carried, and why: `excluded` by the user (--ab-exclude), a `cache` or log, the commit has its own
   * (`commit-has-its-own`: the two sides differ there), `outside` (the commit has a link out of the checkout on the
   * way), `unreadable`, or past the `limit` of entries.
   */
  skipped: Array<{ path: string; why: 'excluded' | 'cache' | 'commit-has-its-own' | 'outside' | 'unreadable' | 'limit' }>;
  /** Untracked files git does not ignore: new files of the change itself, on the working tree's side only. */
  onlyAfter: string[];
  /** The exclusions the user gave. */
  exclude?: string[];
}

/** session.json. Nested shapes: Recipe (recipe.ts; `repeats` added in 1, later, with repeated measurements). */
export interface SessionFile {
  /** Added in 1. */
  formatVersion: number;
  /** Added in 1. */
  id: string;
  /**
   * What was measured: 'load' (a checkup under load) or 'startup' (the start-up checkup, startup.json). Added in 1,
   * later; absent means 'load'.
   */
  kind?: SessionKind;
  /** Display name: the script, npm script or lab. Added in 1. */
  name: string;
  /** Absolute project folder (the target's cwd); sessions are grouped by it. Added in 1. */
  project: string;
  /** ISO time. Added in 1. */
  createdAt: string;
  /** Added in 1. */
  status: SessionStatus;
  /** Why a partial session ended early: an error code from app/errors, e.g. CHK_TARGET_CRASHED. Added in 1. */
  partialReason?: string;
  /** Added in 1. */
  partialMessage?: string;
  /** pid of the engine writing this session; a 'running' session whose writer is gone was interrupted. Added in 1. */
  writerPid: number;
  /**
   * When the writer process started (Linux: /proc/<pid>/stat field 22; macOS: `ps -o lstart`), so that another
   * process given the same pid later is not taken for the writer. Absent on Windows and in older sessions. Added in 1,
   * later.
   */
  writerStartTime?: string;
  /** Added in 1. */
  recipe: Recipe;
  /**
   * Set when the session came from a bundle (another machine, another person): its recipe is not the user's own, so
   * nothing is launched from it until the user has seen its command, folder and environment and confirmed
   * (`confirmedAt`). Added in 1, later.
   */
  imported?: ImportedFrom;
  /** Added in 1. */
  target: TargetInfo;
  /** Added in 1. */
  timings: SessionTimings;
  /** Added in 1. */
  summary: SessionSummary;
  /** Added in 1. */
  git?: GitInfo;
  /** What else used the machine during the measured window. Added in 1, later. */
  machine?: MachineLoad;
  /** The heap weighed before and after the load, as the doctor judged it. Added in 1, later. */
  memoryAfterLoad?: MemoryAfterLoad;
  /** What the CPU profiler cost the app's main process in this run, estimated (app/engine/profiling-cost.ts). Added in 1, later. */
  profilingCost?: ProfilingCost;
  /** Set when this run is one side of an interleaved A/B comparison against a commit. Added in 1, later. */
  interleaved?: InterleavedRole;
  /**
   * What the set-up step (a login) answered: statuses, excerpts, the names of the cookies and the token carried into
   * the load, never their values. Added in 1, later (with the set-up step).
   */
  setup?: SetupOutcome;
  /** Names of the files present in the folder (SESSION_FILES). Added in 1. */
  files: string[];
  /**
   * Present when the target's output was too much to keep whole: target.log keeps its first and last megabytes and
   * says at the cut how much was dropped (app/store/target-log.ts). Added in 1, later.
   */
  log?: { droppedLines: number; droppedBytes: number };
  /** Checkup version that wrote it. Added in 1. */
  checkupVersion: string;
}

/**
 * The probe windows and load seconds of the measured window, cut once in the engine (app/contract/measured-window.ts)
 * by the rule the doctor judged with; every face and analyser takes this subset rather than filtering again. Not
 * stored: the store's reader cuts it from session.json's timings.
 */
export interface MeasuredWindow {
  /** Unix epoch ms; absent when the run never reached its measurement (then the window is empty). */
  startAt?: number;
  /** Unix epoch ms; absent for an older session cut short (the window then runs to its last sample). */
  endAt?: number;
  samples: ProbeSample[];
  /** The load's seconds of phase 'measure'. */
  ticks: LoadTick[];
}

/** Everything the UI needs to show one session, assembled by the store (big profiles excluded). */
export interface SessionDetail {
  dir: string;
  session: SessionFile;
  diagnosis?: Diagnosis;
  /** Parsed from samples.ndjson: the whole run, warm-up and after-load included. */
  samples: ProbeSample[];
  ticks: LoadTick[];
  warnings: ProbeWarning[];
  load?: LoadResult;
  /** The measured window's subset of `samples` and `ticks`. */
  measured: MeasuredWindow;
  /** Which profiles the session holds (for the faces' "open the flame graph"). */
  profiles: { cpu: boolean; heap: boolean };
  /** Last lines of target.log. */
  logTail: string[];
  /** Every process and thread of a multi-unit run (units.json); absent for a single-process run. */
  units?: UnitsFile;
  /** The routes the app registered and what the load made of them (routes.json); absent in older sessions. */
  routes?: RoutesFile;
}
