// Slow start-up: a long time between process start and the first listening socket.
import type { AnalyserResult, DiagnosisInput } from './input.js';
import { thresholds as T } from './thresholds.js';

export function analyseStartup(input: DiagnosisInput): AnalyserResult {
  const startup = input.target.startupMs;
  if (startup === undefined || startup < T.startupWarningMs) return { findings: [] };
  return {
    findings: [
      {
        kind: 'slow-startup',
        severity: 'warning',
        title: 'The app is slow to start',
        explanation: `It took ${(startup / 1000).toFixed(1)} s from process start until the app listened. Slow starts make restarts, deploys and scaling slower.`,
        evidence: [{ label: 'Process start to listening', value: Math.round(startup), unit: 'ms', series: 'target', threshold: T.startupWarningMs }],
        culprits: [],
        score: startup / T.startupWarningMs / 2,
      },
    ],
  };
}
