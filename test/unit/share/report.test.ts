import { describe, expect, it } from 'vitest';
import type { SessionDetail } from '../../../app/contract/session.js';
import { RecipeSchema } from '../../../app/contract/recipe.js';
import { sessionReportHtml } from '../../../app/share/report.js';

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
