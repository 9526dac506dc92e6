// `checkup run`: one whole checkup from the terminal. Ctrl-C stops the run and saves what was collected; a second
// Ctrl-C kills the target at once. The target never outlives this process.
import type { EngineApi, EngineEvent, RunStarted } from '../contract/api.js';
import type { LoadSpec } from '../contract/recipe.js';
import { CheckupError, exitCodeOf } from '../errors.js';
import { Engine } from '../engine/engine.js';
import { getLab } from '../labs/catalogue.js';
import { inProcessClient } from '../rpc/in-process.js';
import { killAllTargetsSync } from '../target/index.js';
import { humanComparison, jsonComparison, regressions } from './compare-report.js';
import { failWith, processIo, sessionRef, type CliIo } from './io.js';
import { ProgressPrinter } from './progress.js';
import { humanReport, jsonReport } from './report.js';
import { parseRunArgs, type RunCommand } from './run-options.js';

/** For --demo: the lab's suggested load, with whatever the user gave on the command line on top. */
function withLabLoad(argv: string[], command: RunCommand): RunCommand {
  const target = command.recipe.target;
  if (target.kind !== 'lab') return command;
  const userGave = (flags: string[]) => argv.some((a) => flags.some((f) => a === f || a.startsWith(f + '=')));
  const lab: Partial<LoadSpec> = getLab(target.lab).recipe.load ?? {};
  const load = { ...command.recipe.load };
  const keys: Array<[keyof typeof load, string[]]> = [
    ['requests', ['--path', '-m', '--method', '-H', '--header', '-b', '--body']],
    ['connections', ['-c', '--connections']],
    ['durationSec', ['-d', '--duration']],
    ['warmupSec', ['--warmup']],
    ['pipelining', ['-p', '--pipelining']],
  ];
  for (const [key, flags] of keys) if (!userGave(flags) && lab[key] !== undefined) (load as Record<string, unknown>)[key] = lab[key];
  return { ...command, recipe: { ...command.recipe, load } };
}

type RunFinished = Extract<EngineEvent, { type: 'run-finished' }>;

/** How a run is started: startRun with the recipe, or startAttachRun (attach-command.ts). */
export type StartRun = (api: EngineApi) => Promise<RunStarted>;

/** Starts the run and waits for its end on the event stream, as every face follows a run. */
async function runToEnd(api: EngineApi, start: StartRun): Promise<RunFinished> {
  const finished = new Map<string, RunFinished>();
  let waiting: { runId: string; resolve(e: RunFinished): void } | undefined;
  const unsubscribe = api.onEvent((e) => {
    if (e.type !== 'run-finished') return;
    if (waiting?.runId === e.runId) waiting.resolve(e);
    else finished.set(e.runId, e);
  });
  try {
    const { runId } = await start(api);
    return await new Promise<RunFinished>((resolve) => {
      const early = finished.get(runId);
      if (early) resolve(early);
      else waiting = { runId, resolve };
    });
  } finally {
    unsubscribe();
  }
}

export async function runCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  const wantsJson = argv.includes('--json');

  let command: RunCommand;
  try {
    command = withLabLoad(argv, parseRunArgs(argv));
  } catch (err) {
    return failWith(err, wantsJson, io);
  }

  if (command.ab) return (await import('./ab-command.js')).abCommand(command, io);
  return followRun(command, io, (api) => api.startRun({ recipe: command.recipe }));
}

/** One run from start to report: live progress on stderr, Ctrl-C stops and saves, the report (or JSON) on stdout. */
export async function followRun(command: RunCommand, io: CliIo, start: StartRun, attached = false): Promise<number> {
  const wantsJson = command.json;
  const engine = new Engine(command.outDir ? { sessionsDir: command.outDir } : {});
  const api = inProcessClient(engine);
  const progress = new ProgressPrinter(command.recipe.load.warmupSec, process.stderr, attached);
  api.onEvent((e) => progress.handle(e));

  let interrupts = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupts++;
    if (interrupts === 1) {
      progress.clear();
      io.stderr(`\n${signal === 'SIGINT' ? 'Ctrl-C' : signal}: stopping the run and saving what was collected (again to quit at once)…\n`);
      void engine.stopAll();
    } else {
      killAllTargetsSync();
      process.exit(130);
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  process.on('exit', killAllTargetsSync);

  try {
    const outcome = await runToEnd(api, start);
    progress.clear();
    const detail = await api.getSession({ id: outcome.sessionId });
    let error = outcome.error;
    const comparison = command.baseline && !outcome.error ? await api.compareSessions({ before: sessionRef(command.baseline), after: outcome.sessionDir }) : undefined;
    const regressed = comparison ? regressions(comparison) : [];
    if (command.failOnRegression && regressed.length) error = new CheckupError('CHK_REGRESSION', { detail: regressed.join('; '), baseline: command.baseline }).toJSON();
    if (command.json) io.stdout(JSON.stringify({ ...(jsonReport(detail, error) as object), ...(comparison ? { comparison: jsonComparison(comparison) } : {}) }, null, 2) + '\n');
    else io.stdout(humanReport(detail, error) + (comparison ? humanComparison(comparison) : ''));
    return error ? exitCodeOf(error) : 0;
  } catch (err) {
    progress.clear();
    return failWith(err, wantsJson, io);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('SIGHUP', onSignal);
  }
}
