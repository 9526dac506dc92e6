// `checkup attach <pid | host:port | ws://URL> [load options] [--json]`: the checkup of `checkup run` on a process that
// is already running, left running afterwards; `checkup attach --list`: the Node processes one may attach to.
import { CheckupError } from '../errors.js';
import { openInProcessEngine } from '../rpc/in-process.js';
import { failWith, processIo, type CliIo } from './io.js';
import { followRun } from './run-command.js';
import { parseRunArgs, type RunCommand } from './run-options.js';
import { printable } from './terminal.js';

/** Options of `checkup run` that launch or relaunch the app: they mean nothing for a process already running. */
const LAUNCH_ONLY = ['--demo', '--fixed', '--ab', '--against', '--pairs', '--ab-exclude', '--repeat', '--cwd', '--node', '-e', '--env', '--ready-timeout'];

/**
 * The load, profile and output options are `checkup run`'s, parsed by its own parser; the command it wants after
 * `--` is a stand-in that is never launched (the engine puts the attached process's own command in the recipe).
 */
export function parseAttachArgs(argv: string[]): { to: string; command: RunCommand } {
  const launchOnly = argv.find((a) => LAUNCH_ONLY.some((f) => a === f || a.startsWith(f + '=')));
  if (launchOnly) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `${launchOnly.split('=')[0]} is for launching an app (checkup run); attach uses the process as it runs` });
  if (argv.includes('--')) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: 'attach takes no command after --: give the pid, host:port or ws:// URL of the running app' });
  const positional = argv.findIndex((a, i) => !a.startsWith('-') && !takesValue(argv[i - 1]));
  if (positional < 0) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: 'give the pid, the host:port of its inspector or its ws:// URL, e.g. `checkup attach 12345` (`checkup attach --list` shows them)' });
  const options = argv.filter((_, i) => i !== positional);
  return { to: argv[positional]!, command: parseRunArgs([...options, '--', 'node', 'attached-process.js']) };
}

/** Options of `checkup run` that take a value (the next word, when not written --name=value). */
function takesValue(previous: string | undefined): boolean {
  return previous !== undefined && /^(-[cdapmHb]|--(connections|duration|amount|pipelining|method|header|body|path|rate|warmup|timeout|host|port|interval|sample-interval|note|out|baseline))$/.test(previous);
}

async function listCommand(json: boolean, io: CliIo): Promise<number> {
  const engine = openInProcessEngine();
  const processes = await engine.api.listRunningApps({});
  if (json) {
    io.stdout(JSON.stringify({ processes }, null, 2) + '\n');
    return 0;
  }
  if (!processes.length) io.stdout('No Node.js processes of yours are running (Checkup\'s own are not listed).\n');
  for (const p of processes) io.stdout(`${String(p.pid).padStart(7)}  ${(p.ports.length ? 'ports ' + p.ports.join(', ') : 'no port').padEnd(18)} ${printable(p.command.join(' '))}\n`);
  return 0;
}

export async function attachCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  const json = argv.includes('--json');
  try {
    if (argv.includes('--list')) return await listCommand(json, io);
    const { to, command } = parseAttachArgs(argv);
    const { target: _launchStandIn, ...recipe } = command.recipe;
    return await followRun(command, io, (api) => api.startAttachRun({ to, recipe }), undefined, true);
  } catch (err) {
    return failWith(err, json, io);
  }
}
