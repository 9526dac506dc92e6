// A lab's progress in words and a tone, the same on the course page and the Start screen.
import type { CourseLabSummary } from '../../../../app/contract/index.js';

export function labState(lab: Pick<CourseLabSummary, 'progress' | 'steps'>): { words: string; tone: 'healthy' | 'neutral started' | 'neutral' } {
  const p = lab.progress;
  if (p.passedAt) return { words: `Passed · ${p.stepsDone.length} of ${lab.steps} steps`, tone: 'healthy' };
  if (p.stepsDone.length || p.startedAt) return { words: `In progress · ${p.stepsDone.length} of ${lab.steps} steps${p.check && !p.check.passed ? ' · check not passed yet' : ''}`, tone: 'neutral started' };
  return { words: `Not started · ${lab.steps} steps`, tone: 'neutral' };
}
