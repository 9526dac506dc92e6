// The throw site of failing requests, from the probe's error-site reports: summed over windows, the failing route's
// own (else every route's), a site in the app's code before one only a dependency's frames name; and load-errors
// uses it only when the app's output gave no stack.
import { describe, expect, it } from 'vitest';
import type { ErrorSiteStats, ProbeSample } from '../../../app/contract/metrics.js';
import { analyseLoadErrors } from '../../../app/diagnosis/analyse-load-errors.js';
import { throwSite } from '../../../app/diagnosis/error-sites.js';
import { recordedInput } from '../../helpers/recorded-session.js';

const stack = (message: string, ...frames: string[]) => [message, ...frames.map((f) => `    at ${f}`)].join('\n');
const APP = stack('TypeError: x is undefined', 'formatInvoice (/srv/billing/server.js:12:40)', '/srv/billing/server.js:25:16', 'Layer.handle [as handle_request] (/srv/billing/node_modules/express/lib/router/layer.js:95:5)');
const DEP = stack('SyntaxError: Unexpected token', 'JSON.parse (<anonymous>)', 'parse (/srv/billing/node_modules/body-parser/lib/types/json.js:92:19)');
const OTHER_APP = stack('Error: nope', 'checkQuota (/srv/billing/quota.js:3:9)');

const entry = (route: string, status: number, count: number, sites: Array<[string, number]>): ErrorSiteStats => ({ method: 'GET', route, status, framework: 'express', count, sites: sites.map(([s, n]) => ({ stack: s, count: n })) });
const windows = (...lists: ErrorSiteStats[][]) => lists.map((errorSites) => ({ errorSites }) as unknown as ProbeSample);

describe('throwSite', () => {
  it("sums a route's errors over the windows, and names the app's frame of its most frequent site", () => {
    const site = throwSite(windows([entry('/invoices/:id', 500, 40, [[APP, 9]])], [entry('/invoices/:id', 500, 60, [[APP.replace('x is', 'y is'), 10]])]), { method: 'GET', route: '/invoices/:id' });
    expect(site).toMatchObject({ route: '/invoices/:id', status: 500, framework: 'express', count: 100, estimated: false });
    expect(site!.culprit).toMatchObject({ functionName: 'formatInvoice', line: 12, category: 'app' });
  });

  it("keeps to the failing route, and prefers the app's site to a more frequent dependency's", () => {
    const samples = windows([entry('/quota', 429, 500, [[OTHER_APP, 20]]), entry('/invoices/:id', 400, 90, [[DEP, 12], [APP, 4]])]);
    const site = throwSite(samples, { method: 'GET', route: '/invoices/:id' });
    expect(site!.culprit.functionName).toBe('formatInvoice');
    expect(site).toMatchObject({ status: 400, estimated: true, count: Math.round((90 * 4) / 16) });
    // With no entry for the failing route, the most frequent of all.
    expect(throwSite(samples, { method: 'GET', route: '/elsewhere' })!.culprit.functionName).toBe('checkQuota');
    // Only a dependency's frames: the dependency is named.
    expect(throwSite(windows([entry('/x', 400, 3, [[DEP, 3]])]))!.culprit).toMatchObject({ functionName: 'parse', category: 'dependency' });
    expect(throwSite(windows([]))).toBeUndefined();
    // restify's own 404 for a route it does not have: no culprit.
    const NOT_FOUND = stack('ResourceNotFoundError: /nope does not exist', 'Router.defaultRoute (/srv/billing/node_modules/restify/lib/router.js:343:15)', 'Server._runRoute (/srv/billing/node_modules/restify/lib/server.js:1122:21)');
    expect(throwSite(windows([{ ...entry('/nope', 404, 50, [[NOT_FOUND, 8]]), framework: 'restify' }]))).toBeUndefined();
  });
});

describe('analyseLoadErrors with error sites', () => {
  function failingRun(stderrTail?: string[]) {
    const input = recordedInput('healthy');
    const failed = Math.round(input.load!.requestsTotal / 2);
    input.load = { ...input.load!, non2xx: failed, statusCodes: { '200': input.load!.requestsTotal - failed, '500': failed } };
    input.samples = input.samples.map((s, i) => (i === 1 ? { ...s, errorSites: [entry('/invoices/:id', 500, 1234, [[APP, 8]])] } : s));
    if (stderrTail) input.target = { ...input.target, stderrTail };
    return analyseLoadErrors(input).findings![0]!;
  }

  it('names the throw site when the app logged no stack, with its count, status and framework', () => {
    const f = failingRun();
    expect(f.culprits[0]).toMatchObject({ functionName: 'formatInvoice', url: expect.stringContaining('server.js'), line: 12 });
    expect(f.explanation).toMatch(/The app did not log these errors: thrown in formatInvoice \(.*server\.js:12\), 1,234 times, answered 500 by express's error handling\./);
  });

  it("keeps a stack the app wrote to its output first (the app's own words)", () => {
    const f = failingRun(['Error: quota', '    at enforceQuota (/srv/billing/quota.js:7:11)']);
    expect(f.culprits[0]).toMatchObject({ functionName: 'enforceQuota' });
    expect(f.explanation).not.toMatch(/did not log/);
  });
});
