// The doctor's summary for a terminal, and the one JSON document of `--json`.
import type { Culprit, Diagnosis, Finding } from '../contract/diagnosis.js';
import type { LoadResult } from '../contract/metrics.js';
import type { SessionDetail } from '../contract/session.js';
import { CULPRIT_MEASURES, culpritName, mappedByWords, setupWords, evidenceWords, functionLabel, location as frameLocation, machineNotes, quantity, sig } from '../contract/words.js';
import type { SerializedError } from '../errors.js';
import { bold, cyan, dim, green, printable, printableDeep, red, yellow } from './terminal.js';
import { formatUnitTree } from './unit-tree.js';
import { routesLines } from './routes-report.js';
import { requestTimeLines } from './request-time-report.js';
import { profilingCostWords } from '../contract/profiling-cost-words.js';

/** A frame's place, relative to the directory the command runs in (where the user's editor and shell are). */
export function location(frame: { url: string; line: number }, cwd = process.cwd()): string {
  return frameLocation(frame, cwd);
}

function severityLabel(f: Finding): string {
  if (f.severity === 'problem') return red(bold('problem'));
  if (f.severity === 'warning') return yellow('warning');
  return dim('info');
}

function verdictLine(d: Diagnosis): string {
  const top = d.findings[0];
  if (!top) return '';
  const title = top.title.toUpperCase();
  return d.verdict === 'healthy' ? green(bold(title)) : red(bold(title));
}

function loadLine(load: LoadResult): string {
  const l = load.latency;
  const fails = load.errors + load.timeouts + load.non2xx;
  return (
    `${bold(quantity(load.requestsPerSecond, 'req/s'))}   ` +
    `latency p50 ${quantity(l.p50, 'ms')} · p90 ${quantity(l.p90, 'ms')} · p99 ${bold(quantity(l.p99, 'ms'))} · max ${quantity(l.max, 'ms')}   ` +
    (fails ? red(`${load.errors} errors · ${load.timeouts} timeouts · ${load.non2xx} non-2xx`) : dim('no errors'))
  );
}

function culpritLines(culprits: Culprit[], indent: string): string[] {
  return culprits.map((c) => {
    const share = c.measure === 'stack' ? ' '.repeat(7) : `${sig(c.selfPercent, 3).padStart(5)} %`;
    const pkg = c.package ? dim(` [${c.package}]`) : '';
    const byName = mappedByWords(c);
    const role = c.measure === 'stack' && c.role ? dim(`  ${c.role}`) : '';
    const line = `${indent}${share}  ${bold(culpritName(c))}  ${cyan(location(c))}${byName ? dim(` (${byName})`) : ''}${pkg}${role}`;
    const also = c.mayInclude?.length ? `\n${indent}        ${dim('or in what it calls (inlined by V8): ' + c.mayInclude.map((f) => `${functionLabel(f.functionName)} ${location(f)}`).join(', '))}` : '';
    return line + also;
  });
}

/**
 * The advice's first step, or its first paragraph when it has no numbered steps (the full text is in the session and
 * the app). The advice files wrap their lines: a step goes on over the indented lines below it, a paragraph up to the
 * blank line, and both are joined into one line before they are made printable.
 */
export function nextStep(advice: string): string {
  const lines = advice.split('\n');
  const first = lines.findIndex((l) => /^1\. /.test(l));
  const end = (from: number, goesOn: (line: string) => boolean) => {
    let i = from + 1;
    while (i < lines.length && goesOn(lines[i]!)) i++;
    return i;
  };
  const part = first >= 0 ? lines.slice(first, end(first, (l) => /^\s+\S/.test(l))) : lines.slice(0, end(0, (l) => l.trim() !== ''));
  return printable(part.map((l) => l.trim()).join(' ').replace(/^1\. /, '').trim());
}

