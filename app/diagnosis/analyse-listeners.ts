// Listener leak: Node warned that an emitter has more listeners than its limit, usually because each request adds
// one and none is removed. The warning's stack names who added it.
import type { Culprit, Evidence } from '../contract/diagnosis.js';
import { named } from './format.js';
import type { AnalyserResult, DiagnosisInput } from './input.js';
import { parseStackFrames, responsibleFrame } from './stack-frames.js';

export function analyseListeners(input: DiagnosisInput): AnalyserResult {
  const leaks = input.warnings.filter((w) => w.name === 'MaxListenersExceededWarning');
  if (!leaks.length) return { findings: [] };
  const evidence: Evidence[] = [];
  const culprits: Culprit[] = [];
  for (const w of leaks) {
    evidence.push({ label: `Listeners for "${w.event ?? '?'}" on ${w.emitter ?? 'an emitter'}`, value: w.count ?? 0, unit: 'listeners', series: 'warnings' });
    const frame = w.stack ? responsibleFrame(parseStackFrames(w.stack)) : undefined;
    if (frame && !culprits.some((c) => c.url === frame.url && c.line === frame.line)) culprits.push(frame);
  }
  const first = leaks[0]!;
  return {
    findings: [
      {
        kind: 'listener-leak',
        severity: 'problem',
        title: 'Event listeners are leaking',
        explanation:
          `Node warned that ${first.emitter ?? 'an emitter'} has ${first.count ?? 'too many'} "${first.event ?? '?'}" listeners. ` +
          'Listeners added and never removed keep their closures alive and make every emit slower.' +
          (culprits[0] ? ` The listener is added by ${named(culprits[0])}.` : ''),
        evidence,
        culprits,
        // A warning is categorical: rank it above any figure-based finding it may cause (memory growth, slow emits).
        score: 10,
      },
    ],
  };
}
