import { describe, expect, it } from 'vitest';
import type { SessionDetail } from '../../../app/contract/session.js';
import { RecipeSchema } from '../../../app/contract/recipe.js';
import type { Comparison } from '../../../app/contract/compare.js';
import { comparisonReportHtml, sessionReportHtml } from '../../../app/share/report.js';
import { figureComparison } from '../../helpers/figure-comparison.js';

const evil = '<img src=x onerror=alert(1)></script><script>alert(2)</script>';

describe('session report', () => {
  it('shows profile-derived text as text: no element comes from a function name or URL', () => {
    const detail = {
      dir: '/tmp/s',
      session: { id: 's', name: evil, project: '/p', createdAt: new Date(0).toISOString(), status: 'complete', recipe: RecipeSchema.parse({ target: { kind: 'lab', lab: 'healthy' } }), timings: { startedAt: 0, measureStartAt: 0 }, target: {}, summary: {}, files: [], formatVersion: 1, writerPid: 1, checkupVersion: 'x' },
      diagnosis: {
        verdict: 'event-loop-blocked',
        analyser: 'x',
        findings: [{ kind: 'event-loop-blocked', severity: 'problem', title: 'The event loop is blocked', explanation: evil, advice: `1. Look at ${evil}`, evidence: [], culprits: [{ functionName: evil, url: `file:///x/${evil}.js`, line: 3, column: 1, selfPercent: 90, totalPercent: 90, category: 'app', measure: 'cpu' }] }],
      },
      samples: [],
      ticks: [],
      warnings: [],
      measured: { startAt: 0, samples: [], ticks: [] },
      profiles: { cpu: true, heap: false },
      logTail: [],
    } as unknown as SessionDetail;
    const html = sessionReportHtml(detail, { format: 'cpuprofile', unit: 'milliseconds', durationMs: 1, samples: 1, topFunctions: [{ functionName: evil, url: evil, line: 1, column: 1, category: 'app', selfPercent: 1, totalPercent: 1, selfMs: 1, totalMs: 1 }], categories: [], packages: [], files: [], advice: [], warnings: [] });
    // Outside our own inlined scripts (uPlot and the chart bootstrap), nothing from the data may open a tag.
    const withoutOurScripts = html.replace(/<script>[\s\S]*?<\/script>/g, '').replace(/<script type="application\/json" id="charts">[\s\S]*?<\/script>/, '');
    expect(withoutOurScripts).not.toMatch(/<img|<script/i);
    expect(withoutOurScripts).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html.match(/<script/g)).toHaveLength(3);
  });
});

const detail = (culprits: unknown[] = []) =>
  ({
    dir: '/tmp/s',
    session: { id: 's', name: 'gc-churn (slow)', project: '/srv/shop', createdAt: new Date(0).toISOString(), status: 'complete', recipe: RecipeSchema.parse({ target: { kind: 'lab', lab: 'healthy' } }), timings: { startedAt: 0, measureStartAt: 0 }, target: {}, summary: {}, files: [], formatVersion: 1, writerPid: 1, checkupVersion: 'x' },
    diagnosis: { verdict: 'gc-pressure', analyser: 'x', findings: [{ kind: 'gc-pressure', severity: 'problem', title: 'The garbage collector is working hard', explanation: 'x', advice: '', evidence: [{ label: 'Time in GC pauses', value: 27.46, unit: '%', series: 'gc.share', threshold: 15 }], culprits }] },
    samples: [],
    ticks: [],
    measured: { startAt: 0, samples: [], ticks: [] },
    warnings: [],
    logTail: [],
  }) as unknown as SessionDetail;

