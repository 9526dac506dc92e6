// The scorer's table: how a root-cause category of the real-app corpus is compared with the doctor's verdict, and
// when a culprit counts as the expected line. Every category used by a scenario must have a row.
import { describe, expect, it } from 'vitest';
import { CATEGORY_TABLE, judgeCulprit, judgeVerdict, primaryCategory, rowFor } from '../realapps/score-table.mjs';
import { recipeFor, scenarioFlips } from '../realapps/score.mjs';
import { loadScenarios } from '../realapps/scenarios.mjs';

describe('real-app score table', () => {
  it('has a row for every category a scenario expects', () => {
    for (const s of loadScenarios()) expect(rowFor(s.expected.category), `${s.name}: ${s.expected.category}`).not.toBeNull();
  });

  it('reads the primary cause of a two-problem category', () => {
    expect(primaryCategory('database: N+1 queries (primary) and pool too small (secondary)')).toBe('database: n+1 queries');
    expect(primaryCategory('threadpool saturated (expensive but necessary work)')).toBe('threadpool saturated (expensive but necessary work)');
  });

  it('counts the family, the specific kind, alsoAccept and unknown kinds apart', () => {
    const n1 = { category: 'database: N+1 queries' };
    expect(judgeVerdict(n1, 'io-bound')).toMatchObject({ hit: true, specific: false, via: 'category' });
    expect(judgeVerdict(n1, 'database-n-plus-one')).toMatchObject({ hit: true, specific: true });
    expect(judgeVerdict(n1, 'healthy')).toMatchObject({ hit: false });
    expect(judgeVerdict(n1, 'insufficient-data')).toMatchObject({ hit: false });
    expect(judgeVerdict({ category: 'event-loop-blocked' }, 'hot-path')).toMatchObject({ hit: true, specific: true });
    expect(judgeVerdict({ category: 'threadpool saturated (expensive but necessary work)' }, 'threadpool-saturated')).toMatchObject({ hit: true, unmapped: false });
    expect(judgeVerdict({ category: 'threadpool saturated' }, 'event-loop-blocked')).toMatchObject({ hit: false });
    expect(judgeVerdict({ category: 'healthy (expensive but necessary)' }, 'hot-path')).toMatchObject({ hit: false });
    expect(judgeVerdict({ category: 'healthy' }, 'overloaded')).toMatchObject({ hit: true, specific: false });
    const withAlso = { category: 'database: slow query (missing index)', alsoAccept: ['healthy (if the database time stays small)'] };
    expect(judgeVerdict(withAlso, 'healthy')).toMatchObject({ hit: true, via: 'alsoAccept' });
    expect(judgeVerdict({ category: 'event-loop-blocked', alsoAccept: ['hot-path with bcryptjs'] }, 'gc-pressure')).toMatchObject({ hit: false });
    expect(judgeVerdict(n1, 'some-new-kind')).toMatchObject({ hit: false, unmapped: true });
    expect(() => judgeVerdict({ category: 'nonsense' }, 'healthy')).toThrow(/no row/);
  });

  it('matches a culprit by file and line (a statement spans lines), alsoLines, or function name', () => {
    const expected = { function: 'allArticles', file: 'backend/controllers/articles.js', line: 57, alsoLines: [62, 'backend/helper/helpers.js:12-40'] };
    const finding = (url: string, line: number, functionName = 'x') => [{ culprits: [{ url, line, functionName }] }];
    expect(judgeCulprit(expected, finding('file:///tmp/w/backend/controllers/articles.js', 59))).toBe(true);
    expect(judgeCulprit(expected, finding('file:///tmp/w/backend/controllers/articles.js', 62))).toBe(true);
    expect(judgeCulprit(expected, finding('file:///tmp/w/backend/helper/helpers.js', 25))).toBe(true);
    expect(judgeCulprit(expected, finding('file:///tmp/w/backend/controllers/articles.js', 120, 'allArticles'))).toBe(true);
    expect(judgeCulprit(expected, finding('file:///tmp/w/backend/controllers/articles.js', 120))).toBe(false);
    expect(judgeCulprit(expected, finding('file:///tmp/w/node_modules/x/backend/controllers/other.js', 57))).toBe(false);
    expect(judgeCulprit(null, finding('file:///a.js', 1))).toBeNull();
  });

  it('says why for every row', () => {
    for (const row of CATEGORY_TABLE) expect(row.why.length).toBeGreaterThan(20);
  });

  it('turns a scenario into a recipe with its login, token scheme and JSON bodies', () => {
    const scenario = loadScenarios().find((s) => s.session?.format?.startsWith('Token'))!;
    const recipe = recipeFor(scenario);
    expect(recipe.version).toBe(1);
    expect(recipe.load.connections).toBe(scenario.load.connections);
    expect(recipe.load.setup.token).toMatchObject({ from: scenario.session.tokenFrom, scheme: 'Token' });
    expect(JSON.parse(recipe.load.setup.requests[0].body)).toEqual(scenario.session.request.body);
    const raw = recipeFor(loadScenarios().find((s) => s.name === 'koa-user-info')!);
    expect(raw.load.setup.token).toEqual({ from: 'data.token', header: 'token' });
  });

  it('turns a cookie session into a set-up step that requires the cookie and reads no token', () => {
    const scenario = loadScenarios().find((s) => s.session?.cookie)!;
    const recipe = recipeFor(scenario);
    expect(recipe.load.setup.cookies).toEqual([scenario.session.cookie]);
    expect(recipe.load.setup.token).toBeUndefined();
    expect(JSON.parse(recipe.load.setup.requests[0].body)).toEqual(scenario.session.request.body);
  });

  it('counts a scenario as flipping when its verdict changed between passes', () => {
    const run = (name: string, verdict: string | null) => ({ name, got: { verdict } });
    expect(scenarioFlips([run('login', 'threadpool-saturated'), run('list', 'healthy'), run('login', 'threadpool-saturated'), run('list', 'n-plus-one'), run('feed', 'healthy')])).toEqual({ repeated: 2, flipping: ['list'] });
    // A run that gave no verdict against one that did is a flip too.
    expect(scenarioFlips([run('tags', null), run('tags', 'healthy')]).flipping).toEqual(['tags']);
    expect(scenarioFlips([run('tags', 'healthy')])).toEqual({ repeated: 0, flipping: [] });
  });
});
