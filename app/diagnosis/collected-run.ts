// A run as it was collected, and how the doctor reads it: the probe windows of the measured window (cut here, by the
// contract's edge rule), the load figures and the evidence of the profiles, with the hotspot rules' matches. The
// doctor's judgement of one process's run (diagnoseProcess) and the verdict of a run whose app never served
// (diagnoseStartFailure). Pure: what was collected in, a diagnosis and the session's summary out.
import { answerWriters } from './answer-writers.js';
import type { Culprit, Diagnosis } from '../contract/diagnosis.js';
import { cutMeasuredWindow } from '../contract/measured-window.js';
import type { DatabaseServerCpu, LoadResult, ProbeSample, ProbeWarning } from '../contract/metrics.js';
import type { Recipe } from '../contract/recipe.js';
import type { SessionSummary, SessionTimings } from '../contract/session.js';
import type { CheckupError } from '../errors.js';
import { cpuProfileToModel } from '../profile/import/cpuprofile.js';
import { heapProfileToModel } from '../profile/import/heapprofile.js';
import type { Profile } from '../profile/model/profile.js';
import { applySourceMaps } from '../profile/source-maps/apply.js';
import { mapProbeSites } from '../profile/source-maps/map-probe-sites.js';
import type { RunSourceMaps } from '../profile/source-maps/run-maps.js';
import type { SourceMapSet } from '../profile/source-maps/source-map-set.js';
import { hotspotAdvice, loadDiagnosisAdvice } from './advice-files.js';
import { findHotspots } from './hotspots/index.js';
import type { DiagnosisInput, MemoryAfterLoad } from './input.js';
import { judge } from './judge.js';
import { keptByPhase, keptThroughLoad } from './kept-through-load.js';
import { calledAppFunctions, cpuEvidence, profileCulprits } from './profile-evidence.js';
import { requestCost } from './request-cost.js';
import { startFailedDiagnosis } from './start-failure.js';
import { offMainThread } from './threadpool.js';
import { packageCosts } from './package-cost.js';
import type { AppLogSummary } from './app-log.js';
import type { UnitsCollected } from './judge-units.js';

export interface CapturedProfiles {
  cpu?: unknown;
  heap?: unknown;
  /** Their source maps, found while the target ran (app/profile/source-maps/run-maps.ts). */
  sourceMaps?: RunSourceMaps;
}

/** How the target ended when it exited on its own. */
export interface TargetCrash {
  code: number | null;
  signal: string | null;
  /** Unix epoch ms. */
  at: number;
}

export interface CollectedRun {
  /** The main process's probe windows, all of them: the doctor cuts the measured window. */
  samples: ProbeSample[];
  warnings: ProbeWarning[];
  load: LoadResult | undefined;
  profiles: CapturedProfiles;
  crash: TargetCrash | undefined;
  /** The last lines the target wrote to stderr. */
  stderrTail: string[];
  startupMs: number | undefined;
  /** The measured window's edges (session.json's timings). */
  timings: Pick<SessionTimings, 'measureStartAt' | 'measureEndAt'>;
  recipe: Recipe;
  memoryAfterLoad?: MemoryAfterLoad;
  /** Warnings and errors the app wrote to its structured log (JSON lines on stdout or stderr), grouped. */
  appLog?: AppLogSummary;
  /** Every process and thread the probe reached, when there was more than the main process's main thread. */
  units?: UnitsCollected;
  /** The database servers on this machine the app talked to, and their CPU over the measured window. */
  databaseServers?: DatabaseServerCpu[];
}

export interface RunDiagnosis {
  diagnosis: Diagnosis;
  summary: SessionSummary;
}

/** Probe windows of the measured window: the one place the doctor cuts it. */
export function measuredSamples(samples: ProbeSample[], timings: CollectedRun['timings']): ProbeSample[] {
  return cutMeasuredWindow(samples, [], timings.measureStartAt, timings.measureEndAt).samples;
}

