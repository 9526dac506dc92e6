// `checkup routes [--json] [--cwd DIR] [--node NODE] [-e NAME=VALUE] [--port N] [--ready-timeout SEC] -- node app.js`
// (or `-- npm run x`, `--lab NAME`, `--demo [lab]`): the routes the app's framework registered, with the file:line
// of each handler. The app is started with the probe, read once it listens, and stopped again.
import type { RecipeInput } from '../contract/recipe.js';
import type { FoundRoutes } from '../contract/routes.js';
import { routeTableWords } from '../contract/words.js';
import { CheckupError } from '../errors.js';
import { openInProcessEngine } from '../rpc/in-process.js';
import { failWith, processIo, type CliIo } from './io.js';
import { relativeLocation } from './routes-report.js';
import { bold, cyan, dim, printableDeep } from './terminal.js';
import { targetFromCommand, withNodeOption } from './target-command.js';
import { keyValues, parseCommandLine } from './command-line.js';

const options = {
  json: { type: 'boolean' },
  cwd: { type: 'string' },
  node: { type: 'string' },
  env: { type: 'string', short: 'e', multiple: true },
  port: { type: 'string' },
  'ready-timeout': { type: 'string' },
  lab: { type: 'string' },
  demo: { type: 'boolean' },
  fixed: { type: 'boolean' },
} as const;

function whole(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `--${name} must be a whole number from ${min} to ${max}, not "${value}"` });
  return n;
}

export function parseRoutesArgs(argv: string[], cwd = process.cwd()): { target: RecipeInput['target']; json: boolean; port?: number; readyTimeoutSec?: number } {
  const { values: v, positionals, command } = parseCommandLine(argv, options);
  const env = keyValues(v.env, '=', '--env');
  const lab = v.lab ?? (v.demo ? (positionals[0] ?? 'blocking') : undefined);
  if (v.lab && v.demo) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: 'give --lab NAME or --demo [NAME], not both' });
  if (lab !== undefined && command.length) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: 'a sample app needs no command after --' });
  if (v.fixed && lab === undefined) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--fixed goes with --lab or --demo (the repaired variant of a sample app)' });
  if (positionals.length && !v.demo) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `unexpected "${positionals[0]}": put the app's command after --` });
  if (lab === undefined && !command.length) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: "give the app's command after --: `checkup routes -- node app.js`, or --lab NAME" });
  let target: RecipeInput['target'] = lab !== undefined ? { kind: 'lab', lab, variant: v.fixed ? 'fixed' : 'slow', env } : targetFromCommand(command, v.cwd ?? cwd, env);
  target = withNodeOption(target, v.node, cwd);
  return {
    target,
    json: Boolean(v.json),
    ...(v.port !== undefined ? { port: whole('port', v.port, 1, 65535) } : {}),
    ...(v['ready-timeout'] !== undefined ? { readyTimeoutSec: whole('ready-timeout', v['ready-timeout'], 1, 600) } : {}),
  };
}

export function humanRoutes(untrusted: FoundRoutes, cwd = process.cwd()): string {
  const found = printableDeep(untrusted);
  const out = ['', `${bold('Routes')} ${dim(`of the app on ${found.url}`)}`, `  ${routeTableWords(found)}`];
  const width = Math.min(12, Math.max(6, ...found.routes.map((r) => r.method.length)));
  const pathWidth = Math.min(48, Math.max(4, ...found.routes.map((r) => r.path.length)));
  for (const r of found.routes) out.push(`  ${r.method.padEnd(width)} ${r.path.padEnd(pathWidth)}  ${r.source ? cyan(relativeLocation(r.source, cwd)) : ''}`.trimEnd());
  out.push('');
  return out.join('\n');
}

export async function routesCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  const json = argv.slice(0, argv.includes('--') ? argv.indexOf('--') : argv.length).includes('--json');
  const engine = openInProcessEngine();
  const onSigint = () => void engine.api.stopFindRoutes({});
  process.once('SIGINT', onSigint);
  process.on('exit', engine.killAllSync);
  try {
    const args = parseRoutesArgs(argv);
    if (!json) io.stderr(dim('starting the app to read its routes…\n', process.stderr));
    const found = await engine.api.findRoutes({ target: args.target, ...(args.port ? { port: args.port } : {}), ...(args.readyTimeoutSec ? { readyTimeoutSec: args.readyTimeoutSec } : {}) });
    if (json) {
      const routes = found.routes.map((r) => ({ method: r.method, path: r.path, source: r.source ?? null }));
      io.stdout(JSON.stringify({ routes, framework: found.framework, version: found.version, url: found.url, ...(found.unknown ? { unknown: found.unknown } : {}), ...(found.truncated ? { truncated: true } : {}) }, null, 2) + '\n');
    } else {
      io.stdout(humanRoutes(found));
    }
    return 0;
  } catch (err) {
    return failWith(err, json, io);
  } finally {
    process.off('SIGINT', onSigint);
    process.off('exit', engine.killAllSync);
  }
}
