import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RecipeSchema } from '../../../app/contract/recipe.js';
import { describeIssues, issuesByField } from '../../../app/contract/schema-issues.js';

describe('schema issues in the user\'s words', () => {
  it('says what is wrong with each field by the name the user knows, never in the schema library\'s terms', () => {
    const parsed = RecipeSchema.safeParse({ target: { kind: 'lab', lab: 'healthy' }, load: { connections: -1, durationSec: 'long' } });
    expect(parsed.success).toBe(false);
    const text = describeIssues(parsed.error!.issues, { whole: 'recipe' });
    expect(text).toBe('Connections must be at least 1; Duration must be a number');
    const more = RecipeSchema.safeParse({ target: { kind: 'lab', lab: 'healthy' }, load: { connections: 2.5, warmupSec: 900, requests: [] }, repeats: 30 });
    expect(describeIssues(more.error!.issues, { whole: 'recipe' })).toBe('Request paths needs at least 1; Connections must be a whole number; Warm-up must be at most 600; Repeats must be at most 20');
    expect(describeIssues(more.error!.issues)).not.toMatch(/Too (small|big)|expected|>=|<=/);
    expect(describeIssues(z.object({ a: z.string() }).safeParse('x').error!.issues, { whole: 'params' })).toBe('params must be an object');
  });

  it('places a part inside the value the user knows', () => {
    const issues = z.object({ connections: z.number().min(1) }).safeParse({ connections: 0 }).error!.issues;
    expect(describeIssues(issues, { at: ['load'] })).toBe('Connections must be at least 1');
  });

  it('says at most five issues and how many more there were', () => {
    const issues = Array.from({ length: 8 }, (_, i) => ({ path: [`f${i}`], message: 'bad' }));
    expect(describeIssues(issues)).toBe('f0: bad; f1: bad; f2: bad; f3: bad; f4: bad; and 3 more');
  });

  it('gives the first message per field for inline validation, led by the field\'s name', () => {
    const issues = [
      { path: ['load', 'connections'], message: 'too small' },
      { path: ['load', 'connections'], message: 'not an integer' },
      { path: ['load', 'requests', 0, 'path'], message: 'a request path starts with /' },
      { path: [], message: 'no target' },
    ];
    expect(issuesByField(issues, { whole: 'recipe' })).toEqual({
      'load.connections': 'Connections: too small',
      'load.requests.0.path': 'A request path: a request path starts with /',
      recipe: 'recipe: no target',
    });
  });
});
