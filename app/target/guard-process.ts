// A guard: a small process of ours, run by a plain Node, that acts when the engine dies however it dies (kill -9
// included), because the pipe it holds from the engine closes with it. The tree guard (supervisor.ts) and the
// inspector guard (attach/inspector-guard-process.ts) are both started this way.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { compiledEntry } from '../paths.js';

/** Starts `entry` (a path under out/, without .js) on `node` with its stdin a pipe from us; undefined if it cannot. */
export function startGuardProcess(node: string, entry: string, args: string[]): ChildProcess | undefined {
  const env = { ...process.env };
  // The user's NODE_OPTIONS are for their app, not for our guard.
  for (const key of Object.keys(env)) if (key.toUpperCase() === 'NODE_OPTIONS' || key.startsWith('CHECKUP_')) delete env[key];
  let child: ChildProcess;
  try {
    child = spawn(node, [compiledEntry(entry), ...args], {
      stdio: ['pipe', 'ignore', 'ignore'],
      env,
      // Its own group and session: a Ctrl-C or a hang-up meant for us does not reach it.
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
  } catch {
    return undefined;
  }
  child.on('error', () => {});
  child.stdin?.on('error', () => {});
  // Neither the process nor its pipe may keep the engine alive.
  child.unref();
  (child.stdin as unknown as Socket | null)?.unref?.();
  return child;
}
