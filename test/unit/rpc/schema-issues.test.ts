import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RecipeSchema } from '../../../app/contract/recipe.js';
import { describeIssues, issuesByField } from '../../../app/contract/schema-issues.js';

describe('schema issues in the user\'s words', () => {
  it('names each field by its dotted path, the whole value by its name, in one sentence', () => {
    const parsed = RecipeSchema.safeParse({ target: { kind: 'lab', lab: 'healthy' }, load: { connections: -1, durationSec: 'long' } });
    expect(parsed.success).toBe(false);
    const text = describeIssues(parsed.error!.issues, { whole: 'recipe' });
    expect(text).toMatch(/^load\.connections: .+; load\.durationSec: .+$/);
    expect(describeIssues(z.object({ a: z.string() }).safeParse('x').error!.issues, { whole: 'params' })).toMatch(/^params: /);
  });

  it('places a part inside the value the user knows', () => {
    const issues = z.object({ connections: z.number().min(1) }).safeParse({ connections: 0 }).error!.issues;
    expect(describeIssues(issues, { at: ['load'] })).toMatch(/^load\.connections: /);
  });

  it('says at most five issues and how many more there were', () => {
    const issues = Array.from({ length: 8 }, (_, i) => ({ path: [`f${i}`], message: 'bad' }));
    expect(describeIssues(issues)).toBe('f0: bad; f1: bad; f2: bad; f3: bad; f4: bad; and 3 more');
  });

  it('gives the first message per field for inline validation', () => {
    const issues = [
      { path: ['load', 'connections'], message: 'too small' },
      { path: ['load', 'connections'], message: 'not an integer' },
      { path: [], message: 'no target' },
    ];
    expect(issuesByField(issues, { whole: 'recipe' })).toEqual({ 'load.connections': 'too small', recipe: 'no target' });
  });
});
