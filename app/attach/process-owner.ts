// Whether a process may be sent SIGUSR1 at all: it is the user's own (by uid, not by what kill() allows: as root
// kill() allows anything), and it really runs Node.js (by what its executable holds, not by its name: any program can
// be called `node`, and SIGUSR1's default action ends a program that does not handle it).
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { CheckupError } from '../errors.js';

/** Written by Node's inspector when it opens (src/inspector_socket_server.cc); in node or in its libnode. */
const NODE_MARKER = Buffer.from('Debugger listening on ');
const CHUNK = 4 * 1024 * 1024;
const verdicts = new Map<string, boolean>();

/** The real uid of a process (Linux /proc/PID/status); undefined when it cannot be read. */
function ownerOf(pid: number): number | undefined {
  try {
    const m = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** CHK_ATTACH_NOT_PERMITTED unless the process belongs to the user running Checkup (Linux; elsewhere kill() decides). */
export function assertOwnProcess(pid: number): void {
  if (process.platform !== 'linux' || typeof process.getuid !== 'function') return;
  const owner = ownerOf(pid);
  if (owner === undefined) throw new CheckupError('CHK_ATTACH_NO_PROCESS', { pid });
  if (owner !== process.getuid()) throw new CheckupError('CHK_ATTACH_NOT_PERMITTED', { pid });
}

function fileHolds(path: string, marker: Buffer): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false;
  }
  try {
    const buffer = Buffer.alloc(CHUNK + marker.length);
    let carried = 0;
    for (;;) {
      const read = readSync(fd, buffer, carried, CHUNK, null);
      if (read === 0) return false;
      const filled = carried + read;
      if (buffer.subarray(0, filled).indexOf(marker) >= 0) return true;
      carried = Math.min(marker.length - 1, filled);
      buffer.copyWithin(0, filled - carried, filled);
    }
  } finally {
    closeSync(fd);
  }
}

/** Whether the executable or a library it mapped is Node's (checked once per file version). */
function isNodeBinary(path: string): boolean {
  let key: string;
  try {
    const s = statSync(path);
    key = `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return false;
  }
  let verdict = verdicts.get(key);
  if (verdict === undefined) verdicts.set(key, (verdict = fileHolds(path, NODE_MARKER)));
  return verdict;
}

/**
 * Linux: the process's executable, or a libnode it mapped (Debian's node is a small program over libnode.so), holds
 * Node's inspector. Read through /proc/PID/exe and the mapped file, so a program renamed `node` is told apart. Other
 * systems: true (the caller's name check stands).
 */
export function runsNode(pid: number): boolean {
  if (process.platform !== 'linux') return true;
  if (isNodeBinary(`/proc/${pid}/exe`)) return true;
  let maps: string;
  try {
    maps = readFileSync(`/proc/${pid}/maps`, 'utf8');
  } catch {
    return false;
  }
  const libs = new Set(maps.split('\n').map((l) => l.slice(l.indexOf('/'))).filter((p) => /\/libnode\.so[\d.]*$/.test(p)));
  return [...libs].some((lib) => isNodeBinary(lib));
}
