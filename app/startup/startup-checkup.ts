// The start-up checkup, end to end: N timed starts (the probe only watching for ready), one traced start (the module
// tree), one usage start (which packages were called after loading), one profiled start (a CPU profile of the start),
// and the compile-cache trial where the Node has one; then the tree, the advice and the session. Each purpose has a
// start of its own so that no instrumentation's cost enters the timed figures.
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { RecipeSchema, type TargetSpec } from '../contract/recipe.js';
import { SESSION_FILES } from '../contract/session.js';
import type { Spread, StartupResult, StartupRun, StartupTraceFailure, StartupTracing } from '../contract/startup.js';
import { CheckupError, toCheckupError } from '../errors.js';
import { startupProbePath } from '../paths.js';
import { resolveTarget } from '../target/resolve-target.js';
import { median } from '../numbers.js';
import { SessionWriter } from '../store/session-writer.js';
import { compileCacheRefusal, startupAdvice, type CompileCacheTrial } from '../diagnosis/index.js';
import { buildModuleTree } from './module-tree.js';
import type { ProbeRecord } from './probe-record.js';
import { nodeVersionFor } from './node-version.js';
import { startOnce, type StartOptions, type StartOutcome } from './start-once.js';
import { describeTraceFailure } from './trace-failure.js';

interface StartupSpec {
  target: TargetSpec;
  /** Timed starts (default 5). */
  runs: number;
  /** Try the compile cache where the Node has one (default true). */
  compileCache: boolean;
  /** Per start: how long the app may take to listen or exit. */
  timeoutSec: number;
}

interface StartupProgress {
  /** What the current start is for, and its number among all the starts planned. */
  purpose: StartupRun['purpose'];
  start: number;
  of: number;
  /** Why this planned start was passed over instead of run. */
  skipped?: string;
}

