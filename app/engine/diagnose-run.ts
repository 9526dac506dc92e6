// After the load: save the profiles in their standard formats, turn everything collected over the measured window
// into the diagnosis input, and write load.json and diagnosis.json. Timed: the gap between the end of the load and
// the diagnosis being written is a figure we report (bench: "diagnosis latency").
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoadResult, ProbeSample, ProbeWarning } from '../contract/metrics.js';
import type { Recipe } from '../contract/recipe.js';
import { loadDiagnosisAdvice } from '../diagnosis/advice-files.js';
import { diagnose } from '../diagnosis/index.js';
import { requestCost } from '../diagnosis/request-cost.js';
import type { DiagnosisInput, MemoryAfterLoad } from '../diagnosis/input.js';
import { findHotspots } from '../diagnosis/hotspots/index.js';
import { hotspotAdvice } from '../diagnosis/advice-files.js';
import { calledAppFunctions, cpuEvidence, profileCulprits } from '../diagnosis/profile-evidence.js';
import { cpuProfileToModel } from '../profile/import/cpuprofile.js';
import { heapProfileToModel } from '../profile/import/heapprofile.js';
import { probePath } from '../paths.js';
import type { SessionWriter } from '../store/session-writer.js';
import type { Target, TargetExit } from '../target/index.js';

export interface CollectedRun {
  writer: SessionWriter;
  samples: ProbeSample[];
  warnings: ProbeWarning[];
  load: LoadResult | undefined;
  profiles: { cpu?: unknown; heap?: unknown };
  crash: TargetExit | undefined;
  target: Target | undefined;
  recipe: Recipe;
  memoryAfterLoad?: MemoryAfterLoad;
}

/** The probe's files run inside the target and show up in its profiles; they are never the user's culprit. */
const OURS: ReadonlySet<string> = new Set(
  readdirSync(dirname(probePath))
    .filter((name) => name.endsWith('.cjs'))
    .flatMap((name) => [join(dirname(probePath), name), pathToFileURL(join(dirname(probePath), name)).href]),
);

/** Probe windows that lie mostly inside the measured window. */
export function measuredSamples(samples: ProbeSample[], startAt: number | undefined, endAt: number | undefined): ProbeSample[] {
  if (startAt === undefined) return [];
  const end = endAt ?? Infinity;
  return samples.filter((s) => {
    const middle = s.ts - s.windowMs / 2;
    return middle >= startAt && middle <= end;
  });
}

export async function diagnoseRun(run: CollectedRun): Promise<void> {
  const { writer, load } = run;
  const session = writer.session;
  const timings = session.timings;
  // A crash ends the measured window early.
  const endAt = timings.measureEndAt ?? run.crash?.at ?? Date.now();

  const input: DiagnosisInput = {
    samples: measuredSamples(run.samples, timings.measureStartAt, endAt),
    warnings: run.warnings,
    ...(load ? { load } : {}),
    target: {
      ...(session.target.startupMs !== undefined ? { startupMs: session.target.startupMs } : {}),
      // An app that answers errors often logs their stacks: the last ones name who threw.
      stderrTail: run.target?.lastLinesOf('stderr') ?? [],
      ...(run.crash
        ? {
            crashed: true,
            exitCode: run.crash.code,
            signal: run.crash.signal,
            ...(timings.measureStartAt !== undefined ? { crashedAtMs: run.crash.at - timings.measureStartAt } : {}),
          }
        : {}),
    },
    ...(timings.measureStartAt !== undefined ? { measureStartAt: timings.measureStartAt } : {}),
    concurrency: run.recipe.load.connections * run.recipe.load.pipelining,
    ...(run.memoryAfterLoad ? { memoryAfterLoad: run.memoryAfterLoad } : {}),
  };

  const writes: Promise<void>[] = [];
  const cpuModel = run.profiles.cpu ? cpuProfileToModel(run.profiles.cpu, 'CPU profile') : undefined;
  if (cpuModel) {
    writes.push(writer.writeJson('profile.cpuprofile', run.profiles.cpu, false));
    input.cpu = cpuEvidence(cpuModel, { ignoreUrls: OURS });
    input.cpu.hotspots = findHotspots(cpuModel).map((m) => ({ id: m.id, title: hotspotAdvice(m.id).title, percent: m.percent }));
  }
  if (run.profiles.heap) {
    writes.push(writer.writeJson('heap.heapprofile', run.profiles.heap, false));
    input.heapCulprits = profileCulprits(heapProfileToModel(run.profiles.heap, 'Heap profile'), 'allocation', { ignoreUrls: OURS }).map((c) => {
      const mayInclude = cpuModel ? calledAppFunctions(cpuModel, c, { ignoreUrls: OURS }) : [];
      return mayInclude.length ? { ...c, mayInclude } : c;
    });
  }
  if (load) writes.push(writer.writeJson('load.json', load));

  const diagnosis = diagnose(input, loadDiagnosisAdvice());
  writes.push(writer.writeJson('diagnosis.json', diagnosis));
  if (run.crash) Object.assign(session.target, { exitCode: run.crash.code, signal: run.crash.signal, exitedUnexpectedly: true });
  session.summary = {
    verdict: diagnosis.verdict,
    ...(load
      ? { requestsPerSecond: load.requestsPerSecond, latencyP99: load.latency.p99, errors: load.errors + load.timeouts + load.non2xx, loopMsPerRequest: Math.round(requestCost(input).loopMsPerRequest * 1000) / 1000 }
      : {}),
  };
  await Promise.all(writes);
  timings.diagnosedAt = Date.now();
  await writer.saveSessionFile();
}
