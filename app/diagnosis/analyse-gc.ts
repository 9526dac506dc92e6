// GC pressure: the garbage collector stops the app for a large share of the time, because something allocates
// many short-lived objects.
import type { Evidence } from '../contract/diagnosis.js';
import { ms, named, pct } from './format.js';
import type { AnalyserResult, DiagnosisInput } from './input.js';
import { round, sum } from '../numbers.js';
import { thresholds as T } from './thresholds.js';

export function gcShare(input: DiagnosisInput): number {
  const wall = sum(input.samples.map((s) => s.windowMs));
  return wall > 0 ? sum(input.samples.map((s) => s.gc.totalMs)) / wall : 0;
}

export function analyseGc(input: DiagnosisInput): AnalyserResult {
  const { samples } = input;
  if (samples.length < T.minSamples) return { insufficient: `only ${samples.length} probe windows were recorded` };
  const share = gcShare(input);
  if (share < T.gcWarningShare) return { findings: [] };

  const count = sum(samples.map((s) => s.gc.count));
  const longest = Math.max(...samples.map((s) => s.gc.maxMs));
  const major = sum(samples.map((s) => s.gc.byKind.major?.totalMs ?? 0));
  const culprits = (input.cpu?.culprits ?? []).slice(0, T.culpritCount);
  const evidence: Evidence[] = [
    { label: 'Time in GC pauses', value: round(share * 100), unit: '%', series: 'gc.share', threshold: T.gcProblemShare * 100 },
    { label: 'GC pauses', value: count, unit: 'pauses', series: 'gc.share' },
    { label: 'Longest GC pause', value: round(longest), unit: 'ms', series: 'gc.share' },
    { label: 'Of GC time in major (mark-compact) collections', value: round((100 * major) / Math.max(1e-9, sum(samples.map((s) => s.gc.totalMs)))), unit: '%', series: 'gc.share' },
  ];
  if (input.cpu) evidence.push({ label: 'Profile samples in the garbage collector', value: round(input.cpu.gcPercent), unit: '%', series: 'profile' });
  const top = culprits[0];
  return {
    findings: [
      {
        kind: 'gc-pressure',
        severity: share >= T.gcProblemShare ? 'problem' : 'warning',
        title: 'The garbage collector is working hard',
        explanation:
          `The app was paused for garbage collection ${pct(share)} of the time (${count} pauses, the longest ${ms(longest)}). ` +
          'Something allocates many short-lived objects per request.' +
          (top ? ` The busiest function, likely the allocator, is ${named(top)}.` : ''),
        evidence,
        culprits,
        score: share / T.gcProblemShare,
      },
    ],
  };
}
