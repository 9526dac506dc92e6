// `checkup run`: one whole checkup from the terminal. Ctrl-C stops the run and saves what was collected; a second
// Ctrl-C kills the target at once. The target never outlives this process.
import type { EngineApi, RunStarted } from '../contract/api.js';
import { followRunToEnd } from '../contract/follow-run.js';
import type { LoadSpec } from '../contract/recipe.js';
import { CheckupError, exitCodeOf } from '../errors.js';
import { openInProcessEngine, type InProcessEngine } from '../rpc/in-process.js';
import { humanComparison, jsonComparison, regressions } from './compare-report.js';
import { failWith, processIo, sessionRef, type CliIo } from './io.js';
import { ProgressPrinter } from './progress.js';
import { humanReport, jsonReport } from './report.js';
import { parseRunArgs, type RunCommand } from './run-options.js';
import { loadPreview } from './load-preview.js';
import { rampReport, rampStepLine } from './ramp-report.js';
import { redactRecipe } from '../contract/recipe-secrets.js';

/** For --demo: the lab's suggested load, with whatever the user gave on the command line on top. */
async function withLabLoad(argv: string[], command: RunCommand, api: EngineApi): Promise<RunCommand> {
  const target = command.recipe.target;
  if (target.kind !== 'lab') return command;
  const userGave = (flags: string[]) => argv.some((a) => flags.some((f) => a === f || a.startsWith(f + '=')));
  // An unknown lab has no suggested load; starting the run then says it is unknown (CHK_LAB_NOT_FOUND).
  const lab: Partial<LoadSpec> = (await api.listLabs({})).find((l) => l.name === target.lab)?.recipe.load ?? {};
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

/** How a run is started: startRun with the recipe, or startAttachRun (attach-command.ts). */
type StartRun = (api: EngineApi) => Promise<RunStarted>;

export async function runCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  const wantsJson = argv.includes('--json');

  let command: RunCommand;
  let engine: InProcessEngine | undefined;
  try {
    command = parseRunArgs(argv);
    if (command.ab) return (await import('./ab-command.js')).abCommand(command, io);
    engine = openInProcessEngine(command.outDir ? { sessionsDir: command.outDir } : {});
    command = await withLabLoad(argv, command, engine.api);
  } catch (err) {
    return failWith(err, wantsJson, io);
  }
  // What will be sent is shown before anything is: on stdout for --dry-run (which stops there), on stderr otherwise.
  const preview = command.har || command.dryRun || command.recipe.load.journeys ? loadPreview(command.recipe, command.har?.imported, command.har?.name) : undefined;
  if (command.dryRun) {
    if (command.json) io.stdout(JSON.stringify({ dryRun: true, load: redactRecipe(command.recipe).load, ...(command.har ? { recording: { origin: command.har.imported.origin, requests: command.har.imported.steps.length, skipped: command.har.imported.skipped, droppedCredentials: command.har.imported.droppedCredentials } } : {}) }, null, 2) + '\n');
    else io.stdout(preview ?? '');
    return 0;
  }
  if (preview && !command.json) io.stderr(preview);
  if (command.ramp) return rampCommand(command, io, engine);
  const recipe = command.recipe;
  return followRun(command, io, (api) => api.startRun({ recipe }), engine);
}

/** One run from start to report: live progress on stderr, Ctrl-C stops and saves, the report (or JSON) on stdout. */
export async function followRun(command: RunCommand, io: CliIo, start: StartRun, engine = openInProcessEngine(command.outDir ? { sessionsDir: command.outDir } : {}), attached = false): Promise<number> {
  const wantsJson = command.json;
  const api = engine.api;
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
      engine.killAllSync();
      process.exit(130);
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  process.on('exit', engine.killAllSync);

  try {
    const outcome = await followRunToEnd(api, () => start(api));
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

/** --ramp: the stepped ramp through the engine, each step on stderr as it is measured, the table and verdict after. */
async function rampCommand(command: RunCommand, io: CliIo, engine: InProcessEngine): Promise<number> {
  const api = engine.api;
  api.onEvent((e) => {
    if (e.type === 'ramp-step' && !command.json) io.stderr(rampStepLine(e.step));
  });
  const onSignal = () => void engine.stopAll();
  process.on('SIGINT', onSignal);
  process.on('exit', engine.killAllSync);
  try {
    const result = await api.rampLoad({ recipe: command.recipe, ramp: command.ramp });
    io.stdout(command.json ? JSON.stringify({ ramp: result }, null, 2) + '\n' : rampReport(result));
    return 0;
  } catch (err) {
    return failWith(err, command.json, io);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('exit', engine.killAllSync);
  }
}
