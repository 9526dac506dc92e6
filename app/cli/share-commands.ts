// `checkup sessions`, `checkup report`, `checkup export` and `checkup import`: the history and sharing from a terminal.
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { SESSION_FILES } from '../contract/session.js';
import type { EngineApi, SessionListItem } from '../contract/api.js';
import { CheckupError } from '../errors.js';
import { commandLine, secretLabel } from '../contract/words.js';
import { openInProcessEngine } from '../rpc/in-process.js';
import { failWith, processIo, sessionRef, type CliIo } from './io.js';
import { bold, dim, green, printable, printableDeep, red, yellow } from './terminal.js';

type Options = NonNullable<ParseArgsConfig['options']>;

async function withEngine(argv: string[], options: Options, work: (engine: EngineApi, positionals: string[], values: Record<string, unknown>, sessionsDir: string) => Promise<string>, io: CliIo): Promise<number> {
  const json = argv.includes('--json');
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: argv, options: { ...options, out: { type: 'string' }, json: { type: 'boolean' } }, allowPositionals: true, strict: true });
    } catch (err) {
      throw new CheckupError('CHK_INVALID_OPTIONS', { detail: (err as Error).message.split('\n')[0]! });
    }
    const values = parsed.values as Record<string, unknown>;
    const engine = openInProcessEngine(values.out !== undefined ? { sessionsDir: values.out as string } : {});
    io.stdout(await work(engine.api, parsed.positionals, values, engine.sessionsDir));
    return 0;
  } catch (err) {
    return failWith(err, json, io);
  }
}

function one(positionals: string[], what: string): string {
  if (positionals.length !== 1) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `give ${what}` });
  return positionals[0]!;
}

/** `checkup sessions`: every session, newest first, grouped by project. */
export function sessionsCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  return withEngine(argv, {}, async (engine, _p, values, sessionsDir) => {
    const list = await engine.listSessions({});
    if (values.json) return JSON.stringify(list, null, 2) + '\n';
    if (!list.length) return `No sessions in ${printable(sessionsDir)} yet. Try \`checkup run --demo\`.\n`;
    return sessionLines(printableDeep(list));
  }, io);
}

function sessionLines(list: SessionListItem[]): string {
  const byProject = new Map<string, typeof list>();
  for (const s of list) byProject.set(s.project, [...(byProject.get(s.project) ?? []), s]);
  const out: string[] = [];
  for (const [project, sessions] of byProject) {
    out.push('', bold(project || '(project unknown)'));
    for (const s of sessions) {
      if (s.damaged) {
        out.push(`  ${dim(new Date(s.createdAt).toLocaleString())}  ${red('damaged'.padEnd(20))} ${s.id}`, `      ${dim(s.damaged)}`);
        continue;
      }
      const verdict = s.summary.verdict ?? (s.interrupted ? 'interrupted' : s.status);
      const colour = verdict === 'healthy' ? green : s.status === 'complete' ? red : yellow;
      const rps = s.summary.requestsPerSecond !== undefined ? `${Math.round(s.summary.requestsPerSecond).toLocaleString('en-US')} req/s` : '';
      const p99 = s.summary.latencyP99 !== undefined ? `p99 ${Math.round(s.summary.latencyP99 * 10) / 10} ms` : '';
      const git = s.git ? dim(`${s.git.commit.slice(0, 8)}${s.git.dirty ? '+' : ''}`) : '';
      out.push(`  ${dim(new Date(s.createdAt).toLocaleString())}  ${colour(verdict.padEnd(20))} ${rps.padStart(14)}  ${p99.padEnd(14)} ${git} ${s.id}${s.note ? dim(`  “${s.note}”`) : ''}${s.imported ? yellow(s.imported.confirmed ? '  (imported)' : '  (imported, recipe not confirmed)') : ''}`);
    }
  }
  return out.join('\n') + '\n\n';
}

/** `checkup report SESSION [--compare BEFORE]`: a self-contained HTML report in the session folder. */
export function reportCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  return withEngine(argv, { compare: { type: 'string' } }, async (engine, positionals, values) => {
    const r = await engine.exportReport({ sessionId: sessionRef(one(positionals, 'one session (folder or id)')), ...(values.compare ? { compareWith: sessionRef(values.compare as string) } : {}) });
    return values.json ? JSON.stringify(r) + '\n' : `Report written: ${printable(r.path)} (${Math.round(r.bytes / 1024)} KB; opens offline in any browser)\n`;
  }, io);
}

