// Failed requests: errors, timeouts and non-2xx answers make every other figure suspect.
import type { Culprit, Evidence } from '../contract/diagnosis.js';
import { named, pct } from './format.js';
import type { AnalyserResult, DiagnosisInput } from './input.js';
import { routeName, routeTotals } from './request-cost.js';
import { parseStackFrames, responsibleFrame } from './stack-frames.js';
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
  // Which route fails, from the app's side, and who threw, from the last error stack the app logged.
  const failing = routeTotals(input.samples).filter((r) => r.errors > 0).sort((a, b) => b.errors - a.errors)[0];
  const thrower = responsibleFrame(parseStackFrames((input.target.stderrTail ?? []).join('\n')));
  const culprits: Culprit[] = thrower ? [thrower] : [];
  const evidence: Evidence[] = [
    { label: 'Failed requests', value: Math.round(share * 1000) / 10, unit: '%', series: 'load.errors', threshold: T.loadErrorProblemShare * 100 },
    { label: 'Connection errors', value: load.errors, unit: 'requests', series: 'load.errors' },
    { label: 'Timeouts', value: load.timeouts, unit: 'requests', series: 'load.errors' },
    ...codes.map(([code, n]): Evidence => ({ label: `HTTP ${code} answers`, value: n, unit: 'requests', series: 'load.errors' })),
    ...(failing ? [{ label: `Failed ${routeName(failing)} requests`, value: Math.round((1000 * failing.errors) / Math.max(1, failing.count)) / 10, unit: '%', series: 'routes' as const }] : []),
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
          ')' +
          (failing ? `, most of them on ${routeName(failing)}` : '') +
          '.' +
          (thrower ? ` The last error the app logged was thrown in ${named(thrower)}.` : ' Check the request path, method and body, and the app\'s log.'),
        evidence,
        culprits,
        score: share / T.loadErrorProblemShare,
      },
    ],
  };
}
