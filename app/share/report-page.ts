// The shell of an offline report: one HTML file with its styles, uPlot (inlined, so charts work without a network)
// and the chart data embedded as JSON.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { checkupVersion } from '../paths.js';
import { esc, scriptJson } from './html.js';

const require = createRequire(import.meta.url);
const uplotDir = join(dirname(require.resolve('uplot/package.json')), 'dist');

export interface ReportChart {
  id: string;
  title: string;
  unit: string;
  series: Array<{ label: string; color: string }>;
  /** x (seconds) first, then one column per series. */
  data: Array<Array<number | null>>;
}

const CSS = `
body{font:15px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a;background:#f8fafc;margin:0}
main{max-width:1160px;margin:0 auto;padding:24px}
h1{font-size:26px;margin:4px 0} h2{font-size:18px;margin:14px 0 10px} .meta{color:#64748b;font-size:13px}
section{background:#fff;border:1px solid #e2e8f0;border-radius:10px;padding:16px 20px;margin:16px 0}
.verdict{border-left:6px solid #64748b}.problem{border-left-color:#dc2626}.problem h1{color:#991b1b}
.warning{border-left-color:#d97706}.healthy{border-left-color:#16a34a}.healthy h1{color:#166534}
table{border-collapse:collapse;width:100%;font-size:14px} th,td{text-align:left;padding:5px 8px;border-bottom:1px solid #f1f5f9}
th{color:#64748b;font-weight:600;font-size:12px;text-transform:uppercase} td.n{text-align:right;font-variant-numeric:tabular-nums}
code,.code{font-family:ui-monospace,Menlo,monospace;font-size:13px} .badge{font-size:12px;padding:1px 8px;border-radius:9px;background:#eef2ff;color:#3730a3}
.improved{color:#15803d;font-weight:600}.regressed{color:#b91c1c;font-weight:600}.unchanged,.untested{color:#64748b}
.figures{display:flex;gap:28px;flex-wrap:wrap}.figures b{font-size:22px}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(520px,1fr));gap:12px}.chart h3{font-size:14px;margin:4px 0}
.parts{display:block;width:100%;height:14px;border-radius:7px;margin:8px 0 12px;background:#f1f5f9}
svg.diff text{font:11px system-ui,sans-serif;fill:#0f172a} footer{color:#94a3b8;font-size:12px;text-align:center;margin:20px}
`;

const BOOT = `
for (const c of JSON.parse(document.getElementById('charts').textContent)) {
  const el = document.getElementById(c.id);
  new uPlot({ width: el.clientWidth || 520, height: 200, scales: { x: { time: false } },
    axes: [{ values: (u, v) => v.map((x) => x + ' s') }, { size: 64 }],
    series: [{}].concat(c.series.map((s) => ({ label: s.label, stroke: s.color, width: 2, spanGaps: true }))) }, c.data, el);
}`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The report's Content-Security-Policy: exactly our own inline style and scripts (by their hashes) run, nothing is
 * fetched, no form goes anywhere. Should a name from a profile ever slip past `esc` as markup, it could neither run
 * script nor load anything. (Chart data is JSON in a non-script type, which no policy needs to allow.)
 */
function reportCsp(style: string, scripts: string[]): string {
  return [`default-src 'none'`, `script-src ${scripts.map(sha256).join(' ')}`, `style-src ${sha256(style)}`, `img-src data:`, `base-uri 'none'`, `form-action 'none'`].join('; ');
}

export function reportPage(title: string, body: string, charts: ReportChart[]): string {
  const uplotJs = readFileSync(join(uplotDir, 'uPlot.iife.min.js'), 'utf8').replace(/<\/script/gi, '<\\/script');
  const style = readFileSync(join(uplotDir, 'uPlot.min.css'), 'utf8') + CSS;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${esc(reportCsp(style, [uplotJs, BOOT]))}">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${style}</style></head>
<body><main>${body}</main>
<footer>Made by Checkup ${esc(checkupVersion)} · ${esc(new Date().toISOString())} · opens offline</footer>
<script type="application/json" id="charts">${scriptJson(charts)}</script>
<script>${uplotJs}</script>
<script>${BOOT}</script>
</body></html>
`;
}

export function chartsHtml(charts: ReportChart[]): string {
  return `<div class="charts">${charts.map((c) => `<div class="chart"><h3>${esc(c.title)} <span class="meta">(${esc(c.unit)})</span></h3><div id="${esc(c.id)}"></div></div>`).join('')}</div>`;
}