describe('the reports say what the other faces say', () => {
  it('a culprit by its caller, at its place in the project, with its category and share in words', () => {
    const html = sessionReportHtml(detail([{ functionName: '(anonymous)', calledFrom: 'orderStats', url: 'file:///srv/shop/slow.js', line: 29, column: 5, selfPercent: 34.71, totalPercent: 40, category: 'app', measure: 'cpu' }]));
    expect(html).toContain('<code>(anonymous) in orderStats</code>');
    expect(html).toContain('<td class="code">slow.js:29</td>');
    expect(html).toContain('34.7 % of CPU time');
    expect(html).toContain('your code');
    expect(html).toContain('Time in GC pauses: 27.5 % (threshold 15 %)');
  });

  it('a comparison: the verdict’s movement, each change, outcome and the reason the engine gave', () => {
    const c: Comparison = {
      before: { sessionId: 'a', dir: '/a', name: 'slow', createdAt: new Date(0).toISOString(), verdict: 'event-loop-blocked', repeats: 1 },
      after: { sessionId: 'b', dir: '/b', name: 'fixed', createdAt: new Date(0).toISOString(), verdict: 'healthy', repeats: 1 },
      figures: [
        figureComparison({ before: 45, after: 13964, significant: true, outcome: 'improved', test: { method: 'M1', p: 0.0003, n: [5, 5], minimumEffect: 0 }, judgement: { verdict: 'real', reason: 'p = 0.0003; after/before between 82.2× and 191×' } }),
        figureComparison({ key: 'latencyMax', label: 'Latency max', unit: 'ms', before: 118, after: 11.8, better: 'lower', outcome: 'untested', judgement: { verdict: 'no-spread', reason: 'one value per run, no spread to test against' } }),
      ],
      verdict: { before: 'event-loop-blocked', after: 'healthy' },
      functions: [],
      warnings: [],
    };
    const html = comparisonReportHtml(c, detail(), detail());
    expect(html).toContain('<h1>Fixed: from “The event loop is blocked” to healthy</h1>');
    expect(html).toContain('<td class="n improved">×310</td><td class="improved">real improvement</td><td class="meta">p = 0.0003; after/before between 82.2× and 191×<sup>1</sup></td>');
    expect(html).toContain('<td class="untested">not tested</td><td class="meta">one value per run, no spread to test against</td>');
    expect(html).toContain('<li>M1</li>');
  });
});

describe("session report: where a request's time goes", () => {
  const requestTime = {
    route: 'GET /posts',
    requests: 359,
    latencyMeanMs: 33.2,
    loopMsPerRequest: 7.98,
    waits: [{ kind: 'database', system: 'postgres', msPerRequest: 27.3, callsPerRequest: 20.6 }],
    queries: [{ system: 'postgres', shape: `select ${evil} from comments where post_id = ?`, functionName: 'loadComments', calledFrom: 'listPosts', url: 'file:///srv/shop/db.js', line: 38, column: 5, perRequest: 19.6, meanMs: 1.31, maxMs: 9 }],
    connections: [{ system: 'postgres', peakOpen: 4, busyShare: 0.5, allBusyShare: 0.38, poolSize: 10 }],
    notMeasured: ['DNS', 'the threadpool'],
  };
  const withTime = (rt: unknown) => {
    const d = detail();
    (d.diagnosis as unknown as { requestTime: unknown }).requestTime = rt;
    return sessionReportHtml(d);
  };

  it('shows the parts, the queries with their app lines and the connections, in the words the other faces use', () => {
    const html = withTime(requestTime);
    const from = html.indexOf('data-section="request-time"');
    const section = html.slice(from, html.indexOf('</section>', from));
    expect(section).toContain('GET /posts: 33.2 ms per request (mean), over 359 requests');
    expect(section).toContain('Waiting on PostgreSQL');
    expect(section).toContain('19.6x per request, 1.31 ms each');
    expect(section).toContain('loadComments in listPosts');
    expect(section).toContain('db.js:38');
    expect(section).toContain('PostgreSQL: 4 connections at most (pool size 10), all busy 38 % of the time');
    // The parts are drawn with attributes, which the report's CSP allows, never with a style attribute.
    expect(section).toMatch(/<svg class="parts"[^>]*>(<rect [^>]*width="[\d.]+"[^>]*>.*?<\/rect>){2}<\/svg>/);
    expect(section).not.toMatch(/style=/);
    expect(section).not.toMatch(/<img|<script/i);
    expect(section).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('is left out when the run made no call the probe reads', () => {
    expect(withTime({ ...requestTime, waits: [], queries: [], connections: [] })).not.toContain('data-section="request-time"');
    expect(withTime(undefined)).not.toContain('data-section="request-time"');
  });
});