/** Everything collected, as the doctor takes it: probe windows of the measured window, load figures, profile evidence. */
export function doctorInput(run: CollectedRun): DiagnosisInput {
  const { measureStartAt } = run.timings;
  // The profiles come from the inspector already parsed; turning them into models is in-memory work. Their maps were
  // read when they were taken, so the doctor judges the frames every later view shows (the .ts file and line).
  const maps = run.profiles.sourceMaps?.set;
  const mapped = (model: Profile): Profile => (maps ? applySourceMaps(model, maps) : model);
  const cpuModel = run.profiles.cpu ? mapped(cpuProfileToModel(run.profiles.cpu, 'CPU profile')) : undefined;
  const input: DiagnosisInput = {
    // The probe's call sites through the same maps: the doctor names one line for a query and for the CPU.
    samples: mapProbeSites(measuredSamples(run.samples, run.timings), maps, cpuModel?.frames),
    warnings: run.warnings,
    ...(run.load ? { load: run.load } : {}),
    target: {
      ...(run.startupMs !== undefined ? { startupMs: run.startupMs } : {}),
      // An app that answers errors often logs their stacks: the last ones name who threw.
      stderrTail: run.stderrTail,
      ...(run.crash
        ? { crashed: true, exitCode: run.crash.code, signal: run.crash.signal, ...(measureStartAt !== undefined ? { crashedAtMs: run.crash.at - measureStartAt } : {}) }
        : {}),
    },
    ...(measureStartAt !== undefined ? { measureStartAt } : {}),
    concurrency: run.recipe.load.connections * run.recipe.load.pipelining,
    ...(run.recipe.load.warmupSec > 0 ? { warmedUp: true } : {}),
    ...(run.memoryAfterLoad ? { memoryAfterLoad: run.memoryAfterLoad } : {}),
  };
  if (run.appLog && run.appLog.lines > 0) input.appLog = run.appLog;
  if (run.databaseServers?.length) input.databaseServers = run.databaseServers;
  const offMain = offMainThread(input.samples, run.samples);
  if (offMain) input.offMain = offMain;
  // Checkup's probe runs inside the app and shows in its profiles: classified as its own package, it is never the
  // user's culprit (profile-evidence.ts).
  if (cpuModel) {
    input.cpu = cpuEvidence(cpuModel);
    input.cpu.hotspots = findHotspots(cpuModel).map((m) => ({ id: m.id, title: hotspotAdvice(m.id).title, percent: m.percent }));
    input.cpu.packages = packageCosts(cpuModel);
    const writers = answerWriters(cpuModel);
    if (writers.length) input.cpu.answerWriters = writers;
  }
  if (run.profiles.heap) {
    input.heapCulprits = profileCulprits(mapped(heapProfileToModel(run.profiles.heap, 'Heap profile')), 'allocation').map((c) => {
      const mayInclude = cpuModel ? calledAppFunctions(cpuModel, c) : [];
      return mayInclude.length ? { ...c, mayInclude } : c;
    });
    input.heapKeptThroughLoad = keptThroughLoad(run.profiles.heap).map((site) => {
      const mayInclude = cpuModel ? calledAppFunctions(cpuModel, site) : [];
      return mayInclude.length ? { ...site, mayInclude } : site;
    });
    const phases = keptByPhase(run.profiles.heap);
    if (phases) input.heapKeptByPhase = phases;
  }
  return input;
}

/** `{ [key]: value }` for a real number; nothing for NaN (a crash before any window), which JSON would write as null. */
function finite<K extends string>(key: K, value: number): Partial<Record<K, number>> {
  return Number.isFinite(value) ? ({ [key]: value } as Record<K, number>) : {};
}

/** The doctor's judgement of one process's run (the units aside), and the summary the session list shows. */
export function diagnoseProcess(run: CollectedRun): RunDiagnosis {
  const input = doctorInput(run);
  const diagnosis = withSourceNotes(judge(input, loadDiagnosisAdvice()), run.profiles.sourceMaps?.set);
  const load = run.load;
  const summary: SessionSummary = {
    verdict: diagnosis.verdict,
    ...(load
      ? { requestsPerSecond: load.requestsPerSecond, latencyP99: load.latency.p99, errors: load.errors + load.timeouts + load.non2xx, ...finite('loopMsPerRequest', Math.round(requestCost(input).loopMsPerRequest * 1000) / 1000) }
      : {}),
  };
  return { diagnosis, summary };
}

/**
 * The culprits whose place was found by function name (a compiled file without a map) marked so, and the maps'
 * warnings said with the diagnosis: a line found by name is the user's to check, not to trust as a map's.
 */
function withSourceNotes(diagnosis: Diagnosis, maps: SourceMapSet | undefined): Diagnosis {
  if (!maps || maps.warnings.length === 0) return diagnosis;
  const mark = (c: Culprit): Culprit => {
    const compiledAt = maps.compiledAt(c.url, c.line);
    return compiledAt ? { ...c, mappedBy: 'name', compiledAt } : c;
  };
  return { ...diagnosis, findings: diagnosis.findings.map((f) => ({ ...f, culprits: f.culprits.map(mark) })), sourceNotes: [...maps.warnings] };
}

/** A run whose app never served: the verdict says what happened at its start (start-failure.ts). */
export function diagnoseStartFailure(error: CheckupError): RunDiagnosis {
  const { code, params } = error;
  const diagnosis = startFailedDiagnosis(
    {
      code,
      message: error.message,
      ...(error.hint ? { hint: error.hint } : {}),
      lastLines: error.details,
      ...(typeof params.code === 'number' ? { exitCode: params.code } : {}),
      ...(typeof params.seconds === 'number' ? { waitedSec: params.seconds } : {}),
    },
    loadDiagnosisAdvice(),
  );
  return { diagnosis, summary: { verdict: diagnosis.verdict } };
}
