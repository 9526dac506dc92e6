// How the CLI prints a start-up checkup: the one JSON document (the issue's Must show, plus the rest of the result),
// or a short text report.
import type { StartupComparison, StartupResult } from '../contract/startup.js';
import { round } from '../numbers.js';
import { printableDeep } from './terminal.js';

const ms = (x: number) => round(x, 1);

export function jsonStartup(session: string, dir: string, r: StartupResult): Record<string, unknown> {
  return {
    session,
    dir,
    runs: r.runs.filter((x) => x.purpose === 'timed').length,
    readyMs: { median: ms(r.readyMs.median), min: ms(r.readyMs.min), max: ms(r.readyMs.max) },
    firstUserCodeMs: { median: ms(r.firstUserCodeMs.median), min: ms(r.firstUserCodeMs.min), max: ms(r.firstUserCodeMs.max) },
    modules: r.modules.map((m) => ({ id: m.id, package: m.package, selfMs: ms(m.selfMs), totalMs: ms(m.totalMs), format: m.format, resolveMs: ms(m.resolveMs), ...(m.lookups !== undefined ? { lookups: m.lookups } : {}), readMs: ms(m.readMs), ...(m.compileMs !== undefined ? { compileMs: ms(m.compileMs) } : {}), execMs: ms(m.execMs), ...(m.parent ? { parent: m.parent } : {}) })),
    packages: r.packages.map((p) => ({ name: p.name, totalMs: ms(p.totalMs), selfMs: ms(p.selfMs), modules: p.modules, direct: p.direct, ...(p.calledAfterLoad !== undefined ? { calledAfterLoad: p.calledAfterLoad } : {}) })),
    advice: r.advice.map((a) => ({ kind: a.kind, savingMs: a.savingMs ?? null, measured: a.measured, title: a.title, detail: a.detail, ...(a.package ? { package: a.package } : {}), ...(a.before ? { before: a.before, after: a.after } : {}), ...(a.refused ? { refused: a.refused } : {}) })),
    heaviestPath: r.heaviestPath,
    starts: r.runs,
    tracedReadyMs: r.tracedReadyMs === undefined ? null : ms(r.tracedReadyMs),
    tracing: r.tracing,
    profile: r.profile,
    ...(r.traceFailure ? { traceFailure: r.traceFailure } : {}),
  };
}

export function humanStartup(untrustedDir: string, untrusted: StartupResult): string {
  // Module paths, package names and the app's own words are the app's: printed only once made printable.
  const [dir, r] = printableDeep([untrustedDir, untrusted] as const);
  const lines: string[] = [];
  const timed = r.runs.filter((x) => x.purpose === 'timed');
  lines.push(`Time to ready (${timed[0]?.readyKind === 'exit' ? 'exit' : 'listening'}): median ${ms(r.readyMs.median)} ms, min ${ms(r.readyMs.min)}, max ${ms(r.readyMs.max)} over ${timed.length} starts`);
  lines.push(`First line of your code: median ${ms(r.firstUserCodeMs.median)} ms after the process started`);
  if (r.traceFailure) {
    const f = r.traceFailure;
    lines.push('', `Notice ${f.code}: ${f.message}`);
    if (f.hint) lines.push(`  ${f.hint}`);
    for (const line of f.output.slice(0, 8)) lines.push(`  | ${line}`);
  }
  lines.push('', 'Packages by inclusive load time (traced start):');
  for (const p of r.packages.slice(0, 10)) lines.push(`  ${String(ms(p.totalMs)).padStart(8)} ms  ${p.name} (${p.modules} modules${p.calledAfterLoad === 0 ? ', not called before ready' : ''})`);
  lines.push('', 'Modules by inclusive time:');
  for (const m of r.modules.slice(0, 10)) lines.push(`  ${String(ms(m.totalMs)).padStart(8)} ms  self ${String(ms(m.selfMs)).padStart(7)} ms  ${m.id}`);
  if (r.heaviestPath.length) lines.push('', `Heaviest path: ${r.heaviestPath.join(' > ')}`);
  lines.push('', 'Advice:');
  if (!r.advice.length) lines.push('  nothing measured here would save time');
  for (const a of r.advice) lines.push(`  ${a.refused ? '(not tried)' : a.savingMs !== undefined ? `${ms(a.savingMs)} ms${a.measured ? ' measured' : ''}` : ''}  ${a.title}${a.refused ? `: ${a.refused}` : ''}`);
  for (const note of r.tracing.notes) if (note !== r.traceFailure?.message) lines.push(`  note: ${note}`);
  lines.push('', `Session: ${dir}`, '');
  return lines.join('\n');
}

export function jsonStartupComparison(c: StartupComparison): Record<string, unknown> {
  return { kind: 'startup', before: c.before, after: c.after, readyMs: c.readyMs, modules: c.modules, packages: c.packages };
}

export function humanStartupComparison(untrusted: StartupComparison): string {
  const c = printableDeep(untrusted);
  const f = c.readyMs;
  const lines = [
    `Start-up: ${c.before.name} (${c.before.id}) -> ${c.after.name} (${c.after.id})`,
    `Time to ready: ${ms(f.before)} -> ${ms(f.after)} ms (${f.changePercent >= 0 ? '+' : ''}${ms(f.changePercent)} %): ${f.outcome}, ${f.judgement.reason}${f.test ? ` (${f.test.method})` : ''}`,
    '',
    'Packages (inclusive ms, before -> after):',
    ...c.packages.slice(0, 10).map((d) => `  ${d.deltaMs >= 0 ? '+' : ''}${ms(d.deltaMs)} ms  ${d.id} (${ms(d.beforeMs)} -> ${ms(d.afterMs)})`),
    '',
    'Modules:',
    ...c.modules.slice(0, 10).map((d) => `  ${d.deltaMs >= 0 ? '+' : ''}${ms(d.deltaMs)} ms  ${d.id} (${ms(d.beforeMs)} -> ${ms(d.afterMs)})`),
    '',
  ];
  return lines.join('\n');
}
