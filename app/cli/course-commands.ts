// `checkup labs`, `checkup course export|import FILE` and `checkup lab start|check|reset NAME`: the workshop from a
// terminal. A lab is found in its course (--course, default the shipped node-performance course).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { EngineApi } from '../contract/api.js';
import type { LabCheck, LabListing } from '../contract/course.js';
import { CheckupError } from '../errors.js';
import { openInProcessEngine, type InProcessEngine } from '../rpc/in-process.js';
import { failWith, processIo, type CliIo } from './io.js';
import { bold, dim, green, printable, red } from './terminal.js';

const DEFAULT_COURSE = 'node-performance';

function parse(argv: string[], extra: Record<string, { type: 'string' | 'boolean' }> = {}) {
  try {
    return parseArgs({ args: argv, options: { json: { type: 'boolean' }, course: { type: 'string' }, out: { type: 'string' }, ...extra }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new CheckupError('CHK_INVALID_OPTIONS', { detail: (err as Error).message.split('\n')[0]! });
  }
}

function engineFor(out: unknown): InProcessEngine {
  return openInProcessEngine(typeof out === 'string' ? { sessionsDir: resolve(out) } : {});
}

/** Every lab: the shipped ones (with their course, if any), then those of imported courses. */
async function labListings(api: EngineApi): Promise<LabListing[]> {
  const shipped: LabListing[] = (await api.listLabs({})).map((l) => ({ name: l.name, title: l.title, problem: l.problem, ...(l.course ? { course: l.course } : {}), steps: l.steps }));
  const imported = (await api.listCourses({}))
    .filter((c) => c.source === 'imported')
    .flatMap((c) => c.labs.map((l) => ({ name: l.name, title: l.title, problem: l.problem, course: c.id, steps: l.steps })));
  return [...shipped, ...imported];
}

/** `checkup labs [--json]`: every lab, with its course and how many steps it has. */
export async function labsCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  const json = argv.includes('--json');
  try {
    const { values } = parse(argv);
    const labs = await labListings(engineFor(values.out).api);
    if (json) {
      io.stdout(JSON.stringify(labs, null, 2) + '\n');
      return 0;
    }
    io.stdout(`${bold('Lab'.padEnd(18))} ${bold('Problem'.padEnd(20))} ${bold('Course'.padEnd(18))} ${bold('Steps')}  ${bold('Title')}\n`);
    for (const lab of labs) io.stdout(`${printable(lab.name).padEnd(18)} ${printable(lab.problem).padEnd(20)} ${printable(lab.course ?? '-').padEnd(18)} ${String(lab.steps).padStart(5)}  ${printable(lab.title)}\n`);
    return 0;
  } catch (err) {
    return failWith(err, json, io);
  }
}

/** `checkup course export FILE [--course ID]` and `checkup course import FILE`. */
export async function courseCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  const json = argv.includes('--json');
  try {
    const { values, positionals } = parse(argv);
    const [action, file, ...more] = positionals;
    if ((action !== 'export' && action !== 'import') || !file || more.length) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: 'use `checkup course export FILE [--course ID]` or `checkup course import FILE`' });
    const engine = engineFor(values.out).api;
    if (action === 'export') {
      const done = await engine.exportCourse({ course: values.course ?? DEFAULT_COURSE, path: resolve(file) });
      io.stdout(json ? JSON.stringify(done, null, 2) + '\n' : `Course written to ${printable(done.path)} (${Math.round(done.bytes / 1024)} kB).\n`);
    } else {
      const done = await engine.importCourse({ path: resolve(file) });
      io.stdout(json ? JSON.stringify(done, null, 2) + '\n' : `Imported the course "${printable(done.id)}": ${done.labs.map(printable).join(', ')}.\n`);
    }
    return 0;
  } catch (err) {
    return failWith(err, json, io);
  }
}

function checkLines(check: LabCheck): string {
  const mark = (ok: boolean) => (ok ? green('pass') : red('not yet'));
  const lines = [
    `${bold(check.passed ? 'Passed' : 'Not yet')}: ${printable(check.message)}`,
    `  ${mark(check.verdict.passed)}  verdict ${printable(check.verdict.actual)} (the fix gives ${printable(check.verdict.expected)})`,
    ...check.figures.map((f) => `  ${mark(f.passed)}  ${printable(f.label ?? f.series)}: ${f.value !== undefined ? `${f.value}${f.unit ? ` ${printable(f.unit)}` : ''}` : 'not measured'}, should be ${printable(f.bound)}`),
    dim(`  session ${check.sessionId}`),
  ];
  return lines.join('\n') + '\n';
}

/** Asks a yes/no question when a person is at the terminal (stdin and stderr a TTY); false otherwise. */
async function confirmedOnTerminal(question: string, json: boolean): Promise<boolean> {
  if (json || !process.stdin.isTTY || !process.stderr.isTTY) return false;
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

/** `checkup lab start|check|reset NAME [--course ID]`: the student's copy. check exits 0 when it passed, 1 when not yet. */
export async function labCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  const json = argv.includes('--json');
  let engine: InProcessEngine | undefined;
  const onSigint = () => void engine?.stopAll();
  try {
    const { values, positionals } = parse(argv, { force: { type: 'boolean' } });
    const force = (values as { force?: boolean }).force === true;
    const [action, name, ...more] = positionals;
    if (!['start', 'check', 'reset'].includes(action ?? '') || !name || more.length) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: 'use `checkup lab start NAME`, `checkup lab check NAME` or `checkup lab reset NAME` (--course ID)' });
    engine = engineFor(values.out);
    const ref = { course: values.course ?? DEFAULT_COURSE, lab: name };
    if (action === 'start') {
      const done = await engine.api.startLab(ref);
      io.stdout(json ? JSON.stringify(done, null, 2) + '\n' : `Your copy of ${printable(name)} is in ${printable(done.dir)}${done.copied.length ? ` (copied: ${done.copied.map(printable).join(', ')})` : ' (already there: nothing overwritten)'}.\n`);
      return 0;
    }
    if (action === 'reset') {
      let done;
      try {
        done = await engine.api.resetLab({ ...ref, overwriteEdits: force });
      } catch (err) {
        const refused = err instanceof Error && (err as { code?: string }).code === 'CHK_LAB_RESET_WOULD_OVERWRITE';
        if (!refused || !(await confirmedOnTerminal(`${printable(err.message)} Reset anyway? [y/N] `, json))) throw err;
        done = await engine.api.resetLab(ref);
      }
      io.stdout(json ? JSON.stringify(done, null, 2) + '\n' : `Restored ${done.restored.map(printable).join(', ')} in ${printable(done.dir)}.\n`);
      return 0;
    }
    process.once('SIGINT', onSigint);
    if (!json) io.stderr(`Measuring your copy of ${printable(name)}…\n`);
    const check = await engine.api.checkLab(ref);
    io.stdout(json ? JSON.stringify(check, null, 2) + '\n' : checkLines(check));
    return check.passed ? 0 : 1;
  } catch (err) {
    return failWith(err, json, io);
  } finally {
    process.off('SIGINT', onSigint);
  }
}
