// Taking down a whole process tree. On POSIX the target is spawned detached, so it leads its own process group and
// everything it starts (npm's shell, the app, the app's children) shares that group: we signal -pgid. On Windows,
// taskkill /T walks the tree (without /F it asks politely, with /F it forces). On Linux the tree also takes in the
// processes that left the group (tree-members.ts).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { linuxTreeMembers, type TargetTree } from './tree-members.js';

const isWindows = process.platform === 'win32';

/** Send a signal to the whole group; false when nothing was there to receive it. */
function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Is any live (non-zombie) process left in the group? kill(-pgid, 0) also succeeds for zombies, and in a container
 * whose PID 1 does not reap, orphaned zombies stay forever; on Linux we therefore look at /proc for a member that is
 * not a zombie.
 */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (process.platform !== 'linux') return true;
  return linuxGroupMembers(pgid).some((m) => m.state !== 'Z' && m.state !== 'X');
}

interface ProcInfo {
  pid: number;
  ppid: number;
  pgid: number;
  state: string;
}

/** Processes of a group from /proc (Linux only). */
function linuxGroupMembers(pgid: number): ProcInfo[] {
  const out: ProcInfo[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return out;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    const info = readProcStat(Number(name));
    if (info && info.pgid === pgid) out.push(info);
  }
  return out;
}

function readProcStat(pid: number): ProcInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid pgrp ..."; comm may contain spaces and parentheses, so split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, state: fields[0] ?? '?', ppid: Number(fields[1]), pgid: Number(fields[2]) };
  } catch {
    return undefined;
  }
}

/**
 * Signal the whole tree: the group, and on Linux every member that left it. Members are listed before any signal
 * goes out, since a grandchild whose parent dies is re-parented and no longer found by descent.
 */
function signalTree(tree: TargetTree, signal: NodeJS.Signals): void {
  const members = linuxTreeMembers(tree);
  if (tree.leader > 0) signalGroup(tree.leader, signal);
  for (const m of members) {
    try {
      process.kill(m.pid, signal);
    } catch {
      // gone meanwhile
    }
  }
}

/** Is anything of the tree still alive? */
export function treeAlive(tree: TargetTree): boolean {
  if (process.platform === 'linux') return linuxTreeMembers(tree).length > 0;
  return tree.leader > 0 && groupAlive(tree.leader);
}

/** Is this one process alive (and not a zombie)? */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (process.platform !== 'linux') return true;
  const info = readProcStat(pid);
  return info !== undefined && info.state !== 'Z' && info.state !== 'X';
}

function runTaskkill(pid: number, force: boolean): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn('taskkill', ['/pid', String(pid), '/T', ...(force ? ['/F'] : [])], { stdio: 'ignore', windowsHide: true });
    child.on('error', () => resolve());
    child.on('exit', () => resolve());
  });
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function waitUntil(condition: () => boolean, timeoutMs: number, everyMs = 50): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (condition()) return true;
    if (Date.now() >= deadline) return false;
    await sleep(Math.min(everyMs, Math.max(1, deadline - Date.now())));
  }
}

/**
 * Until the tree is gone: the leader's exit first, asked every 10 ms (a flag: a SIGTERMed Node app exits 50-150 ms
 * after the signal, and a 50 ms poll lost 25 ms on average), then the rest of the tree, every 50 ms (a /proc scan).
 */
async function waitUntilGone(tree: TargetTree, leaderGone: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  await waitUntil(leaderGone, timeoutMs, 10);
  return waitUntil(() => leaderGone() && !treeAlive(tree), Math.max(0, deadline - Date.now()));
}

/**
 * Graceful, then forced: SIGTERM the group, wait up to graceMs for it to be gone, then SIGKILL and wait a little
 * more. `leaderGone` tells when the launched process itself has exited (its exit event), which on Windows is all
 * we can observe. Returns whether the kill had to be forced.
 */
export async function killTree(tree: TargetTree, graceMs: number, leaderGone: () => boolean): Promise<{ forced: boolean }> {
  const pid = tree.leader;
  if (isWindows) {
    await runTaskkill(pid, false);
    if (await waitUntil(leaderGone, graceMs)) return { forced: false };
    await runTaskkill(pid, true);
    await waitUntil(leaderGone, 5000);
    return { forced: true };
  }
  const gone = () => leaderGone() && !treeAlive(tree);
  if (gone()) return { forced: false };
  signalTree(tree, 'SIGTERM');
  if (await waitUntilGone(tree, leaderGone, graceMs)) return { forced: false };
  signalTree(tree, 'SIGKILL');
  await waitUntilGone(tree, leaderGone, 5000);
  return { forced: true };
}

/** For exit handlers: no waiting, no grace. */
export function killTreeSync(tree: TargetTree): void {
  if (isWindows) {
    if (tree.leader > 0) spawnSync('taskkill', ['/pid', String(tree.leader), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
    return;
  }
  signalTree(tree, 'SIGKILL');
}
