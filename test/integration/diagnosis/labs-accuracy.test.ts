// The doctor's accuracy on the bundled sample apps: real targets, real load on loopback, real profiles, on this
// 2-core machine where the load generator shares the cores with the target. Each slow variant must get its problem
// as the verdict with the responsible function as the top culprit (file:line in the lab's slow.js); each fixed
// variant must be healthy.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Culprit } from '../../../app/contract/diagnosis.js';
import { Engine } from '../../../app/engine/engine.js';
import { getLab, labScript } from '../../../app/labs/catalogue.js';

const engine = new Engine({ sessionsDir: mkdtempSync(join(tmpdir(), 'checkup-accuracy-')) });

async function runLab(lab: string, variant: 'slow' | 'fixed', durationSec: number) {
  const load = { ...getLab(lab).recipe.load, durationSec, warmupSec: 1 };
  const started = await engine.startRun({ recipe: { target: { kind: 'lab', lab, variant }, load } });
  const outcome = await engine.runOutcome(started.runId);
  expect(outcome.error, outcome.error?.message).toBeUndefined();
  return engine.getSession({ id: outcome.sessionId });
}

/** Whether a culprit names `fn`: itself, as the caller of an anonymous callback, or as a candidate inlined into it. */
function names(c: Culprit | undefined, fn: string): boolean {
  if (!c) return false;
  return c.functionName === fn || c.calledFrom === fn || Boolean(c.mayInclude?.some((m) => m.functionName === fn));
}

const slow: Array<[lab: string, verdict: string, culprit: string | undefined]> = [
  ['healthy', 'healthy', undefined],
  ['blocking', 'event-loop-blocked', 'computeReport'],
  ['slow-io', 'io-bound', 'fetchInventory'],
  // The churn is in orderStats: buildRows (inlined into it) and its .map(row => ({ ...row })) callback.
  ['gc-churn', 'gc-pressure', 'orderStats'],
  // V8's heap sampler charges allocations of inlined functions to their caller; the culprit lists them.
  ['memory-leak', 'memory-leak', 'rememberRequest'],
  ['listener-leak', 'listener-leak', 'subscribeToUpdates'],
];

describe('diagnosis accuracy on the sample apps', () => {
  for (const [lab, verdict, culprit] of slow) {
    it(`${lab} (slow) → ${verdict}${culprit ? `, culprit ${culprit}` : ''}`, async () => {
      const detail = await runLab(lab, 'slow', 4);
      const diagnosis = detail.diagnosis!;
      expect(diagnosis.verdict, JSON.stringify(diagnosis.findings.map((f) => [f.kind, f.severity, f.evidence[0]]))).toBe(verdict);
      if (!culprit) return;
      const top = diagnosis.findings[0]!;
      expect(top.kind).toBe(verdict);
      const named = top.culprits.slice(0, 2).find((c) => names(c, culprit));
      expect(named, JSON.stringify(top.culprits.slice(0, 3))).toBeDefined();
      expect(named!.url).toBe(pathToFileURL(labScript(lab, 'slow')).href);
      expect(named!.line).toBeGreaterThan(0);
    });
  }

  for (const [lab] of slow) {
    it(`${lab} (fixed) → healthy`, async () => {
      const detail = await runLab(lab, 'fixed', 3);
      expect(detail.diagnosis!.verdict, JSON.stringify(detail.diagnosis!.findings.map((f) => [f.kind, f.severity, f.evidence[0]]))).toBe('healthy');
    });
  }
});
