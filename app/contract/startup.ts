// The start-up checkup's shapes: what `startup.json` in a start-up session holds (format in session.ts), what the
// engine answers for one, and the comparison of two. Added in 1, later.

/** Median and spread of a figure over the timed starts, ms. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

/** One start of the app. All times are ms from the app process's start (its `performance.timeOrigin`). */
export interface StartupRun {
  /** 1-based, in the order run. */
  index: number;
  /**
   * What this start was for: timed (counted in `readyMs`), traced (the module tree), profiled, usage, or the
   * compile-cache trial (priming, then baseline and cached starts alternating).
   */
  purpose: 'timed' | 'traced' | 'profiled' | 'usage' | 'cache-priming' | 'cache-baseline' | 'cache-timed';
  pid: number;
  /** Process start -> the probe's preload ran (Node's own bootstrap). */
  preloadMs: number;
  /** Process start -> first line of user code (the CommonJS entry; an ES module entry's resolution when traced, else the end of the preload). */
  firstUserCodeMs: number;
  /** Process start -> ready: the first `listening`, or the process's exit. */
  readyMs: number;
  /** Checkup's spawn -> ready, npm (or another launcher) included. */
  launchToReadyMs: number;
  readyKind: 'listen' | 'exit';
  exitCode?: number | null;
  port?: number;
}

export interface StartupModule {
  /** The package's name and the file's path inside it (`lodash/lodash.js`), or the path from the project folder. */
  id: string;
  /** Absolute path. */
  file: string;
  /** Package name; '(app)' for the project's own files. */
  package: string;
  format: 'cjs' | 'esm' | 'json' | 'native';
  /** id of the module that first loaded it; absent for the entry (and modules the probe saw no parent for). */
  parent?: string;
  /** Resolving the specifier to this file, ms. */
  resolveMs: number;
  /** File lookups the resolver made (CommonJS only: ES module resolution is internal to Node). */
  lookups?: number;
  /** Reading the file (and, for an ES module, Node's load step), ms. */
  readMs: number;
  /** Compiling (CommonJS only; V8 compiles ES modules while linking, out of any hook's sight). */
  compileMs?: number;
  /** Running the module's own code, ms. */
  execMs: number;
  /** Its own cost: total less the modules it loaded. */
  selfMs: number;
  /** Inclusive: resolving, loading and running it and every module it loaded first. */
  totalMs: number;
}

export interface StartupPackage {
  name: string;
  /** Inclusive time of the package's outermost loads (the time a `require` of it cost its caller), ms. */
  totalMs: number;
  /** Sum of its modules' self time, ms. */
  selfMs: number;
  modules: number;
  /** Calls into its functions after it finished loading and before ready (usage start); absent when not measured. */
  calledAfterLoad?: number;
  /** Loaded by the project's own code (not only by other packages): the ones the user can defer. */
  direct: boolean;
}

export type StartupAdviceKind = 'lazy-load' | 'compile-cache' | 'unused-after-start' | 'bundle' | 'snapshot';

export interface StartupAdvice {
  kind: StartupAdviceKind;
  /** What it would save of the time to ready, ms (median); absent when refused. */
  savingMs?: number;
  /** True when Checkup tried the remedy and timed it; false when the saving is the measured cost it would remove. */
  measured: boolean;
  /** The remedy in one line, in the user's words. */
  title: string;
  /** How it was found, and what to do. */
  detail: string;
  /** The package it is about (lazy-load). */
  package?: string;
  /** Time to ready before and after the remedy, when it was tried. */
  before?: Spread;
  after?: Spread;
  /** Why this remedy was not tried here (e.g. the Node version). */
  refused?: string;
}

/** Which module hooks traced the tree on this Node, and what they could not see. */
export interface StartupTracing {
  nodeVersion: string;
  commonjs: string;
  esm: string;
  notes: string[];
}

/** The traced start failed (the timed ones did not): the coded notice, the module it failed in, and why. */
export interface StartupTraceFailure {
  code: 'CHK_STARTUP_TRACE_FAILED';
  /** The notice in the user's words, and what to do. */
  message: string;
  hint?: string;
  /** The module's path or file: URL; null when nothing named one. */
  module: string | null;
  /** The error, in one line. */
  reason: string;
  /** The start's own error code (the process exited, or never became ready). */
  cause: string;
  /** The traced start's last lines of output. */
  output: string[];
}

/** startup.json. */
export interface StartupResult {
  /** Timed starts asked for. */
  runsAsked: number;
  runs: StartupRun[];
  /** Over the timed starts. */
  readyMs: Spread;
  firstUserCodeMs: Spread;
  launchToReadyMs: Spread;
  /** Every module of the traced start, by totalMs, largest first. */
  modules: StartupModule[];
  /** By totalMs, largest first. */
  packages: StartupPackage[];
  /** The chain of module ids from the entry down the largest child each time. */
  heaviestPath: string[];
  advice: StartupAdvice[];
  tracing: StartupTracing;
  /** The traced start's time to ready against the timed median: the instrumentation's own cost. */
  tracedReadyMs?: number;
  /** Whether profile.cpuprofile (one profiled start) is in the session. */
  profile: boolean;
  /** Present when the traced start failed: then modules, packages and heaviestPath are empty. */
  traceFailure?: StartupTraceFailure;
}

/** A start-up session whole, for the faces. */
export interface StartupDetail {
  id: string;
  dir: string;
  name: string;
  project: string;
  createdAt: string;
  status: 'running' | 'complete' | 'partial';
  partialMessage?: string;
  command: string;
  startup?: StartupResult;
}

export interface StartupModuleDelta {
  id: string;
  package: string;
  beforeMs: number;
  afterMs: number;
  deltaMs: number;
}

export interface StartupComparison {
  before: { id: string; name: string; createdAt: string };
  after: { id: string; name: string; createdAt: string };
  /** Time to ready, with the significance test of the other comparisons over the timed starts. */
  readyMs: import('./compare.js').FigureComparison;
  /** Modules and packages whose inclusive time changed most, largest change first; missing on a side counts 0. */
  modules: StartupModuleDelta[];
  packages: StartupModuleDelta[];
}
