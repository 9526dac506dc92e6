// The local Node processes a user may attach to, from the OS: pid, command line, listening ports. Our own processes
// (this engine, the CLI or app hosting it, what it launched) are left out: attaching to them would measure Checkup.
import type { NodeProcessInfo } from '../contract/api.js';
import { allPids, commandLineOf, isNodeProgram, listeningSockets, parentOf, programOf } from './os-processes.js';
import { attachSupported } from './attach-platform.js';

/** The chain of our own ancestors: the CLI, npm, the desktop app that hosts this engine. */
function ourAncestors(): Set<number> {
  const out = new Set<number>([process.pid]);
  let pid: number | undefined = process.ppid;
  while (pid && pid > 1 && !out.has(pid)) {
    out.add(pid);
    pid = parentOf(pid);
  }
  return out;
}

export function listNodeProcesses(): NodeProcessInfo[] {
  if (!attachSupported()) return [];
  const ours = ourAncestors();
  const out: NodeProcessInfo[] = [];
  for (const pid of allPids()) {
    if (ours.has(pid) || parentOf(pid) === process.pid) continue;
    let program: string;
    try {
      process.kill(pid, 0);
      program = programOf(pid);
    } catch {
      continue; // gone, or another user's: not ours to attach to
    }
    if (!isNodeProgram(program)) continue;
    const command = commandLineOf(pid);
    // Checkup's own CLI and servers (another window's engine, browser mode): attaching would measure Checkup.
    if (command.slice(1, 3).some((a) => /(^|[\\/])(bin[\\/]checkup(\.js)?|checkup)$/.test(a))) continue;
    out.push({ pid, program, command, ports: listeningSockets(pid).map((s) => s.port) });
  }
  // Servers first (what can be loaded), then by pid.
  return out.sort((a, b) => Number(b.ports.length > 0) - Number(a.ports.length > 0) || a.pid - b.pid);
}
