// Self-contained HTML reports: one session (verdict, load figures, charts, culprits, advice, hot functions) or a
// comparison (verdicts, figures with their test, per-function changes, the differential flame view, overlaid charts).
import type { Comparison } from '../contract/compare.js';
import type { Culprit, Finding } from '../contract/diagnosis.js';
import type { ProfileSummary } from '../contract/profile.js';
import type { SessionDetail } from '../contract/session.js';
import { categoryName, changeText, culpritName, culpritShare, evidenceWords, functionChangeWords, functionLabel, location, methodNotes, num, OUTCOME_WORDS, quantity, runFigureWords, severityTone, verdictChange } from '../contract/words.js';
import { diffSvg } from './diff-svg.js';
import { esc, markdownHtml } from './html.js';
import { requestTimeHtml } from './report-request-time.js';
import { chartsHtml, reportPage, type ReportChart } from './report-page.js';

/** The session's series over its measured window (as the engine cut it): x in seconds from the start of the measurement. */
function series(d: SessionDetail) {
  const { startAt: start = 0, samples, ticks } = d.measured;
  return {
    tickX: ticks.map((t) => t.second + 1),
    rps: ticks.map((t) => t.requests),
    p99: ticks.map((t) => (t.requests ? t.latencyP99 : null)),
    p50: ticks.map((t) => (t.requests ? t.latencyP50 : null)),
    sampleX: samples.map((s) => Math.round((s.ts - start) / 100) / 10),
    delay: samples.map((s) => s.delay.p99),
    cpu: samples.map((s) => Math.round((s.cpu.user + s.cpu.system) * 1000) / 10),
    heap: samples.map((s) => Math.round(s.memory.heapUsed / 104857.6) / 10),
    gc: samples.map((s) => Math.round(s.gc.totalMs * 10) / 10),
  };
}

function sessionCharts(d: SessionDetail): ReportChart[] {
  const s = series(d);
  return [
    { id: 'c-rps', title: 'Requests per second', unit: 'req/s', series: [{ label: 'req/s', color: '#2563eb' }], data: [s.tickX, s.rps] },
    { id: 'c-lat', title: 'Latency', unit: 'ms', series: [{ label: 'p50', color: '#0d9488' }, { label: 'p99', color: '#ea580c' }], data: [s.tickX, s.p50, s.p99] },
    { id: 'c-delay', title: 'Event-loop delay p99', unit: 'ms', series: [{ label: 'p99', color: '#ea580c' }], data: [s.sampleX, s.delay] },
    { id: 'c-cpu', title: 'CPU', unit: '% of one core', series: [{ label: 'cpu', color: '#2563eb' }], data: [s.sampleX, s.cpu] },
    { id: 'c-heap', title: 'Heap used', unit: 'MB', series: [{ label: 'heap', color: '#7c3aed' }], data: [s.sampleX, s.heap] },
    { id: 'c-gc', title: 'GC pauses', unit: 'ms per window', series: [{ label: 'gc', color: '#0d9488' }], data: [s.sampleX, s.gc] },
  ];
}

function culpritRows(culprits: Culprit[], project: string): string {
  if (!culprits.length) return '';
  const rows = culprits
    .map((c) => `<tr><td><code>${esc(culpritName(c))}</code>${c.mayInclude?.length ? `<div class="meta">or in what it calls: ${esc(c.mayInclude.map((m) => `${functionLabel(m.functionName)} (${location(m, project)})`).join(', '))}</div>` : ''}</td><td class="code">${esc(location(c, project))}</td><td class="n">${esc(culpritShare(c) ?? '')}</td><td><span class="badge">${esc(categoryName(c.category))}</span>${c.package ? ` ${esc(c.package)}` : ''}</td></tr>`)
    .join('');
  return `<table><tr><th>Function</th><th>Where</th><th>Share</th><th>Kind</th></tr>${rows}</table>`;
}

function findingHtml(f: Finding, main: boolean, project: string): string {
  const evidence = f.evidence.map((e) => `<li>${esc(evidenceWords(e))}</li>`).join('');
  const tone = severityTone(f.severity, f.kind);
  return `<section class="${main ? 'verdict ' : ''}${tone === 'neutral' ? '' : tone}">
${main ? `<h1>${esc(f.title)}</h1>` : `<h2>${esc(f.severity)}: ${esc(f.title)}</h2>`}<p>${esc(f.explanation)}</p>
<ul>${evidence}</ul>${culpritRows(f.culprits, project)}${main && f.advice ? `<h2>Why, and what to do</h2>${markdownHtml(f.advice)}` : ''}</section>`;
}

function hotFunctions(summary: ProfileSummary | undefined, project: string): string {
  if (!summary) return '';
  const rows = summary.topFunctions
    .slice(0, 15)
    .map((f) => `<tr><td><code>${esc(culpritName(f))}</code></td><td class="code">${esc(location(f, project))}</td><td class="n">${quantity(f.selfPercent, '%')}</td><td class="n">${quantity(f.totalPercent, '%')}</td><td><span class="badge">${esc(categoryName(f.category))}</span>${f.package ? ` ${esc(f.package)}` : ''}</td></tr>`)
    .join('');
  return `<section><h2>Hot functions (CPU profile)</h2><table><tr><th>Function</th><th>Where</th><th>Self</th><th>Total</th><th>Kind</th></tr>${rows}</table></section>`;
}

/** The run's headline figures as its diagnosis gave them, as every face shows them; the load's req/s without them. */
function headline(d: SessionDetail): string {
  const words = runFigureWords(d.diagnosis?.figures);
  if (!words.length) return d.load ? `<div><b>${num(d.load.requestsPerSecond)}</b> req/s</div>` : '';
  return words.map((w) => `<div data-figure="${w.key}"><b>${esc(w.text)}</b> ${esc(w.label)}</div>`).join('');
}

