// After the load: what was collected becomes the doctor's input (cut to the measured window), the doctor judges it,
// and the profiles, the diagnosis and the session's summary are saved through the store. Timed: the gap between the
// end of the load and the diagnosis being written is a figure we report (bench: "diagnosis latency").
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnosis } from '../contract/diagnosis.js';
import type { LoadResult, ProbeSample, ProbeWarning } from '../contract/metrics.js';
import type { Recipe } from '../contract/recipe.js';
import type { SessionSummary, SessionTimings } from '../contract/session.js';
import { hotspotAdvice, loadDiagnosisAdvice } from './advice-files.js';
import { findHotspots } from './hotspots/index.js';
import { diagnose } from './judge.js';
import { startFailedDiagnosis } from './start-failure.js';
import type { CheckupError } from '../errors.js';
import type { DiagnosisInput, MemoryAfterLoad } from './input.js';
import { cutMeasuredWindow } from '../contract/measured-window.js';
import { calledAppFunctions, cpuEvidence, profileCulprits } from './profile-evidence.js';
import { requestCost } from './request-cost.js';
import { probePath } from '../paths.js';
import { cpuProfileToModel } from '../profile/import/cpuprofile.js';
import { heapProfileToModel } from '../profile/import/heapprofile.js';
import type { Profile } from '../profile/model/profile.js';
import { applySourceMaps } from '../profile/source-maps/apply.js';
import type { RunSourceMaps } from '../profile/source-maps/run-maps.js';
import type { SessionWriter } from '../store/session-writer.js';
import type { TargetExit } from '../target/index.js';

export interface CapturedProfiles {
  cpu?: unknown;
  heap?: unknown;
  /** Their source maps, found while the target ran (app/profile/source-maps/run-maps.ts). */
  sourceMaps?: RunSourceMaps;
}

export interface CollectedRun {
  samples: ProbeSample[];
  warnings: ProbeWarning[];
  load: LoadResult | undefined;
  profiles: CapturedProfiles;
  crash: TargetExit | undefined;
  /** The last lines the target wrote to stderr. */
  stderrTail: string[];
  startupMs: number | undefined;
  /** The measured window's edges (session.json's timings). */
  timings: Pick<SessionTimings, 'measureStartAt' | 'measureEndAt'>;
  recipe: Recipe;
  memoryAfterLoad?: MemoryAfterLoad;
}

export interface RunDiagnosis {
  diagnosis: Diagnosis;
  summary: SessionSummary;
}

/** The probe's files run inside the target and show up in its profiles; they are never the user's culprit. */
const OURS: ReadonlySet<string> = new Set(
  readdirSync(dirname(probePath))
    .filter((name) => name.endsWith('.cjs'))
    .flatMap((name) => [join(dirname(probePath), name), pathToFileURL(join(dirname(probePath), name)).href]),
);

/** Everything collected, as the doctor takes it: probe windows of the measured window, load figures, profile evidence. */
export function doctorInput(run: CollectedRun): DiagnosisInput {
  const { measureStartAt, measureEndAt } = run.timings;
  const input: DiagnosisInput = {
    samples: cutMeasuredWindow(run.samples, [], measureStartAt, measureEndAt).samples,
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
    ...(run.memoryAfterLoad ? { memoryAfterLoad: run.memoryAfterLoad } : {}),
  };
  // The profiles come from the inspector already parsed; turning them into models is in-memory work. Their maps were
  // read when they were taken, so the doctor judges the frames every later view shows (the .ts file and line).
  const maps = run.profiles.sourceMaps?.set;
  const mapped = (model: Profile): Profile => (maps ? applySourceMaps(model, maps) : model);
  const cpuModel = run.profiles.cpu ? mapped(cpuProfileToModel(run.profiles.cpu, 'CPU profile')) : undefined;
  if (cpuModel) {
    input.cpu = cpuEvidence(cpuModel, { ignoreUrls: OURS });
    input.cpu.hotspots = findHotspots(cpuModel).map((m) => ({ id: m.id, title: hotspotAdvice(m.id).title, percent: m.percent }));
  }
  if (run.profiles.heap) {
    input.heapCulprits = profileCulprits(mapped(heapProfileToModel(run.profiles.heap, 'Heap profile')), 'allocation', { ignoreUrls: OURS }).map((c) => {
      const mayInclude = cpuModel ? calledAppFunctions(cpuModel, c, { ignoreUrls: OURS }) : [];
      return mayInclude.length ? { ...c, mayInclude } : c;
    });
  }
  return input;
}

/** `{ [key]: value }` for a real number; nothing for NaN (a crash before any window), which JSON would write as null. */
function finite<K extends string>(key: K, value: number): Partial<Record<K, number>> {
  return Number.isFinite(value) ? ({ [key]: value } as Record<K, number>) : {};
}

/** The doctor's judgement of a run, and the summary the session list shows. */
export function diagnoseRun(run: CollectedRun): RunDiagnosis {
  const input = doctorInput(run);
  const diagnosis = diagnose(input, loadDiagnosisAdvice());
  const load = run.load;
  const summary: SessionSummary = {
    verdict: diagnosis.verdict,
    ...(load
      ? { requestsPerSecond: load.requestsPerSecond, latencyP99: load.latency.p99, errors: load.errors + load.timeouts + load.non2xx, ...finite('loopMsPerRequest', Math.round(requestCost(input).loopMsPerRequest * 1000) / 1000) }
      : {}),
  };
  return { diagnosis, summary };
}

/** A run whose app never served: the verdict says what happened at its start (app/diagnosis/start-failure.ts). */
export function startFailedRun(error: CheckupError): RunDiagnosis {
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

/** Saves the profiles in their standard formats, the diagnosis, and the summary into session.json. */
export async function saveDiagnosis(writer: SessionWriter, profiles: CapturedProfiles, result: RunDiagnosis): Promise<void> {
  await Promise.all([
    profiles.cpu ? writer.writeCpuProfile(profiles.cpu) : undefined,
    profiles.heap ? writer.writeHeapProfile(profiles.heap) : undefined,
    writer.writeDiagnosis(result.diagnosis),
    profiles.sourceMaps && Object.keys(profiles.sourceMaps.recorded).length > 0 ? writer.writeSourceMaps(profiles.sourceMaps.recorded) : undefined,
  ]);
  writer.session.summary = result.summary;
  writer.session.timings.diagnosedAt = Date.now();
  await writer.saveSessionFile();
}
