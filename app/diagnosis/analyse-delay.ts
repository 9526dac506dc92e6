// Event loop blocked: timers fire late because JavaScript runs synchronously for long stretches.
import type { Evidence } from '../contract/diagnosis.js';
import { ms, named, pct } from './format.js';
import type { AnalyserResult, DiagnosisInput } from './input.js';
import { loopBusy, loopBusyEvidence } from './loop-busy.js';
import { median, round } from './stats.js';
import { thresholds as T } from './thresholds.js';
import { windowSpan } from './windows.js';

export function analyseDelay(input: DiagnosisInput): AnalyserResult {
  const { samples } = input;
  if (samples.length < T.minSamples) return { insufficient: `only ${samples.length} probe windows were recorded` };
  const p99 = median(samples.map((s) => s.delay.p99));
  if (p99 < T.delayWarningMs) return { findings: [] };

  const max = Math.max(...samples.map((s) => s.delay.max));
  const busy = loopBusy(input);
  const elu = busy.share;
  const late = samples.filter((s) => s.delay.p99 >= T.delayWarningMs);
  const span = windowSpan(late, input.measureStartAt);
  const culprits = (input.cpu?.culprits ?? []).slice(0, T.culpritCount);
  const evidence: Evidence[] = [
    { label: 'Event-loop delay p99 (median of windows)', value: round(p99), unit: 'ms', series: 'delay.p99', threshold: T.delayProblemMs, ...span },
    { label: 'Longest event-loop delay', value: round(max), unit: 'ms', series: 'delay.max' },
    { label: 'Windows with delay p99 over ' + T.delayWarningMs + ' ms', value: round((100 * late.length) / samples.length), unit: '%', series: 'delay.p99' },
    loopBusyEvidence(busy),
  ];
  const top = culprits[0];
  return {
    findings: [
      {
        kind: 'event-loop-blocked',
        severity: p99 >= T.delayProblemMs ? 'problem' : 'warning',
        title: 'The event loop is blocked',
        explanation:
          `Timers fired ${ms(p99)} late at p99 (up to ${ms(max)}) with the loop busy ${pct(elu)} of the time: while ` +
          'one request runs synchronous JavaScript, every other request waits.' +
          (top ? ` Most of that CPU time is spent in ${named(top)}.` : ''),
        evidence,
        culprits,
        score: p99 / T.delayProblemMs,
      },
    ],
  };
}