const PROFILE_FORMATS = ['pprof', 'cpuprofile', 'speedscope'] as const;

/**
 * `checkup export SESSION`: the whole session as one .checkup file. With `--format pprof|cpuprofile|speedscope`: a
 * session's CPU profile (`--heap`: its heap profile), or any profile file (`--profile N` of several), in that format.
 */
export function exportCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  return withEngine(argv, { format: { type: 'string' }, heap: { type: 'boolean' }, profile: { type: 'string' } }, async (engine, positionals, values) => {
    const what = one(positionals, 'one session (folder or id) or profile file');
    if (values.format === undefined) {
      const r = await engine.exportBundle({ sessionId: sessionRef(what) });
      return values.json ? JSON.stringify(r) + '\n' : `Session bundle written: ${printable(r.path)} (${Math.round(r.bytes / 1024)} KB). \`checkup import\` or the app opens it.\n`;
    }
    const format = PROFILE_FORMATS.find((f) => f === values.format);
    if (!format) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `--format is one of ${PROFILE_FORMATS.join(', ')}` });
    const index = values.profile === undefined ? 0 : Number(values.profile);
    if (!Number.isInteger(index) || index < 0) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--profile must be a profile number (0, 1, ...)' });
    const ref = sessionRef(what);
    const file = values.heap ? 'heap' : 'cpu';
    // An id names a session in the sessions folder; a session folder elsewhere (a CI baseline) is read as its file.
    const source = !isAbsolute(ref)
      ? { kind: 'session' as const, sessionId: ref, file: file as 'heap' | 'cpu' }
      : { kind: 'file' as const, path: existsSync(join(ref, SESSION_FILES.session)) ? join(ref, SESSION_FILES[file === 'heap' ? 'heapProfile' : 'cpuProfile']) : ref, index };
    const r = await engine.exportProfile({ source, format });
    return values.json ? JSON.stringify(r) + '\n' : `Profile written as ${format}: ${printable(r.path)} (${Math.round(r.bytes / 1024)} KB)\n`;
  }, io);
}

/**
 * `checkup import FILE.checkup [--trust-recipe]`: the session comes in marked as imported. Its recipe is someone
 * else's command line, so it is shown, and it is not run again until confirmed: here with --trust-recipe (after
 * reading it), or in the app. A recipe carrying what a shared one never may (code to evaluate...) is refused either way.
 */
export function importCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  return withEngine(argv, { 'trust-recipe': { type: 'boolean' } }, async (engine, positionals, values, sessionsDir) => {
    const { resolve } = await import('node:path');
    const r = await engine.importBundle({ path: resolve(one(positionals, 'one .checkup file')) });
    const launch = values['trust-recipe'] ? await engine.confirmImportedRecipe({ sessionId: r.sessionId }) : await engine.describeRerun({ sessionId: r.sessionId });
    if (values.json) return JSON.stringify({ ...r, launch }) + '\n';
    const p = printableDeep(launch);
    const out = [`Imported as session ${r.sessionId} in ${printable(sessionsDir)}`, '', `Its recipe runs (it was written on another machine):`];
    out.push(`  command  ${commandLine(p.command)}`, `  folder   ${p.cwd}`, `  env      ${Object.entries(p.env).map(([k, v]) => `${k}=${v}`).join(' ') || '(nothing added)'}`, '');
    if (p.secretsNeeded?.length) out.push(`Kept out of the bundle, to be given again before it runs: ${p.secretsNeeded.map(secretLabel).join(', ')}.`, '');
    if (p.refused) out.push(red(`It will not be run again: ${p.refused.message}`, process.stdout));
    else if (p.imported?.confirmedAt) out.push(yellow('Confirmed (--trust-recipe): "Run again" may start it.', process.stdout));
    else out.push(yellow('Not confirmed: nothing is run from it until you confirm it ("Run again" in the app shows this and asks).', process.stdout));
    return out.join('\n') + '\n';
  }, io);
}