function spreadOf(values: number[]): Spread {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

function runOf(index: number, purpose: StartupRun['purpose'], o: StartOutcome): StartupRun {
  const r = o.record;
  const from = (at: number) => at - r.processStartAt;
  return {
    index,
    purpose,
    pid: r.pid,
    preloadMs: from(r.preloadAt),
    firstUserCodeMs: from(r.firstUserCodeAt ?? r.preloadEndAt),
    readyMs: from(r.readyAt),
    launchToReadyMs: o.launchToReadyMs,
    readyKind: r.readyKind,
    ...(r.readyKind === 'exit' ? { exitCode: r.exitCode } : {}),
    ...(r.port ? { port: r.port } : {}),
  };
}

function tracingOf(traced: ProbeRecord, usage: ProbeRecord | undefined): StartupTracing {
  const notes: string[] = [];
  const esm = traced.trace?.esm;
  if (esm?.missing) notes.push(esm.missing);
  else if (esm?.skipped) notes.push(esm.skipped);
  else if (esm?.hooks === 'module.register') notes.push(`ES modules traced with module.register (hooks on Node's loader thread); Node ${traced.nodeVersion} has no module.registerHooks (22.15+), so the loader thread's own start-up is part of the traced start's cost.`);
  notes.push('ES modules: V8 compiles them while linking, out of any hook\'s sight, so their compile time is not told apart; their file lookups are internal to Node and not counted.');
  if (!traced.trace?.cjs.lookupsCounted) notes.push('CommonJS file lookups are not counted on this Node (no Module._stat).');
  if (traced.traceError) notes.push(`Tracing failed in part: ${traced.traceError}`);
  if (usage?.usageError) notes.push(`Calls after load were not measured: ${usage.usageError}`);
  notes.push('Calls after load are counted for CommonJS packages; whether a dependency is used once the app serves traffic is not measured (the start ends at ready).');
  return { nodeVersion: traced.nodeVersion, commonjs: 'Module._load, Module._resolveFilename, Module._stat, Module.prototype._compile', esm: esm?.hooks ?? 'none', notes };
}

/** The traced start failed: where and why, as the coded notice the faces show. Interruptions are not failures. */
function traceFailureOf(err: unknown): StartupTraceFailure {
  const error = toCheckupError(err);
  if (error.code === 'CHK_INTERRUPTED' || error.code === 'CHK_NODE_NOT_FOUND') throw error;
  const recorded = typeof error.params.failedIn === 'string' ? { file: error.params.failedIn, error: String(error.params.failedWith ?? '') } : undefined;
  const { module, reason } = describeTraceFailure(recorded, error.details, dirname(startupProbePath), error.message);
  const notice = new CheckupError('CHK_STARTUP_TRACE_FAILED', { module: module ?? 'a module Checkup could not name', reason });
  return { code: 'CHK_STARTUP_TRACE_FAILED', message: notice.message, ...(notice.hint ? { hint: notice.hint } : {}), module, reason, cause: error.code, output: error.details };
}

/** Runs the whole checkup into a new session; `onSession` hears its id as soon as the folder exists. */
export async function runStartupCheckup(
  spec: StartupSpec,
  sessionsDir: string,
  hooks: { onSession?: (writer: SessionWriter) => void; onProgress?: (p: StartupProgress) => void; signal?: AbortSignal } = {},
): Promise<{ writer: SessionWriter; result: StartupResult }> {
  const resolved = resolveTarget(spec.target);
  const recipe = RecipeSchema.parse({ target: spec.target, readyTimeoutSec: spec.timeoutSec, startup: { runs: spec.runs, compileCache: spec.compileCache } });
  const writer = await SessionWriter.create(sessionsDir, { name: resolved.name, project: resolved.project, recipe, kind: 'startup' });
  hooks.onSession?.(writer);
  // Every start is planned before the first: the compile-cache trial's starts depend on the app's Node, asked first.
  const knownVersion = nodeVersionFor(resolved.launch, spec.target.node);
  const cacheStarts = spec.compileCache && !(knownVersion && compileCacheRefusal(knownVersion)) ? 2 * spec.runs + 1 : 0;
  let planned = spec.runs + 3 + cacheStarts;
  let count = 0;
  const runs: StartupRun[] = [];
  const start = async (purpose: StartupRun['purpose'], options: Partial<StartOptions> = {}): Promise<StartOutcome> => {
    count++;
    hooks.onProgress?.({ purpose, start: count, of: planned });
    const outcome = await startOnce(resolved.launch, {
      ...options,
      ...(spec.target.node ? { node: spec.target.node } : {}),
      timeoutMs: spec.timeoutSec * 1000,
      onLine: (stream, text) => writer.appendLog(stream, text),
      ...(hooks.signal ? { signal: hooks.signal } : {}),
    });
    runs.push(runOf(runs.length + 1, purpose, outcome));
    // Only when the version could not be asked beforehand does the plan change, once, after the first start.
    if (runs.length === 1 && cacheStarts && compileCacheRefusal(outcome.record.nodeVersion)) planned -= cacheStarts;
    return outcome;
  };
  // A planned start that cannot run keeps its number, so the counts still add up.
  const skip = (purpose: StartupRun['purpose'], why: string): undefined => {
    count++;
    hooks.onProgress?.({ purpose, start: count, of: planned, skipped: why });
    return undefined;
  };
  try {
    const timed: StartOutcome[] = [];
    for (let i = 0; i < spec.runs; i++) timed.push(await start('timed'));
    const nodeVersion = timed[0]!.record.nodeVersion;
    // The timed starts ran untraced: a traced start that fails now is the tracing's failure, not the app's. It is
    // reported with the module it failed in, and everything measured without tracing is still given.
    let traced: StartOutcome | undefined;
    let traceFailure: StartupTraceFailure | undefined;
    try {
      traced = await start('traced', { trace: true });
    } catch (err) {
      traceFailure = traceFailureOf(err);
    }
    // The usage start counts calls into the modules the traced start found: without them it has nothing to count.
    const usage = traced ? await start('usage', { usage: true }) : skip('usage', 'the traced start failed');
    const profiled = await start('profiled', { profile: true });
    const timedRuns = runs.filter((r) => r.purpose === 'timed');
    const readyMs = spreadOf(timedRuns.map((r) => r.readyMs));

    let compileCache: CompileCacheTrial | { refused: string } | undefined;
    if (spec.compileCache) {
      const refused = compileCacheRefusal(nodeVersion);
      if (refused) compileCache = { refused };
      else {
        const cacheDir = await fs.mkdtemp(join(tmpdir(), 'checkup-compile-cache-'));
        try {
          // Starts with and without the cache alternate, so that a machine getting busier mid-trial weighs on both.
          const env = { NODE_COMPILE_CACHE: cacheDir };
          await start('cache-priming', { env });
          for (let i = 0; i < spec.runs; i++) {
            await start('cache-baseline');
            await start('cache-timed', { env });
          }
        } finally {
          await fs.rm(cacheDir, { recursive: true, force: true });
        }
        const of = (purpose: StartupRun['purpose']) => spreadOf(runs.filter((r) => r.purpose === purpose).map((r) => r.readyMs));
        compileCache = { before: of('cache-baseline'), after: of('cache-timed') };
      }
    }

    const tree = traced ? buildModuleTree(traced.record, resolved.project, usage?.record.usage) : { modules: [], packages: [], heaviestPath: [] };
    const tracedReadyMs = traced ? traced.record.readyAt - traced.record.processStartAt : undefined;
    const tracing = traced ? tracingOf(traced.record, usage?.record) : { nodeVersion, commonjs: 'none', esm: 'none', notes: [traceFailure!.message] };
    const result: StartupResult = {
      runsAsked: spec.runs,
      runs,
      readyMs,
      firstUserCodeMs: spreadOf(timedRuns.map((r) => r.firstUserCodeMs)),
      launchToReadyMs: spreadOf(timedRuns.map((r) => r.launchToReadyMs)),
      ...tree,
      advice: startupAdvice({ packages: tree.packages, modules: tree.modules, readyMedianMs: readyMs.median, tracedReadyMs: tracedReadyMs ?? 0, readyKind: timed[0]!.record.readyKind, compileCache }),
      tracing,
      ...(tracedReadyMs !== undefined ? { tracedReadyMs } : {}),
      ...(traceFailure ? { traceFailure } : {}),
      profile: Boolean(profiled.cpuProfile),
    };
    if (profiled.cpuProfile) await writer.writeCpuProfile(profiled.cpuProfile);
    await writer.writeJson(SESSION_FILES.startup, result);
    writer.session.target = { nodeVersion, ...(timed[0]?.record.port ? { port: timed[0].record.port } : {}), startupMs: readyMs.median };
    writer.session.summary = { readyMs: readyMs.median };
    await writer.finish('complete');
    return { writer, result };
  } catch (err) {
    const error = toCheckupError(err);
    await writer.finish('partial', { code: error.code, message: error.message }).catch(() => {});
    throw error;
  }
}
