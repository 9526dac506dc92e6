// `checkup startup [--runs N] [--json] [--cwd DIR] [--node NODE] -- node app.js` (or `-- npm run x`, or `--demo [lab]
// [--fixed]` for a bundled sample app): the start-up checkup from the command line, a client of the engine like the
// other faces.
import type { RecipeInput } from '../contract/recipe.js';
import type { StartupResult } from '../contract/startup.js';
import { CheckupError } from '../errors.js';
import { followRunToEnd } from '../contract/follow-run.js';
import { RemoteError } from '../contract/rpc.js';
import { openInProcessEngine } from '../rpc/in-process.js';
import type { EngineApi } from '../contract/api.js';
import { failWith, processIo, type CliIo } from './io.js';
import { humanStartup, jsonStartup } from './startup-report.js';
import { printable } from './terminal.js';
import { targetFromCommand, withNodeOption } from './target-command.js';
import { keyValues, parseCommandLine } from './command-line.js';

type TargetInput = RecipeInput['target'];

const options = {
  runs: { type: 'string' },
  json: { type: 'boolean' },
  cwd: { type: 'string' },
  node: { type: 'string' },
  out: { type: 'string' },
  env: { type: 'string', short: 'e', multiple: true },
  timeout: { type: 'string' },
  'no-compile-cache': { type: 'boolean' },
  demo: { type: 'boolean' },
  fixed: { type: 'boolean' },
} as const;

/** The start-up lab `--demo` runs when no lab is named. */
const DEMO_LAB = 'slow-startup';

function positiveInt(name: string, value: string, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `--${name} must be a whole number from 1 to ${max}, not "${value}"` });
  return n;
}

export async function startupCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  const json = argv.slice(0, argv.includes('--') ? argv.indexOf('--') : argv.length).includes('--json');
  let engine: EngineApi | undefined;
  let runId: string | undefined;
  const onSigint = () => void (runId && engine?.stopRun({ runId }).catch(() => {}));
  try {
    const { values: v, positionals, command } = parseCommandLine(argv, options);
    if (positionals.length && !v.demo) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `unexpected "${positionals[0]}": put the app's command after --` });
    if (v.fixed && !v.demo) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--fixed goes with --demo (the repaired variant of a sample app)' });
    if (v.demo && command.length) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--demo starts a bundled sample; do not give a command after --' });
    if (!v.demo && !command.length) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: 'give the app\'s command after --: `checkup startup -- node app.js` or `-- npm run start`' });
    const env = keyValues(v.env, '=', '--env');
    let target: TargetInput = v.demo
      ? { kind: 'lab', lab: positionals[0] ?? DEMO_LAB, variant: v.fixed ? 'fixed' : 'slow', env }
      : targetFromCommand(command, v.cwd ?? process.cwd(), env);
    target = withNodeOption(target, v.node, process.cwd());
    const api = openInProcessEngine(v.out !== undefined ? { sessionsDir: v.out } : {}).api;
    engine = api;
    if (!json) api.onEvent((e) => e.type === 'run-phase' && e.message && io.stderr(`  ${printable(e.message)}
`));
    const params = {
      target,
      ...(v.runs !== undefined ? { runs: positiveInt('runs', v.runs, 50) } : {}),
      ...(v.timeout !== undefined ? { timeoutSec: positiveInt('timeout', v.timeout, 600) } : {}),
      ...(v['no-compile-cache'] ? { compileCache: false } : {}),
    };
    const outcome = await followRunToEnd(api, async () => {
      const started = await api.startStartup(params);
      runId = started.runId;
      process.once('SIGINT', onSigint);
      return started;
    });
    if (outcome.error) throw new RemoteError(outcome.error);
    const result = (await api.getStartup({ id: outcome.sessionId })).startup as StartupResult;
    io.stdout(json ? JSON.stringify(jsonStartup(outcome.sessionId, outcome.sessionDir, result), null, 2) + '\n' : humanStartup(outcome.sessionDir, result));
    return 0;
  } catch (err) {
    return failWith(err, json, io);
  } finally {
    process.off('SIGINT', onSigint);
  }
}
