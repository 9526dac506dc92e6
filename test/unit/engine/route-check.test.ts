// What a run makes of a route table: the load's paths no route takes, the routes it never reached, and the request
// path a found route becomes in the Recipe. Pure functions over tables shaped as the probe reports them.
import { describe, expect, it } from 'vitest';
import type { ProbeSample, RouteStats } from '../../../app/contract/metrics.js';
import type { RouteTable } from '../../../app/contract/routes.js';
import { requestPathFor, routeTableWords, unmatchedRoutesWords } from '../../../app/contract/words.js';
import { routesNeverHit, unmatchedRequests } from '../../../app/engine/route-check.js';

const table: RouteTable = {
  framework: 'express',
  version: '4.22.3',
  port: 3000,
  routes: [
    { method: 'GET', path: '/users/me' },
    { method: 'GET,PUT', path: '/users/:id' },
    { method: 'POST', path: '/users' },
    { method: 'GET', path: '/files/*' },
    { method: 'ALL', path: '/health' },
    { method: 'DELETE', path: '/api/:v/items/:itemId' },
  ],
};

const served = (...routes: string[]): ProbeSample[] =>
  [{ routes: routes.map((route): RouteStats => ({ method: 'GET', route, count: 3, totalMs: 1, maxMs: 1, syncMs: 1, syncMaxMs: 1, errors: 0 })) } as unknown as ProbeSample];

describe('unmatchedRequests', () => {
  it('finds the paths no route takes for their method, ignoring the query', () => {
    const requests = [
      { method: 'GET', path: '/users/42?full=1' },
      { method: 'PUT', path: '/users/42' },
      { method: 'POST', path: '/users/42' },
      { method: 'GET', path: '/userz/42' },
      { method: 'HEAD', path: '/users/me' },
      { method: 'PATCH', path: '/health' },
      { method: 'GET', path: '/files/a/b/c.txt' },
    ];
    expect(unmatchedRequests(requests, table)).toEqual([
      { method: 'POST', path: '/users/42' },
      { method: 'GET', path: '/userz/42' },
    ]);
  });

  it('judges nothing without a table, or with one that is unknown or empty', () => {
    const requests = [{ method: 'GET', path: '/anything' }];
    expect(unmatchedRequests(requests, undefined)).toEqual([]);
    expect(unmatchedRequests(requests, { ...table, routes: [], unknown: 'routes unknown: a plain http server lists none' })).toEqual([]);
    expect(unmatchedRequests(requests, { ...table, routes: [] })).toEqual([]);
  });
});

describe('routesNeverHit', () => {
  it('counts a route as hit by a load request or by what the app served, mounted routers by their pattern', () => {
    const never = routesNeverHit(table, [{ method: 'GET', path: '/users/7' }], served('/files/:id', '/api/v2/items/:id'));
    // /users/7 hits /users/:id (not /users/me: fixed paths are tried first, and 7 is not "me").
    expect(never.map((r) => r.path)).toEqual(['/users/me', '/users', '/health']);
  });
});

describe('the words and request paths of routes', () => {
  it('turns a route into a request path with its first parameter marked for editing', () => {
    expect(requestPathFor({ path: '/users/:id' })).toEqual({ path: '/users/1', edit: { start: 7, end: 8 } });
    expect(requestPathFor({ path: '/v/:n(\\d+)/x/:y' })).toEqual({ path: '/v/1/x/1', edit: { start: 3, end: 4 } });
    expect(requestPathFor({ path: '/files/*' })).toEqual({ path: '/files/1', edit: { start: 7, end: 8 } });
    expect(requestPathFor({ path: '/plain' })).toEqual({ path: '/plain' });
    expect(requestPathFor({ path: '/^\\/re/i' }).path.startsWith('/')).toBe(true);
  });

  it('says what a table holds, or why it holds nothing', () => {
    expect(routeTableWords(table)).toBe('express 4.22.3: 6 routes.');
    expect(routeTableWords({ ...table, routes: [] })).toBe('express 4.22.3 registered no routes.');
    expect(routeTableWords({ framework: 'express', version: '6.0.0', routes: [], unknown: 'routes unknown for express 6.0.0' })).toBe('Routes unknown for express 6.0.0.');
    expect(unmatchedRoutesWords([], table)).toBeUndefined();
    expect(unmatchedRoutesWords([1, 2, 3, 4].map((n) => ({ method: 'GET', path: `/x${n}` })), table)).toBe(
      'No route of the app (express 4.22.3) takes GET /x1, GET /x2, GET /x3 and 1 more: expect 404s. Check the recipe\'s paths against the app\'s routes.',
    );
  });
});

describe('paths matched as the framework does', () => {
  const at = (path: string, matching: Pick<RouteTable['routes'][number], 'trailingSlash' | 'caseSensitive'>): RouteTable => ({ framework: 'x', version: '1', port: 1, routes: [{ method: 'GET', path, ...matching }] });
  const takes = (t: RouteTable, path: string) => unmatchedRequests([{ method: 'GET', path }], t).length === 0;

  it('never counts the query string or a fragment as part of the path', () => {
    const t = at('/api/articles', { trailingSlash: 'exact', caseSensitive: true });
    expect(takes(t, '/api/articles?limit=20')).toBe(true);
    expect(takes(t, '/api/articles#top')).toBe(true);
    expect(takes(t, '/api/articles?next=/api/articles/')).toBe(true);
    expect(takes(t, '/api/articles/?limit=20')).toBe(false);
  });

  it('a trailing slash: exact, either, or one extra', () => {
    const exact = at('/a/', { trailingSlash: 'exact', caseSensitive: true });
    expect([takes(exact, '/a/'), takes(exact, '/a'), takes(exact, '/a//')]).toEqual([true, false, false]);
    const either = at('/a/', { trailingSlash: 'either', caseSensitive: true });
    expect([takes(either, '/a/'), takes(either, '/a'), takes(either, '/a//')]).toEqual([true, true, false]);
    const extra = at('/a/', { trailingSlash: 'extra', caseSensitive: true });
    expect([takes(extra, '/a/'), takes(extra, '/a'), takes(extra, '/a//')]).toEqual([true, false, true]);
    expect(takes(at('/', { trailingSlash: 'either', caseSensitive: true }), '/')).toBe(true);
  });

  it('case as the route says; a table without the settings takes either slash and minds case', () => {
    expect(takes(at('/Users/:id', { trailingSlash: 'either', caseSensitive: false }), '/users/7')).toBe(true);
    expect(takes(at('/Users/:id', { trailingSlash: 'either', caseSensitive: true }), '/users/7')).toBe(false);
    const old: RouteTable = { framework: 'express', version: '4', port: 1, routes: [{ method: 'GET', path: '/api/articles/' }] };
    expect(takes(old, '/api/articles?limit=20')).toBe(true);
    expect(takes(old, '/API/articles')).toBe(false);
  });
});
