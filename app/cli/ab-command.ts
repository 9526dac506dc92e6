// `checkup run --ab [--against REF] [--pairs N] [--ab-exclude GLOB] -- node server.js`: the commit (A, default HEAD) and the working tree
// (B) measured alternately, A1 B1 A2 B2 ..., then the paired comparison, printed as `checkup compare` prints one.
// Ctrl-C stops the run in progress and removes the checkout; a second Ctrl-C kills the target and removes it at once.
import type { EngineApi, EngineEvent } from '../contract/api.js';
import type { Comparison } from '../contract/compare.js';
import { num } from '../contract/words.js';
import { CheckupError, exitCodeOf, type SerializedError } from '../errors.js';
import { openInProcessEngine } from '../rpc/in-process.js';
import { humanComparison, jsonComparison } from './compare-report.js';
import { failWith, type CliIo } from './io.js';
import { ProgressPrinter } from './progress.js';
import { errorReport } from './report.js';
import type { RunCommand } from './run-options.js';
import { bold, dim, printable } from './terminal.js';

type AbFinished = Extract<EngineEvent, { type: 'ab-finished' }>;
type RunFinished = Extract<EngineEvent, { type: 'run-finished' }>;

interface RunLine {
  label: string;
  side: 'before' | 'after';
  pair: number;
  sessionId: string;
  sessionDir?: string;
  status?: string;
  requestsPerSecond?: number;
  latencyP99?: number;
  verdict?: string;
  error?: SerializedError;
}

/** A1, B1, A2 ...: one line when a run starts and one when it ends, on stderr. */
function followRuns(api: EngineApi, io: CliIo, progress: ProgressPrinter): { runs: RunLine[]; finished: Promise<AbFinished> } {
  const runs: RunLine[] = [];
  const byRun = new Map<string, RunLine>();
  let resolve!: (e: AbFinished) => void;
  const finished = new Promise<AbFinished>((r) => (resolve = r));
  api.onEvent((e) => {
    if (e.type === 'ab-progress') {
      const line: RunLine = { label: `${e.side === 'before' ? 'A' : 'B'}${e.pair}`, side: e.side, pair: e.pair, sessionId: e.sessionId };
      runs.push(line);
      byRun.set(e.runId, line);
      progress.clear();
      io.stderr(`${bold(line.label)}  ${e.side === 'before' ? `before: ${printable(e.ref)} (${printable(e.commit.slice(0, 8))})` : 'after: your working tree'}  ${dim(`pair ${e.pair} of ${e.pairs}`)}\n`);
    } else if (e.type === 'run-finished') {
      const line = byRun.get(e.runId);
      if (!line) return;
      record(line, e);
      progress.clear();
      io.stderr(`${bold(line.label)}  ${line.error ? `failed: ${printable(line.error.message)}` : `${num(line.requestsPerSecond)} req/s, p99 ${num(line.latencyP99)} ms${line.verdict ? `, ${printable(line.verdict)}` : ''}`}\n`);
    } else if (e.type === 'ab-finished') resolve(e);
  });
  return { runs, finished };
}

function record(line: RunLine, e: RunFinished): void {
  Object.assign(line, {
    sessionDir: e.sessionDir,
    status: e.status,
    ...(e.load ? { requestsPerSecond: e.load.requestsPerSecond, latencyP99: e.load.latency.p99 } : {}),
    ...(e.diagnosis ? { verdict: e.diagnosis.verdict } : {}),
    ...(e.error ? { error: e.error } : {}),
  });
}

export async function abCommand(command: RunCommand, io: CliIo): Promise<number> {
  const ab = command.ab!;
  const engine = openInProcessEngine(command.outDir ? { sessionsDir: command.outDir } : {});
  const api = engine.api;
  const progress = new ProgressPrinter(command.recipe.load.warmupSec);
  api.onEvent((e) => progress.handle(e));
  const { runs, finished } = followRuns(api, io, progress);

  let interrupts = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupts++;
    if (interrupts === 1) {
      progress.clear();
      io.stderr(`\n${signal === 'SIGINT' ? 'Ctrl-C' : signal}: stopping the A/B runs and removing the checkout (again to quit at once)…\n`);
      void engine.stopAll();
    } else {
      engine.killAllSync();
      process.exit(130);
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);

  try {
    const started = await api.runAgainstCommit({ recipe: command.recipe, ref: ab.ref, pairs: ab.pairs, ...(ab.exclude.length ? { exclude: ab.exclude } : {}) });
    // a Ctrl-C while the commit was being checked out
    if (interrupts > 0) void engine.stopAll();
    for (const note of started.notes) io.stderr(dim(`Note: ${printable(note)}\n`));
    const end = await finished;
    progress.clear();
    let error: SerializedError | undefined = end.error;
    let comparison: Comparison | undefined;
    if (end.before && end.after) {
      try {
        comparison = await api.compareSessions({ before: end.before, after: end.after });
      } catch (err) {
        error ??= new CheckupError('CHK_INTERNAL', { detail: (err as Error).message }).toJSON();
      }
    }
    const summary = { abId: end.abId, ref: end.ref, commit: end.commit, pairs: end.pairs, pairsDone: end.pairsDone, status: end.status, notes: started.notes, ...(started.carried ? { carried: started.carried } : {}), runs };
    if (command.json) {
      io.stdout(JSON.stringify({ ab: summary, ...(comparison ? { comparison: jsonComparison(comparison) } : {}), ...(error ? { error } : {}) }, null, 2) + '\n');
    } else {
      if (comparison) io.stdout(humanComparison(comparison));
      if (error) io.stderr('\n' + errorReport(error) + '\n');
      if (!comparison) io.stderr('No complete pair of runs: nothing to compare.\n');
    }
    return error ? exitCodeOf(error) : 0;
  } catch (err) {
    progress.clear();
    return failWith(err, command.json, io);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('SIGHUP', onSignal);
  }
}
