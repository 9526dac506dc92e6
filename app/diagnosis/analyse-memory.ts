// Memory growth: the heap's floor rises steadily over the run (a leak, or a cache without bounds).
import type { Evidence } from '../contract/diagnosis.js';
import { mb, named } from './format.js';
import type { AnalyserResult, DiagnosisInput } from './input.js';
import { chunks, kendallTau, round, theilSenSlope } from './stats.js';
import { thresholds as T } from './thresholds.js';

export function heapFloorTrend(input: DiagnosisInput): { floors: number[]; tau: number; growth: number; ratePerSec: number } {
  // The minimum of each segment is the heap after GC, give or take: it ignores the sawtooth of short-lived garbage.
  const segments = chunks(input.samples, T.memorySegments);
  const floors = segments.map((seg) => Math.min(...seg.map((s) => s.memory.heapUsed)));
  const times = segments.map((seg) => seg[Math.floor(seg.length / 2)]!.ts / 1000);
  const slope = theilSenSlope(times, floors);
  return { floors, tau: kendallTau(floors), growth: floors.length ? floors[floors.length - 1]! - floors[0]! : 0, ratePerSec: Number.isFinite(slope) ? slope : 0 };
}

export function analyseMemory(input: DiagnosisInput): AnalyserResult {
  if (input.samples.length < T.minSamples * 2) return { insufficient: 'the run is too short to see a memory trend' };
  const { floors, tau, growth, ratePerSec } = heapFloorTrend(input);
  if (tau < T.memoryTau || growth < T.memoryWarningGrowthBytes) return { findings: [] };
  const problem = growth >= T.memoryProblemGrowthBytes && ratePerSec >= T.memoryProblemRateBytesPerSec;
  const first = input.samples[0]!;
  const last = input.samples[input.samples.length - 1]!;
  const culprits = (input.heapCulprits ?? []).slice(0, T.culpritCount);
  const evidence: Evidence[] = [
    { label: 'Heap growth over the run (floor after GC)', value: round(growth / 1048576), unit: 'MB', series: 'memory.heapUsed', threshold: T.memoryProblemGrowthBytes / 1048576 },
    { label: 'Growth rate', value: round(ratePerSec / 1048576, 2), unit: 'MB/s', series: 'memory.heapUsed', threshold: T.memoryProblemRateBytesPerSec / 1048576 },
    { label: 'Steadiness of the rise (Kendall tau of segment floors)', value: round(tau, 2), unit: '', series: 'memory.heapUsed', threshold: T.memoryTau },
    { label: 'RSS at the end', value: round(last.memory.rss / 1048576), unit: 'MB', series: 'memory.rss' },
  ];
  const top = culprits[0];
  return {
    findings: [
      {
        kind: 'memory-leak',
        severity: problem ? 'problem' : 'warning',
        title: 'Memory keeps growing',
        explanation:
          `The heap's floor rose from ${mb(floors[0]!)} to ${mb(floors[floors.length - 1]!)} (${mb(ratePerSec)}/s) and never came ` +
          `back down over ${Math.round((last.ts - first.ts) / 100) / 10} s: objects are being kept alive.` +
          (top ? ` Most of the memory still alive at the end was allocated in ${named(top)}` : ' Re-run with the heap profile on to see where the kept memory is allocated.') +
          (top?.mayInclude?.length ? `, or in what it calls: ${top.mayInclude.map((f) => `${f.functionName} (line ${f.line})`).join(', ')} (V8 merges small functions into their callers).` : top ? '.' : ''),
        evidence,
        culprits,
        score: Math.min(growth / T.memoryProblemGrowthBytes, ratePerSec / T.memoryProblemRateBytesPerSec),
      },
    ],
  };
}
