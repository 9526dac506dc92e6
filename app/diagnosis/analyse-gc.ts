// GC pressure: the garbage collector stops the app for a large share of the time, because something allocates
// many short-lived objects.
import type { Evidence } from '../contract/diagnosis.js';
import { ms, named, pct } from './format.js';
import type { AnalyserResult, DiagnosisInput } from './input.js';
import { round, sum } from '../numbers.js';
import { thresholds as T } from './thresholds.js';
import { enoughWindows } from './windows.js';

/** GC pauses reported by the runtime (PerformanceObserver 'gc' entries) as a share of the measured wall time. */
export function gcPauseShare(input: DiagnosisInput): number {
  const wall = sum(input.samples.map((s) => s.windowMs));
  return wall > 0 ? sum(input.samples.map((s) => s.gc.totalMs)) / wall : 0;
}

/**
 * The share of wall time the main thread spent collecting garbage instead of running the app. The CPU profile counts
 * every sample taken in the collector, including the incremental marking steps V8 runs between the pauses it reports
 * as 'gc' entries, so where there is a profile its share is the fuller measure (1-4 points above the pauses on the
 * corpus); without one, the pauses.
 */
export function gcShare(input: DiagnosisInput): number {
  return input.cpu && input.cpu.durationMs > 0 ? input.cpu.gcPercent / 100 : gcPauseShare(input);
}

export function analyseGc(input: DiagnosisInput): AnalyserResult {
  const { samples } = input;
  if (!enoughWindows(samples)) return { insufficient: `only ${samples.length} probe windows were recorded` };
  const share = gcShare(input);
  const pauses = gcPauseShare(input);
  if (share < T.gcWarningShare) return { findings: [] };

  const count = sum(samples.map((s) => s.gc.count));
  const longest = Math.max(...samples.map((s) => s.gc.maxMs));
  const major = sum(samples.map((s) => s.gc.byKind.major?.totalMs ?? 0));
  const culprits = (input.cpu?.culprits ?? []).slice(0, T.culpritCount);
  const evidence: Evidence[] = [
    { label: 'Time in garbage collection', value: round(share * 100), unit: '%', series: input.cpu && input.cpu.durationMs > 0 ? 'profile' : 'gc.share', threshold: T.gcProblemShare * 100 },
    { label: 'Time in GC pauses', value: round(pauses * 100), unit: '%', series: 'gc.share' },
    { label: 'GC pauses', value: count, unit: 'pauses', series: 'gc.share' },
    { label: 'Longest GC pause', value: round(longest), unit: 'ms', series: 'gc.share' },
    { label: 'Of GC time in major (mark-compact) collections', value: round((100 * major) / Math.max(1e-9, sum(samples.map((s) => s.gc.totalMs)))), unit: '%', series: 'gc.share' },
  ];
  const top = culprits[0];
  return {
    findings: [
      {
        kind: 'gc-pressure',
        severity: share >= T.gcProblemShare ? 'problem' : 'warning',
        title: 'The garbage collector is working hard',
        explanation:
          `The app spent ${pct(share)} of the time collecting garbage instead of serving requests (${count} pauses, the longest ${ms(longest)}). ` +
          'Something allocates many short-lived objects per request.' +
          (top ? ` The busiest function, likely the allocator, is ${named(top)}.` : ''),
        evidence,
        culprits,
        score: share / T.gcProblemShare,
      },
    ],
  };
}
