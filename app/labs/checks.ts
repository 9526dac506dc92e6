// Judging a measurement against a lab's claims (pure): the verdict, the culprit and each figure. A figure claim holds
// when an evidence of the run (any finding) matches its series (and label) and its value is within the bounds. The
// same judgement serves the suite's lesson checks, the student's check and the culprit step.
import type { CulpritCheck, FigureCheck, LabCheck } from '../contract/course.js';
import type { Culprit, Diagnosis, Evidence } from '../contract/diagnosis.js';
import type { StartupResult } from '../contract/startup.js';
import type { Expectation } from './lab-format.js';
import { boundWords, claimUnit } from './placeholders.js';

/** What a check reads from a measurement: a verdict, evidence, and who is to blame (ranked). */
export interface Measured {
  verdict: string;
  evidence: Array<Pick<Evidence, 'label' | 'value' | 'unit' | 'series'>>;
  /** Names that count as the culprit, best first: functions (with their callers and inlined callees) or packages. */
  culprits: string[][];
}

/** The names a culprit row answers to: itself, the named function an anonymous callback ran in, what V8 inlined into it. */
export function culpritNames(c: Pick<Culprit, 'functionName' | 'calledFrom' | 'via' | 'mayInclude'>): string[] {
  return [c.functionName, c.calledFrom, c.via, ...(c.mayInclude ?? []).map((m) => m.functionName)].filter((n): n is string => Boolean(n));
}

export function fromDiagnosis(d: Diagnosis): Measured {
  const lead = d.findings.find((f) => f.kind === d.verdict);
  return {
    verdict: d.verdict,
    evidence: d.findings.flatMap((f) => f.evidence),
    culprits: (lead?.culprits ?? []).map(culpritNames),
  };
}

/**
 * A start-up checkup as a check reads it: slow-startup when Checkup advises loading a package later (the lab's
 * problem), else healthy; the figures are the median time to ready and each package's load time; the culprits are
 * the packages it advises deferring, the costliest first.
 */
export function fromStartup(s: StartupResult): Measured {
  const lazy = s.advice.filter((a) => a.kind === 'lazy-load' && a.package);
  const deferrable = s.packages.filter((p) => lazy.some((a) => a.package === p.name));
  return {
    verdict: lazy.length ? 'slow-startup' : 'healthy',
    evidence: [
      { label: 'Time to ready (median)', value: s.readyMs.median, unit: 'ms', series: 'startup.ready' as Evidence['series'] },
      ...s.packages.map((p) => ({ label: p.name, value: p.totalMs, unit: 'ms', series: 'startup.package' as Evidence['series'] })),
    ],
    culprits: deferrable.map((p) => [p.name]),
  };
}

function alternatives(culprit: string): string[] {
  return culprit.split('|').map((c) => c.trim()).filter(Boolean);
}

/** Whether `name` is (one of) the expected culprit(s). */
export function isCulprit(expected: string, name: string): boolean {
  return alternatives(expected).includes(name.trim());
}

/** Whether the measurement blames the expected culprit among its top `top` culprits. */
export function culpritShown(m: Measured, expected: string, top = 3): boolean {
  return m.culprits.slice(0, top).some((names) => names.some((n) => isCulprit(expected, n)));
}

export function checkFigures(m: Measured, claims: Expectation['figures']): FigureCheck[] {
  return claims.map((claim) => {
    const candidates = m.evidence.filter((e) => e.series === claim.series && (!claim.label || e.label.toLowerCase().includes(claim.label.toLowerCase())));
    const within = (v: number) => (claim.min === undefined || v >= claim.min) && (claim.max === undefined || v <= claim.max);
    const hit = candidates.find((e) => within(e.value)) ?? candidates[0];
    return {
      ...claim,
      bound: boundWords(claim),
      ...(hit ? { value: hit.value, unit: hit.unit || claimUnit(claim) } : {}),
      passed: Boolean(hit && within(hit.value)),
    };
  });
}

/** The student's copy judged against the lab's fixed claims. */
export function judge(m: Measured, fixed: Expectation, sessionId: string, at = new Date().toISOString()): LabCheck {
  const figures = checkFigures(m, fixed.figures);
  const verdictPassed = m.verdict === fixed.verdict;
  const passed = verdictPassed && figures.every((f) => f.passed);
  const failing = figures.filter((f) => !f.passed);
  const message = passed
    ? 'Passed: the measurement shows the fix.'
    : !verdictPassed
      ? `Not yet: the verdict is ${m.verdict}, and the fixed app's is ${fixed.verdict}.`
      : `Not yet: ${failing.map((f) => `${f.label ?? f.series} should be ${f.bound}${f.value !== undefined ? ` (measured ${f.value}${f.unit ? ` ${f.unit}` : ''})` : ' (not measured)'}`).join('; ')}.`;
  return { passed, verdict: { expected: fixed.verdict, actual: m.verdict, passed: verdictPassed }, figures, sessionId, at, message };
}

/** The function (or package) the student picked against the lab's culprit. */
export function judgeCulprit(expected: string | undefined, chosen: string): CulpritCheck {
  if (!expected) return { correct: false, chosen, message: 'This lab has no single culprit to find.' };
  const correct = isCulprit(expected, chosen);
  return {
    correct,
    chosen,
    message: correct
      ? `Yes: ${chosen} is where the time goes. Read it in your copy of slow.js, then go on to fix it.`
      : `Not this one: ${chosen || 'that row'} is not what makes this app slow. Look at what takes the largest share, and at what it calls.`,
  };
}
