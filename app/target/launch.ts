// Starting a target: check the spec, open the side channel, spawn with the probe preloaded through NODE_OPTIONS.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { CheckupError } from '../errors.js';
import { probePath } from '../paths.js';
import { buildLaunchCommand, type LaunchSpec } from './launch-command.js';
import { ProbeChannel } from './probe-channel.js';
import { Target, type LaunchOptions } from './target.js';
import { buildTargetEnv } from './target-env.js';
import { TreeGuard } from './tree-guard.js';
import { TREE_MARK_VAR } from './tree-members.js';

/** How long the guard lets the tree go on SIGTERM before SIGKILL, when the engine died. */
const GUARD_GRACE_MS = 2000;

/** Check the spec, open the side channel and start the target with the probe preloaded. */
export async function launchTarget(spec: LaunchSpec, options: LaunchOptions = {}): Promise<Target> {
  const command = buildLaunchCommand(spec, options.node);
  const probeFile = options.probeFile ?? probePath;
  if (!existsSync(probeFile)) throw new CheckupError('CHK_PROBE_FAILED', { detail: `the probe file ${probeFile} is missing` });
  const channel = await ProbeChannel.open();
  const mark = randomBytes(12).toString('hex');
  let child: ChildProcess;
  let guard: TreeGuard | undefined;
  try {
    const env = buildTargetEnv(process.env, spec.env, {
      channelPath: channel.path,
      token: channel.token,
      intervalMs: options.sampleIntervalMs ?? 250,
      probeFile,
      nodeBinary: command.node,
      npm: spec.kind === 'npm',
    });
    env[TREE_MARK_VAR] = mark;
    guard = TreeGuard.start(command.node, mark, GUARD_GRACE_MS);
    child = spawn(command.file, command.args, {
      cwd: command.cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Own process group on POSIX, so shutdown reaches npm's shell, the app and the app's children alike, and a
      // Ctrl-C in the terminal reaches only us (we decide how the target goes down).
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
    if (child.pid !== undefined) guard?.watch(child.pid);
  } catch (err) {
    guard?.release();
    channel.closeSync();
    if (err instanceof CheckupError) throw err;
    throw new CheckupError('CHK_NODE_NOT_FOUND', { detail: `${command.file}: ${(err as Error).message}` }, { cause: err });
  }
  child.on('error', () => {});
  return new Target(child, channel, command, options, { leader: child.pid ?? 0, mark }, guard);
}
