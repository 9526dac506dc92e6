// Before/after for a terminal, and the JSON document of `checkup compare --json`.
import type { Comparison, FigureComparison, FunctionDelta, ProfileComparison } from '../contract/compare.js';
import { changeText, culpritName, fasterSlower, functionChangeWords, OUTCOME_WORDS, pValue, quantity, ratioText, verdictChange } from '../contract/words.js';
import { location } from './report.js';
import { bold, cyan, dim, green, printableDeep, red, yellow } from './terminal.js';

function change(f: FigureComparison): string {
  const text = changeText(f);
  if (f.outcome === 'improved') return green(bold(text));
  if (f.outcome === 'regressed') return red(bold(text));
  return dim(text);
}

/** The outcome in the engine's words, coloured, and its reason. */
function outcome(f: FigureComparison): string {
  const words = OUTCOME_WORDS[f.outcome];
  const lead = f.outcome === 'improved' ? green(words) : f.outcome === 'regressed' ? red(words) : dim(words);
  return `${lead}${dim(`: ${f.judgement.reason}`)}`;
}

export function humanComparison(untrusted: Comparison): string {
  const { diff: _diff, ...printed } = untrusted;
  const c = printableDeep(printed);
  const out: string[] = [''];
  const label = (s: Comparison['before']) => `${s.name}  ${dim(`${new Date(s.createdAt).toLocaleString()}${s.note ? ` · ${s.note}` : ''}${s.git ? ` · ${s.git.commit.slice(0, 8)}${s.git.dirty ? '+' : ''}` : ''}`)}`;
  out.push(...interleavedLines(c));
  out.push(`${bold('Before')}  ${label(c.before)}`);
  out.push(`${bold('After')}   ${label(c.after)}`);
  out.push('');
  const moved = verdictChange(c.verdict.before, c.verdict.after);
  const tone = moved.tone === 'healthy' ? green : moved.tone === 'problem' ? red : moved.tone === 'warning' ? yellow : dim;
  out.push(`  Verdict   ${bold(tone(moved.headline))}`);
  out.push('');
  const rows = c.figures.map((f) => [f.label, quantity(f.before, f.unit), quantity(f.after, f.unit), change(f), outcome(f)]);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) out.push(`  ${r[0]!.padEnd(widths[0]!)}  ${r[1]!.padStart(widths[1]!)}  →  ${r[2]!.padStart(widths[2]!)}  ${r[3]}  ${r[4]}`);
  const methods = new Map<string, string[]>();
  for (const f of c.figures) if (f.test && f.outcome !== 'untested') methods.set(f.test.method, [...(methods.get(f.test.method) ?? []), f.label]);
  if (methods.size) out.push('', dim('  Tests (significant when p < 0.05):'), ...[...methods].map(([m, labels]) => dim(`    ${labels.join(', ')}: ${m}`)));
  out.push(...functionLines(c.functions));
  for (const w of c.warnings) out.push('', yellow(`  Note: ${w}`));
  out.push('');
  return out.join('\n');
}

/** An interleaved A/B comparison: the ref, the test and each pair's requests/s, above the before and after. */
function interleavedLines(c: Comparison): string[] {
  const ab = c.interleaved;
  if (!ab) return [];
  const out = [`${bold('Interleaved A/B')}  ${ab.pairs.length}${ab.pairs.length < ab.planned ? ` of ${ab.planned}` : ''} pairs against ${ab.ref} (${ab.commit.slice(0, 8)}), run A B A B …`, dim(`  ${ab.method}`)];
  for (const p of ab.pairs) {
    const [a, b] = p.requestsPerSecond;
    out.push(`  pair ${p.pair}  ${quantity(a, 'req/s').padStart(12)}  →  ${quantity(b, 'req/s').padStart(12)}  ${dim(a > 0 ? ratioText(b / a) : '')}`);
  }
  out.push('');
  return out;
}

/** The functions that got faster and slower, five of each. */
function functionLines(functions: FunctionDelta[]): string[] {
  const out: string[] = [];
  const { faster, slower } = fasterSlower(functions, 5);
  const fn = (f: FunctionDelta) => {
    const words = functionChangeWords(f);
    const detail = [words.perRequest, words.shares].filter(Boolean).join('; ');
    return `    ${words.change.padStart(22)}  ${bold(culpritName(f))}  ${cyan(location(f))}  ${dim(detail)}`;
  };
  const by = functions.some((f) => f.deltaPerRequestUs !== undefined) ? 'self time per request' : functions.some((f) => f.deltaMsPerSecond !== undefined) ? 'self time per second of profile' : 'self time, share of the profile';
  if (faster.length) out.push('', `  ${green('Faster')} (${by})`, ...faster.map(fn));
  if (slower.length) out.push('', `  ${yellow('Slower')} (${by})`, ...slower.map(fn));
  if (!faster.length && !slower.length) out.push('', dim("  No function's time changed beyond the noise."));
  return out;
}

/** Two profiles: what each is, then the functions whose share changed. */
export function humanProfileComparison(untrusted: ProfileComparison): string {
  const { diff: _diff, ...printed } = untrusted;
  const c = printableDeep(printed);
  const side = (p: ProfileComparison['before']) => `${p.title}  ${dim(`${p.format} · ${p.unit === 'milliseconds' ? quantity(p.durationMs, 'ms') : p.unit} · ${p.samples.toLocaleString('en-US')} samples`)}`;
  const out = ['', `${bold('Before')}  ${side(c.before)}`, `${bold('After')}   ${side(c.after)}`];
  out.push(...functionLines(c.functions));
  for (const w of c.warnings) out.push('', yellow(`  Note: ${w}`));
  out.push('');
  return out.join('\n');
}

/** The JSON document of a profile comparison: the same `functions` as a session comparison's. */
export function jsonProfileComparison(c: ProfileComparison): unknown {
  const { diff: _diff, ...rest } = c;
  return rest;
}

/** The JSON document: the whole comparison plus the `load` shortcut CI scripts read. */
export function jsonComparison(c: Comparison): unknown {
  const pick = (key: string) => {
    const f = c.figures.find((x) => x.key === key);
    return f ? { before: f.before, after: f.after, ratio: f.ratio, changePercent: f.changePercent, significant: f.significant, outcome: f.outcome, reason: f.judgement.reason, ...(f.test ? { p: f.test.p, method: f.test.method, ci: f.test.ci } : {}) } : undefined;
  };
  const { diff: _diff, ...rest } = c;
  return { ...rest, load: { requestsPerSecond: pick('requestsPerSecond'), latencyP99: pick('latencyP99') } };
}

/** The significant regressions CI should fail on: fewer requests/s or a higher p99. */
export function regressions(c: Comparison): string[] {
  return c.figures.filter((f) => (f.key === 'requestsPerSecond' || f.key === 'latencyP99') && f.outcome === 'regressed').map((f) => `${f.label} ${changeText(f)} (${pValue(f.test!.p)})`);
}