export function sessionReportHtml(d: SessionDetail, cpu?: ProfileSummary): string {
  const s = d.session;
  const findings = d.diagnosis?.findings ?? [];
  const load = d.load;
  const figures = load
    ? `<section class="figures">${headline(d)}<div><b>${quantity(load.latency.p50, 'ms')}</b> latency p50</div><div><b>${quantity(load.latency.p99, 'ms')}</b> latency p99</div><div><b>${quantity(load.latency.max, 'ms')}</b> max</div><div><b>${load.errors + load.timeouts + load.non2xx}</b> failed</div><div class="meta">${esc(load.durationSec)} s at ${esc(load.connections)} connections · ${esc(load.requestsTotal.toLocaleString('en-US'))} requests</div></section>`
    : '';
  const body = `<p class="meta">Checkup report · ${esc(s.name)} · ${esc(new Date(s.createdAt).toLocaleString())}${s.recipe.note ? ` · ${esc(s.recipe.note)}` : ''}${s.status !== 'complete' ? ` · <strong>${esc(s.status)}${s.partialReason ? ` (${esc(s.partialReason)})` : ''}</strong>` : ''}</p>
${findings[0] ? findingHtml(findings[0], true, s.project) : ''}${figures}
${requestTimeHtml(d.diagnosis?.requestTime, s.project)}
<section><h2>Over the measured window</h2>${chartsHtml(sessionCharts(d))}</section>
${findings.slice(1).map((f) => findingHtml(f, false, s.project)).join('')}${hotFunctions(cpu, s.project)}`;
  return reportPage(`Checkup: ${s.name}`, body, sessionCharts(d));
}

export function comparisonReportHtml(c: Comparison, before: SessionDetail, after: SessionDetail): string {
  const b = series(before);
  const a = series(after);
  const overlay = (id: string, title: string, unit: string, xb: number[], yb: Array<number | null>, xa: number[], ya: Array<number | null>): ReportChart => {
    const xs = [...new Set([...xb, ...xa])].sort((p, q) => p - q);
    const at = (x: number[], y: Array<number | null>) => xs.map((v) => (x.includes(v) ? (y[x.indexOf(v)] ?? null) : null));
    return { id, title, unit, series: [{ label: 'before', color: '#94a3b8' }, { label: 'after', color: '#2563eb' }], data: [xs, at(xb, yb), at(xa, ya)] };
  };
  const charts = [overlay('c-rps', 'Requests per second', 'req/s', b.tickX, b.rps, a.tickX, a.rps), overlay('c-p99', 'Latency p99', 'ms', b.tickX, b.p99, a.tickX, a.p99), overlay('c-delay', 'Event-loop delay p99', 'ms', b.sampleX, b.delay, a.sampleX, a.delay), overlay('c-heap', 'Heap used', 'MB', b.sampleX, b.heap, a.sampleX, a.heap)];
  const project = after.session.project;
  const methods = methodNotes(c.figures);
  const figureRows = c.figures
    .map((f) => `<tr><td>${esc(f.label)}</td><td class="n">${esc(quantity(f.before, f.unit))}</td><td class="n">${esc(quantity(f.after, f.unit))}</td><td class="n ${f.outcome}">${esc(changeText(f))}</td><td class="${f.outcome}">${esc(OUTCOME_WORDS[f.outcome])}</td><td class="meta">${esc(f.judgement.reason)}${f.test ? `<sup>${methods.index(f)}</sup>` : ''}</td></tr>`)
    .join('');
  const fnRows = c.functions
    .filter((f) => f.change !== 'same')
    .slice(0, 20)
    .map((f) => {
      const words = functionChangeWords(f);
      return `<tr><td><code>${esc(functionLabel(f.functionName))}</code></td><td class="code">${esc(location(f, project))}</td><td class="n ${f.change === 'faster' ? 'improved' : 'regressed'}">${esc(words.change)}</td><td class="meta">${esc([words.perRequest, words.shares].filter(Boolean).join('; '))}</td></tr>`;
    })
    .join('');
  const label = (s: Comparison['before']) => `${esc(s.name)} · ${esc(new Date(s.createdAt).toLocaleString())}${s.note ? ` · ${esc(s.note)}` : ''}${s.git ? ` · <code>${esc(s.git.commit.slice(0, 8))}${s.git.dirty ? '+' : ''}</code>` : ''}`;
  const moved = verdictChange(c.verdict.before, c.verdict.after);
  const body = `<p class="meta">Checkup comparison</p>
<section class="verdict ${moved.tone}"><h1>${esc(moved.headline)}</h1>
<p>Before: ${label(c.before)}<br>After: ${label(c.after)}</p>${c.warnings.map((w) => `<p class="meta">${esc(w)}</p>`).join('')}</section>
<section><h2>Figures</h2><table><tr><th>Figure</th><th>Before</th><th>After</th><th>Change</th><th>Outcome</th><th>Why</th></tr>${figureRows}</table><ol class="meta">${methods.notes.map((m) => `<li>${esc(m)}</li>`).join('')}</ol><p class="meta">Significant when p &lt; 0.05.</p></section>
<section><h2>Over the measured window</h2>${chartsHtml(charts)}</section>
${c.diff ? `<section><h2>Differential flame view</h2><p class="meta">Width: share of the time before or after, whichever is larger. Red: more time after; blue: less.</p>${diffSvg(c.diff)}</section>` : ''}
${fnRows ? `<section><h2>What got faster and what slower</h2><table><tr><th>Function</th><th>Where</th><th>Change</th><th>Before → after</th></tr>${fnRows}</table></section>` : ''}`;
  return reportPage(`Checkup: ${c.before.name} → ${c.after.name}`, body, charts);
}
