// `checkup inspect FILE [--json] [--profile N] [--top N]`: open any profile offline and say what is slow and why.
// Parsing and analysis run in a worker thread with progress on stderr; only the summary comes back.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { HotFunction, ProfileSummary } from '../contract/profile.js';
import { CheckupError } from '../errors.js';
import { categoryName, culpritName } from '../contract/words.js';
import { openInProcessEngine } from '../rpc/in-process.js';
import { location } from './report.js';
import { failWith, processIo, type CliIo } from './io.js';
import { bold, cyan, dim, isTty, printable, printableDeep, yellow } from './terminal.js';

function share(v: number): string {
  return `${v.toFixed(1).padStart(5)} %`;
}

function amount(summary: ProfileSummary, v: number): string {
  if (summary.unit === 'bytes') return v >= 1048576 ? `${(v / 1048576).toFixed(1)} MB` : `${Math.round(v / 1024)} KB`;
  return v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`;
}

export function humanInspect(...args: [path: string, format: string, summary: ProfileSummary, profiles: string[]]): string {
  const [path, format, summary, profiles] = printableDeep(args);
  const out: string[] = [''];
  const what = summary.unit === 'bytes' ? 'allocated' : 'sampled';
  out.push(`${bold('Checkup')} ${path}`);
  out.push(dim(`  ${format}${summary.profileName ? ` · ${summary.profileName}` : ''} · ${amount(summary, summary.durationMs)} ${what} · ${summary.samples.toLocaleString('en-US')} samples`));
  if (profiles.length > 1) out.push(dim(`  ${profiles.length} profiles here: ${profiles.map((p, i) => `${i}: ${p}`).join(', ')} (choose with --profile N)`));
  out.push('', `  ${bold(summary.unit === 'bytes' ? 'Allocated by function' : 'Hot functions')}  ${dim('self · total')}`);
  for (const f of summary.topFunctions.slice(0, 15)) out.push(fnLine(f));
  const cats = summary.categories.filter((c) => c.percent >= 0.5).map((c) => `${categoryName(c.name)} ${c.percent.toFixed(1)} %`);
  out.push('', `  ${bold('By category')}  ${cats.join(' · ')}`);
  const pkgs = summary.packages.slice(0, 6).map((p) => `${p.name} ${p.percent.toFixed(1)} %`);
  if (pkgs.length) out.push(`  ${bold('By package')}   ${pkgs.join(' · ')}`);
  for (const [i, a] of summary.advice.entries()) {
    out.push('', `  ${yellow(bold(a.title))} ${dim(`(${a.percent.toFixed(1)} % of the profile)`)}`);
    for (const f of a.frames.slice(0, 3)) out.push(`    ${bold(culpritName(f))}  ${cyan(location(f))}`);
    // The advice's lines are read before it is made printable (which puts each text on one line).
    const text = args[2].advice[i]!.text;
    const firstStep = text.split('\n').find((l) => /^\s*(1\.|-)\s/.test(l)) ?? text.split('\n\n')[0] ?? '';
    if (firstStep) out.push(`    ${printable(firstStep.trim().replace(/^(1\.|-)\s+/, ''))}`);
  }
  for (const w of summary.warnings) out.push('', yellow(`  Note: ${w}`));
  out.push('');
  return out.join('\n');
}

function fnLine(f: HotFunction): string {
  const pkg = f.package ? dim(` [${f.package}]`) : '';
  return `  ${share(f.selfPercent)} ${dim(share(f.totalPercent))}  ${bold(culpritName(f))}  ${cyan(location(f))}${pkg} ${dim(categoryName(f.category))}`;
}

export function jsonInspect(path: string, format: string, summary: ProfileSummary, profiles: string[], index: number): unknown {
  return {
    file: path,
    format,
    ...(profiles.length > 1 ? { profile: index, profiles: profiles.map((name, i) => ({ index: i, name })) } : {}),
    unit: summary.unit,
    durationMs: summary.durationMs,
    samples: summary.samples,
    topFunctions: summary.topFunctions.map((f) => ({
      functionName: f.functionName,
      url: f.url,
      line: f.line,
      column: f.column,
      selfPercent: f.selfPercent,
      totalPercent: f.totalPercent,
      ...(summary.unit === 'bytes' ? { selfBytes: f.selfMs, totalBytes: f.totalMs } : { selfMs: f.selfMs, totalMs: f.totalMs }),
      category: f.category,
      package: f.package ?? null,
    })),
    categories: summary.categories,
    packages: summary.packages,
    files: summary.files,
    advice: summary.advice.map((a) => ({ id: a.id, title: a.title, percent: a.percent, frames: a.frames, text: a.text })),
    warnings: summary.warnings,
  };
}

export async function inspectCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  const json = argv.includes('--json');
  const engine = openInProcessEngine();
  const api = engine.api;
  // Ctrl-C stops the import (and any `node --prof-process` it started); the command then ends with CHK_CANCELLED.
  const onSignal = () => void engine.close();
  process.on('SIGINT', onSignal);
  const tty = isTty(process.stderr);
  const stopProgress = api.onEvent((e) => {
    if (e.type === 'profile-progress' && tty) process.stderr.write(`\r\u001b[2K${dim(`${e.phase} ${Math.round(e.fraction * 100)} %`, process.stderr)}`);
  });
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: argv, options: { json: { type: 'boolean' }, profile: { type: 'string' }, top: { type: 'string' } }, allowPositionals: true, strict: true });
    } catch (err) {
      throw new CheckupError('CHK_INVALID_OPTIONS', { detail: (err as Error).message.split('\n')[0]! });
    }
    const [path, extra] = parsed.positionals;
    if (!path || extra) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: 'give one profile file: `checkup inspect FILE`' });
    const top = parsed.values.top === undefined ? 20 : Number(parsed.values.top);
    const index = parsed.values.profile === undefined ? 0 : Number(parsed.values.profile);
    if (!Number.isInteger(top) || top < 1) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--top must be a whole number of at least 1' });
    if (!Number.isInteger(index) || index < 0) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--profile must be a profile number (0, 1, ...)' });
    const view = await api.openProfile({ source: { kind: 'file', path: resolve(path), index }, top, flame: false });
    if (tty) process.stderr.write('\r\u001b[2K');
    const names = view.siblings.map((p) => p.name);
    io.stdout(json ? JSON.stringify(jsonInspect(path, view.format, view.summary, names, index), null, 2) + '\n' : humanInspect(path, view.format, view.summary, names));
    return 0;
  } catch (err) {
    if (tty) process.stderr.write('\r\u001b[2K');
    return failWith(err, json, io);
  } finally {
    stopProgress();
    process.off('SIGINT', onSignal);
  }
}
