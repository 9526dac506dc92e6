// Failed requests: errors, timeouts and non-2xx answers make every other figure suspect.
import type { Evidence } from '../contract/diagnosis.js';
import { pct } from './format.js';
import type { AnalyserResult, DiagnosisInput } from './input.js';
import { thresholds as T } from './thresholds.js';

export function analyseLoadErrors(input: DiagnosisInput): AnalyserResult {
  const load = input.load;
  if (!load) return { findings: [] };
  const failed = load.errors + load.timeouts + load.non2xx;
  const total = Math.max(1, load.requestsTotal + load.errors + load.timeouts);
  const share = failed / total;
  if (share < T.loadErrorWarningShare) return { findings: [] };
  const codes = Object.entries(load.statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .sort((a, b) => b[1] - a[1]);
  const evidence: Evidence[] = [
    { label: 'Failed requests', value: Math.round(share * 1000) / 10, unit: '%', series: 'load.errors', threshold: T.loadErrorProblemShare * 100 },
    { label: 'Connection errors', value: load.errors, unit: 'requests', series: 'load.errors' },
    { label: 'Timeouts', value: load.timeouts, unit: 'requests', series: 'load.errors' },
    ...codes.map(([code, n]): Evidence => ({ label: `HTTP ${code} answers`, value: n, unit: 'requests', series: 'load.errors' })),
  ];
  return {
    findings: [
      {
        kind: 'load-errors',
        severity: share >= T.loadErrorProblemShare ? 'problem' : 'warning',
        title: 'Requests are failing',
        explanation:
          `${pct(share)} of requests failed (${load.errors} connection errors, ${load.timeouts} timeouts, ${load.non2xx} non-2xx answers` +
          (codes[0] ? `, mostly HTTP ${codes[0][0]}` : '') +
          '). Check the request path, method and body, and the app\'s log.',
        evidence,
        culprits: [],
        score: share / T.loadErrorProblemShare,
      },
    ],
  };
}
