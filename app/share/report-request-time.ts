// The report's "Where a request's time goes": the same parts, queries, connections and notes as the Diagnosis screen
// and the CLI's report, in the words they share (contract/request-time-words.ts), as text only.
import type { RequestTimeFigures } from '../contract/diagnosis.js';
import {
  connectionWords,
  msWords,
  OVERLAP_WORDS,
  queryFunctionWords,
  queryRateWords,
  requestTimeHeadline,
  requestTimeParts,
  requestTimeScope,
  routeWaitWords,
  shapeCut,
} from '../contract/request-time-words.js';
import { location, sig } from '../contract/words.js';
import { esc } from './html.js';

const PART_COLOURS: Record<string, string> = { loop: '#2563eb', database: '#7c3aed', http: '#d97706', fetch: '#0d9488', rest: '#cbd5e1' };

/** The section, or nothing when the run made no outbound call the probe reads. */
export function requestTimeHtml(rt: RequestTimeFigures | undefined, project: string): string {
  if (!rt || (!rt.waits.length && !rt.notes?.length)) return '';
  const { parts, overlapped } = requestTimeParts(rt);
  // An SVG, not styled spans: the report's CSP allows no style attribute, and presentation attributes need none.
  let x = 0;
  const rects = parts
    .map((p) => {
      const w = 1000 * p.share;
      const rect = `<rect x="${x.toFixed(1)}" y="0" width="${w.toFixed(1)}" height="14" fill="${PART_COLOURS[p.kind] ?? '#94a3b8'}"><title>${esc(p.label)}: ${esc(msWords(p.msPerRequest))}</title></rect>`;
      x += w;
      return rect;
    })
    .join('');
  const bar = `<svg class="parts" viewBox="0 0 1000 14" preserveAspectRatio="none" role="img" aria-label="The parts of a request's time">${rects}</svg>`;
  const partRows = parts
    .map((p) => `<tr><td>${esc(p.label)}</td><td class="n">${esc(msWords(p.msPerRequest))}</td><td class="n">${Math.round(100 * p.share)} %</td><td class="n">${p.callsPerRequest !== undefined ? esc(sig(p.callsPerRequest, 3)) : ''}</td><td class="meta">${esc(p.hint)}</td></tr>`)
    .join('');
  const routeRows = (rt.routes ?? [])
    .map((r) => {
      const waits = r.waits.map(routeWaitWords);
      return `<tr><td><code>${esc(r.route)}</code></td><td class="n">${esc(msWords(r.latencyMeanMs))}</td><td class="n">${esc(r.requests)}</td><td>${esc(waits.join(', ') || 'no wait measured')}</td></tr>`;
    })
    .join('');
  const queryRows = rt.queries
    .map((q) => `<tr><td class="code">${esc(shapeCut(q.shape, 160).text)}</td><td class="n">${esc(queryRateWords(q))}</td><td><code>${esc(queryFunctionWords(q))}</code><div class="code meta">${esc(location(q, project))}</div></td></tr>`)
    .join('');
  const notes = [...rt.connections.map((c) => connectionWords(c, project)), ...(rt.notes ?? [])].map((n) => `<li>${esc(n)}</li>`).join('');
  return `<section data-section="request-time"><h2>Where a request's time goes</h2>
<p>${esc(requestTimeHeadline(rt))}. <span class="meta">${esc(requestTimeScope(rt))}${overlapped ? ` ${esc(OVERLAP_WORDS)}` : ''}</span></p>
${bar}
<table><tr><th>Part</th><th>Per request</th><th>Share</th><th>Calls</th><th></th></tr>${partRows}</table>
${routeRows ? `<h3>By route</h3><table><tr><th>Route</th><th>Per request</th><th>Requests</th><th>Waits</th></tr>${routeRows}</table>` : ''}
${queryRows ? `<h3>Queries (values taken out)</h3><table><tr><th>Query</th><th>Rate</th><th>Sent by</th></tr>${queryRows}</table>` : ''}
${notes ? `<ul class="meta">${notes}</ul>` : ''}</section>`;
}
