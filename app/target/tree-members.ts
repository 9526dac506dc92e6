// Which processes belong to a launched target's tree. The target is spawned detached, so on POSIX it leads a new
// session and process group (setsid), and everything it starts shares them, unless a process leaves: a grandchild
// spawned `detached` makes its own session. So on Linux a member is any process that is
//   - in the leader's process group or session,
//   - or carries the launch's mark in its environment (TREE_MARK_VAR, inherited by every descendant that was not
//     given a fresh environment: it survives setsid and re-parenting to init, which a parent chain does not),
//   - or descends (by parent pid) from a member, for a child started with a clean environment while its parent lives.
// Elsewhere only the group is known: macOS has no /proc (a detached grandchild there escapes the group kill), and
// Windows walks the tree with taskkill /T (process-tree.ts); job objects would hold a whole tree but are out of reach
// from Node without a native module.
import { readFileSync, readdirSync } from 'node:fs';
import { statFields } from './proc-stat.js';

/** The environment variable that marks a target's processes; its value is random per launch. */
export const TREE_MARK_VAR = 'CHECKUP_TREE';

export interface TargetTree {
  /** pid of the launched process: leader of its process group and session (0 before it exists). */
  leader: number;
  /** The value of TREE_MARK_VAR in this launch's environment. */
  mark?: string;
}

interface ProcStat {
  pid: number;
  ppid: number;
  pgid: number;
  sid: number;
  state: string;
  /** When it started, in clock ticks since boot (field 22 of proc(5)). */
  started: number;
}

function readStat(pid: number): ProcStat | undefined {
  const fields = statFields(pid);
  return fields && { pid, state: fields[0] ?? '?', ppid: Number(fields[1]), pgid: Number(fields[2]), sid: Number(fields[3]), started: Number(fields[19]) };
}

/**
 * When each tree's leader started, once seen alive. Only a process started since then can carry the launch's mark,
 * so only those have their environment read: reading every process's took 20-70 ms a scan (116 processes, load 10),
 * and a shutdown scans two or three times (bench/results/run-phases-s20.txt).
 */
const leaderStarted = new WeakMap<TargetTree, number>();

function carriesMark(pid: number, needle: Buffer): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`).includes(needle);
  } catch {
    return false; // gone, or another user's process
  }
}

function allStats(): ProcStat[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const out: ProcStat[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat) out.push(stat);
  }
  return out;
}

/**
 * Live (non-zombie) members of the tree, Linux only (an empty list elsewhere). Never this process, its ancestors
 * or pid 1: a mark inherited from an outer run, say, must not make us kill ourselves.
 */
export function linuxTreeMembers(tree: TargetTree): ProcStat[] {
  if (process.platform !== 'linux') return [];
  const stats = allStats();
  const needle = tree.mark ? Buffer.from(`${TREE_MARK_VAR}=${tree.mark}\0`) : undefined;
  const spared = new Set<number>([0, 1, process.pid, process.ppid]);
  const members = new Map<number, ProcStat>();
  const leader = stats.find((s) => s.pid === tree.leader && tree.leader > 0);
  if (leader && !leaderStarted.has(tree)) leaderStarted.set(tree, leader.started);
  const since = leaderStarted.get(tree) ?? 0;
  for (const s of stats) {
    if (spared.has(s.pid) || s.state === 'Z' || s.state === 'X') continue;
    const inGroup = tree.leader > 0 && (s.pgid === tree.leader || s.sid === tree.leader || s.pid === tree.leader);
    if (inGroup || (needle && !(s.started < since) && carriesMark(s.pid, needle))) members.set(s.pid, s);
  }
  // Descendants of members, by parent pid, until no more are found.
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of stats) {
      if (members.has(s.pid) || spared.has(s.pid) || s.state === 'Z' || s.state === 'X') continue;
      if (members.has(s.ppid)) {
        members.set(s.pid, s);
        grew = true;
      }
    }
  }
  return [...members.values()];
}
