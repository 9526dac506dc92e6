// Listener leak: listeners are added to a long-lived emitter and never removed, usually one per request. Seen two
// ways: Node's MaxListenersExceededWarning (its stack names who added the listener), and, because that warning is
// silenced by `defaultMaxListeners = Infinity` or `setMaxListeners(0)`, the probe's own count of every listener array
// that reached 32 (with the stack of the call that crossed it), judged by its growth over the measured window.
import type { Culprit, Evidence } from '../contract/diagnosis.js';
import type { ListenerCount } from '../contract/metrics.js';
import { named } from './format.js';
import type { AnalyserResult, DiagnosisInput } from './input.js';
import { parseStackFrames, responsibleFrame } from './stack-frames.js';
import { thresholds as T } from './thresholds.js';

interface Growth {
  entry: ListenerCount;
  from: number;
  to: number;
}

/** Emitter/event pairs whose listener count rose by T.listenerGrowth or more within the measured window. */
export function listenerGrowth(input: DiagnosisInput): Growth[] {
  const first = new Map<number, ListenerCount>();
  const last = new Map<number, ListenerCount>();
  for (const sample of input.samples) {
    for (const entry of sample.listeners ?? []) {
      if (!first.has(entry.id)) first.set(entry.id, entry);
      last.set(entry.id, entry);
    }
  }
  const out: Growth[] = [];
  for (const [id, end] of last) {
    const from = first.get(id)!.count;
    if (end.count - from >= T.listenerGrowth) out.push({ entry: end, from, to: end.count });
  }
  return out.sort((a, b) => b.to - b.from - (a.to - a.from));
}

function addCulprit(culprits: Culprit[], stack: string | undefined): void {
  const frame = stack ? responsibleFrame(parseStackFrames(stack)) : undefined;
  if (frame && !culprits.some((c) => c.url === frame.url && c.line === frame.line)) culprits.push(frame);
}

export function analyseListeners(input: DiagnosisInput): AnalyserResult {
  const warned = input.warnings.filter((w) => w.name === 'MaxListenersExceededWarning');
  const grown = listenerGrowth(input);
  if (!warned.length && !grown.length) return { findings: [] };
  const evidence: Evidence[] = [];
  const culprits: Culprit[] = [];
  for (const g of grown) {
    evidence.push({ label: `Listeners for "${g.entry.event}" on ${g.entry.emitter}, start → end of the load`, value: g.to, unit: `listeners (from ${g.from})`, series: 'listeners', threshold: g.from + T.listenerGrowth });
    addCulprit(culprits, g.entry.stack);
  }
  for (const w of warned) {
    evidence.push({ label: `Listeners for "${w.event ?? '?'}" on ${w.emitter ?? 'an emitter'} (Node's warning)`, value: w.count ?? 0, unit: 'listeners', series: 'warnings' });
    addCulprit(culprits, w.stack);
  }
  const g = grown[0];
  const w = warned[0];
  const what = g
    ? `The ${g.entry.emitter}'s "${g.entry.event}" listeners grew from ${g.from} to ${g.to} during the load` +
      (w ? '' : ' (Node did not warn: its max-listeners limit is off)')
    : `Node warned that ${w!.emitter ?? 'an emitter'} has ${w!.count ?? 'too many'} "${w!.event ?? '?'}" listeners`;
  return {
    findings: [
      {
        kind: 'listener-leak',
        severity: 'problem',
        title: 'Event listeners are leaking',
        explanation:
          `${what}. Listeners added and never removed keep their closures alive and make every emit slower.` +
          (culprits[0] ? ` The listener is added by ${named(culprits[0])}.` : ''),
        evidence,
        culprits,
        // Categorical: rank it above any figure-based finding it may cause (memory growth, slow emits).
        score: 10,
      },
    ],
  };
}
