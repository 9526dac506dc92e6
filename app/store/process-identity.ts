// Which process wrote a session. A pid alone is not an identity: after the writer dies the system may give its pid to
// another process, and a dead run would then look alive. The pid is kept together with the process's start time,
// and a process with that pid but another start time is not the writer.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * When a process started, as an opaque text to compare for equality, or undefined where it cannot be read.
 * Linux: field 22 of /proc/<pid>/stat (clock ticks since boot; the name in field 2 may hold spaces and brackets, so
 * fields are counted after its closing bracket). macOS and the BSDs: `ps -o lstart=` (to the second). Windows: none,
 * so there the pid alone decides, as before.
 */
export function processStartTime(pid: number): string | undefined {
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  try {
    if (process.platform === 'linux') {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the name, field 3 (state) is at index 0, so field 22 is at index 19.
      return fields[19] || undefined;
    }
    if (process.platform === 'win32') return undefined;
    return execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 2000 }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** True while some process has this pid (EPERM: it exists but belongs to another user). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True while the process that was `pid`, started at `startTime` (when recorded), is still running. */
export function isSameProcessAlive(pid: number, startTime: string | undefined): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0 || !pidAlive(pid)) return false;
  if (startTime === undefined) return true;
  const now = processStartTime(pid);
  // Unreadable now (another user's process on a locked-down /proc): the pid is all we know.
  return now === undefined || now === startTime;
}