export function humanReport(untrustedDetail: SessionDetail, untrustedError?: SerializedError): string {
  // Only what is printed is made printable (the samples and the raw load result are not read here).
  const { dir, session, diagnosis, load, routes } = untrustedDetail;
  const [detail, error] = printableDeep([{ dir, session, diagnosis, load, routes }, untrustedError] as const);
  const out: string[] = [];
  const s = detail.session;
  const d = detail.diagnosis;
  out.push('');
  // Without a load result nothing was measured (the app never served, or the set-up step failed): the recipe's
  // duration would read as if it had been.
  const measured = detail.load ? `${detail.load.durationSec} s measured at ${s.recipe.load.connections} connections, after ${s.recipe.load.warmupSec} s warm-up` : 'no load was measured';
  out.push(`${bold('Checkup')} ${s.name}  ${dim(`(${measured})`)}`);
  if (d?.findings[0]) {
    const top = d.findings[0];
    out.push('');
    out.push(`  Verdict     ${verdictLine(d)}`);
    out.push(`              ${top.explanation}`);
  }
  if (s.setup) out.push('', `  Set-up      ${setupWords(s.setup)}`);
  if (detail.load) {
    out.push('');
    out.push(`  Load        ${loadLine(detail.load)}`);
  }
  if (detail.routes) out.push('', ...routesLines(detail.routes));
  const requestTime = d?.requestTime ? requestTimeLines(d.requestTime) : [];
  if (requestTime.length) out.push('', ...requestTime);
  if (untrustedDetail.units) out.push('', `  Processes   ${formatUnitTree(untrustedDetail.units.units, true).join('\n              ')}`);
  const machine = machineNotes(s.machine);
  if (machine.length) out.push(`  Machine     ${yellow(machine.join('\n              '))}`);
  if (s.profilingCost) out.push(`  Profiling   ${dim(profilingCostWords(s.profilingCost))}`);
  if (d?.sourceNotes?.length) out.push(`  Source      ${yellow(d.sourceNotes.join('\n              '))}`);
  for (const [i, f] of (d?.findings ?? []).entries()) {
    if (i > 0) out.push('', `  Also        ${severityLabel(f)}: ${bold(f.title)}`, `              ${f.explanation}`);
    const evidence = f.evidence.slice(0, 3).map((e) => evidenceWords(e));
    if (evidence.length) out.push(`  Evidence    ${evidence.join('\n              ')}`);
    if (f.culprits.length) {
      const measure = CULPRIT_MEASURES[f.culprits[0]!.measure];
      out.push(`  Culprits    ${dim(measure)}`, ...culpritLines(f.culprits, '              '));
    }
    if (i === 0 && f.advice) out.push(`  Next step   ${nextStep(untrustedDetail.diagnosis!.findings[0]!.advice!)}`);
  }
  if (error) {
    out.push('');
    out.push(`  ${red(bold(`Error ${error.code}`))}: ${error.message}`);
    if (error.hint) out.push(`  ${error.hint}`);
    for (const line of error.details ?? []) out.push(dim(`    | ${line}`));
  }
  out.push('');
  out.push(`  Session     ${s.status === 'complete' ? '' : yellow(`(${s.status}${s.partialReason ? ': ' + s.partialReason : ''}) `)}${detail.dir}`);
  out.push('');
  return out.join('\n');
}

export function jsonReport(detail: SessionDetail | undefined, error?: SerializedError): unknown {
  const load = detail?.load;
  return {
    ...(detail ? { session: detail.dir, sessionId: detail.session.id, status: detail.session.status } : {}),
    ...(detail?.session.setup ? { setup: detail.session.setup } : {}),
    ...(load
      ? {
          load: {
            requestsPerSecond: load.requestsPerSecond,
            latency: { p50: load.latency.p50, p90: load.latency.p90, p99: load.latency.p99, max: load.latency.max, mean: load.latency.mean },
            throughputBytesPerSec: load.throughputBytesPerSec,
            requestsTotal: load.requestsTotal,
            errors: load.errors,
            timeouts: load.timeouts,
            non2xx: load.non2xx,
          },
        }
      : {}),
    ...(detail?.diagnosis
      ? {
          diagnosis: {
            verdict: detail.diagnosis.verdict,
            ...(detail.diagnosis.requestTime ? { requestTime: detail.diagnosis.requestTime } : {}),
            ...(detail.diagnosis.sourceNotes?.length ? { sourceNotes: detail.diagnosis.sourceNotes } : {}),
            findings: detail.diagnosis.findings.map((f) => ({
              kind: f.kind,
              severity: f.severity,
              title: f.title,
              explanation: f.explanation,
              evidence: f.evidence,
              culprits: f.culprits,
              ...(f.settledBySec ? { settledBySec: f.settledBySec } : {}),
            })),
          },
        }
      : {}),
    ...(detail ? { target: detail.session.target, timings: detail.session.timings, ...(detail.session.machine ? { machine: detail.session.machine } : {}), ...(detail.session.profilingCost ? { profilingCost: detail.session.profilingCost } : {}) } : {}),
    // Every process and thread of a multi-unit run, with its share of the requests and its own verdict.
    ...(detail?.units ? { units: detail.units } : {}),
    // The routes the app registered, the ones the load never reached, and the load's paths no route takes.
    ...(detail?.routes ? { routes: detail.routes } : {}),
    ...(error ? { error } : {}),
  };
}

export function errorReport(untrusted: SerializedError): string {
  const error = printableDeep(untrusted);
  const lines = [`${red(bold(`Error ${error.code}`), process.stderr)}: ${error.message}`];
  if (error.hint) lines.push(error.hint);
  for (const line of error.details ?? []) lines.push(dim(`  | ${line}`, process.stderr));
  return lines.join('\n');
}
