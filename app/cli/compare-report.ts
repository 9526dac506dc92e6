// Before/after for a terminal, and the JSON document of `checkup compare --json`.
import type { Comparison, FigureComparison } from '../contract/compare.js';
import { displayName } from '../diagnosis/format.js';
import { location } from './report.js';
import { bold, cyan, dim, green, red, yellow } from './terminal.js';

function value(v: number, unit: string): string {
  const n = Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en-US') : String(Math.round(v * 10) / 10);
  return unit === '%' ? `${n} %` : `${n} ${unit}`;
}

function change(f: FigureComparison): string {
  if (!Number.isFinite(f.changePercent)) return 'new';
  // Beyond a doubling or halving a factor reads faster than a percentage (×466, not +46533.4 %).
  const factor = (x: number) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : String(Math.round(x * 10) / 10));
  const text = f.ratio >= 2 ? `×${factor(f.ratio)}` : f.ratio > 0 && f.ratio <= 0.5 ? `÷${factor(1 / f.ratio)}` : `${f.changePercent > 0 ? '+' : ''}${Math.round(f.changePercent * 10) / 10} %`;
  if (f.outcome === 'improved') return green(bold(text));
  if (f.outcome === 'regressed') return red(bold(text));
  return dim(text);
}

function outcome(f: FigureComparison): string {
  const p = f.test ? ` p=${f.test.p < 0.001 ? f.test.p.toExponential(1) : f.test.p.toFixed(3)}` : '';
  switch (f.outcome) {
    case 'improved':
      return green('improved') + dim(p);
    case 'regressed':
      return red('regressed') + dim(p);
    case 'unchanged':
      return dim('no real change' + p);
    default:
      return dim('not tested');
  }
}

export function humanComparison(c: Comparison): string {
  const out: string[] = [''];
  const label = (s: Comparison['before']) => `${s.name}  ${dim(`${new Date(s.createdAt).toLocaleString()}${s.note ? ` · ${s.note}` : ''}${s.git ? ` · ${s.git.commit.slice(0, 8)}${s.git.dirty ? '+' : ''}` : ''}`)}`;
  out.push(`${bold('Before')}  ${label(c.before)}`);
  out.push(`${bold('After')}   ${label(c.after)}`);
  out.push('');
  const verdictChanged = c.verdict.before !== c.verdict.after;
  out.push(`  Verdict   ${c.verdict.before ?? '?'} → ${verdictChanged ? bold(c.verdict.after ?? '?') : c.verdict.after ?? '?'}`);
  out.push('');
  const rows = c.figures.map((f) => [f.label, value(f.before, f.unit), value(f.after, f.unit), change(f), outcome(f)]);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) out.push(`  ${r[0]!.padEnd(widths[0]!)}  ${r[1]!.padStart(widths[1]!)}  →  ${r[2]!.padStart(widths[2]!)}  ${r[3]}  ${r[4]}`);
  const methods = new Map<string, string[]>();
  for (const f of c.figures) if (f.test && f.outcome !== 'untested') methods.set(f.test.method, [...(methods.get(f.test.method) ?? []), f.label]);
  if (methods.size) out.push('', dim('  Tests (significant when p < 0.05):'), ...[...methods].map(([m, labels]) => dim(`    ${labels.join(', ')}: ${m}`)));
  const faster = c.functions.filter((f) => f.change === 'faster').slice(0, 5);
  const slower = c.functions.filter((f) => f.change === 'slower').slice(0, 5);
  const us = (v: number) => (Math.abs(v) >= 1000 ? `${(v / 1000).toFixed(1)} ms` : `${Math.round(v)} µs`);
  const fn = (f: Comparison['functions'][number]) => {
    const head = f.deltaPerRequestUs !== undefined ? `${f.deltaPerRequestUs > 0 ? '+' : '-'}${us(Math.abs(f.deltaPerRequestUs))}/req` : `${(f.delta > 0 ? '+' : '') + f.delta.toFixed(1)} pts`;
    const detail = f.perRequestUsBefore !== undefined && f.perRequestUsAfter !== undefined ? `${us(f.perRequestUsBefore)} → ${us(f.perRequestUsAfter)} per request; ` : '';
    return `    ${head.padStart(13)}  ${bold(displayName(f))}  ${cyan(location({ url: f.url, line: f.line, column: 0 }))}  ${dim(`${detail}${f.selfBefore.toFixed(1)} % → ${f.selfAfter.toFixed(1)} % of CPU time`)}`;
  };
  const by = c.functions.some((f) => f.deltaPerRequestUs !== undefined) ? 'self time per request' : 'self time, share of the profile';
  if (faster.length) out.push('', `  ${green('Faster')} (${by})`, ...faster.map(fn));
  if (slower.length) out.push('', `  ${yellow('Slower')} (${by})`, ...slower.map(fn));
  for (const w of c.warnings) out.push('', yellow(`  Note: ${w}`));
  out.push('');
  return out.join('\n');
}

/** The JSON document: the whole comparison plus the `load` shortcut CI scripts read. */
export function jsonComparison(c: Comparison): unknown {
  const pick = (key: string) => {
    const f = c.figures.find((x) => x.key === key);
    return f ? { before: f.before, after: f.after, ratio: f.ratio, changePercent: f.changePercent, significant: f.significant, outcome: f.outcome, ...(f.test ? { p: f.test.p, method: f.test.method, ci: f.test.ci } : {}) } : undefined;
  };
  const { diff: _diff, ...rest } = c;
  return { ...rest, load: { requestsPerSecond: pick('requestsPerSecond'), latencyP99: pick('latencyP99') } };
}

/** The significant regressions CI should fail on: fewer requests/s or a higher p99. */
export function regressions(c: Comparison): string[] {
  return c.figures.filter((f) => (f.key === 'requestsPerSecond' || f.key === 'latencyP99') && f.outcome === 'regressed').map((f) => `${f.label} ${f.changePercent > 0 ? '+' : ''}${Math.round(f.changePercent * 10) / 10} % (p = ${f.test!.p.toPrecision(2)})`);
}
