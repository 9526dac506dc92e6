// The target crashed during the load: the most important thing to tell, with the exception that killed it.
import type { Evidence } from '../contract/diagnosis.js';
import { named } from './format.js';
import type { AnalyserResult, DiagnosisInput } from './input.js';
import { parseStackFrames, responsibleFrame } from './stack-frames.js';

export function crashSummary(stderrTail: string[]): string | undefined {
  // Node prints the error line ("TypeError: x is not a function") right before its stack.
  const lines = stderrTail.map((l) => l.trim());
  const firstAt = lines.findIndex((l) => l.startsWith('at '));
  if (firstAt > 0) return lines[firstAt - 1];
  return lines.reverse().find((l) => /error/i.test(l));
}

export function analyseCrash(input: DiagnosisInput): AnalyserResult {
  const t = input.target;
  if (!t.crashed) return { findings: [] };
  const how = t.signal ? `signal ${t.signal}` : `exit code ${t.exitCode ?? '?'}`;
  const frame = responsibleFrame(parseStackFrames((t.stderrTail ?? []).join('\n')));
  const error = crashSummary(t.stderrTail ?? []);
  const evidence: Evidence[] = [{ label: `Exited with ${how}`, value: t.exitCode ?? -1, unit: 'exit code', series: 'target' }];
  if (t.crashedAtMs !== undefined) evidence.push({ label: 'Crashed after the load began', value: Math.round(t.crashedAtMs), unit: 'ms', series: 'target', fromMs: t.crashedAtMs, toMs: t.crashedAtMs });
  return {
    findings: [
      {
        kind: 'target-crashed',
        severity: 'problem',
        title: 'The app crashed under load',
        explanation: `The app exited with ${how} while it was under load${error ? `: ${error}` : ''}.` + (frame ? ` The error was thrown in ${named(frame)}.` : ''),
        evidence,
        culprits: frame ? [frame] : [],
        score: 100,
      },
    ],
  };
}
