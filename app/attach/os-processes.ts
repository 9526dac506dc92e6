// What the operating system says about a process we may attach to: is it there, is it ours to signal, is it node,
// its command line, and which TCP ports it listens on. Linux reads /proc; macOS asks `ps` and `lsof` (written to their
// documented output, not tested on a Mac here); Windows is refused (attach-platform.ts).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { basename } from 'node:path';
import { CheckupError } from '../errors.js';

export interface ListeningSocket {
  port: number;
  /** The local address as the OS shows it: 127.0.0.1, 0.0.0.0, ::, ::1, ... */
  address: string;
}

/** The same rule as a command after `checkup run --`: node, nodejs, node22, node-20 ... */
const NODE_PROGRAM = /^node(js)?[\d.-]*(\.exe)?$/i;

export function isNodeProgram(path: string): boolean {
  return NODE_PROGRAM.test(basename(path.replace(/ \(deleted\)$/, '')));
}

/** CHK_ATTACH_NO_PROCESS or CHK_ATTACH_NOT_PERMITTED unless `pid` is a live process we may signal. */
export function assertSignalable(pid: number): void {
  try {
    process.kill(pid, 0);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EPERM') throw new CheckupError('CHK_ATTACH_NOT_PERMITTED', { pid });
    throw new CheckupError('CHK_ATTACH_NO_PROCESS', { pid });
  }
}

/** The executable the process runs (Linux: /proc/<pid>/exe; macOS: ps's comm, the full path). */
export function programOf(pid: number): string {
  try {
    if (process.platform === 'linux') return readlinkSync(`/proc/${pid}/exe`).replace(/ \(deleted\)$/, '');
    return execFileSync('ps', ['-p', String(pid), '-o', 'comm='], { encoding: 'utf8' }).trim();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') throw new CheckupError('CHK_ATTACH_NOT_PERMITTED', { pid });
    throw new CheckupError('CHK_ATTACH_NO_PROCESS', { pid });
  }
}

/** The process's arguments as the OS has them (process.title can change what shows here). */
export function commandLineOf(pid: number): string[] {
  try {
    if (process.platform === 'linux') return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter((a, i, all) => a !== '' || i < all.length - 1);
    // macOS: one string; arguments with spaces cannot be told apart here, which is good enough for showing it.
    return execFileSync('ps', ['-p', String(pid), '-o', 'args='], { encoding: 'utf8' }).trim().split(/\s+/);
  } catch {
    return [];
  }
}

/** TCP sockets the process listens on, lowest port first. */
export function listeningSockets(pid: number): ListeningSocket[] {
  const found = process.platform === 'linux' ? linuxListening(pid) : lsofListening(pid);
  const seen = new Set<string>();
  return found.filter((s) => !seen.has(`${s.address}:${s.port}`) && seen.add(`${s.address}:${s.port}`)).sort((a, b) => a.port - b.port);
}

/** Socket inodes among /proc/<pid>/fd, matched against the listening (state 0A) lines of its net/tcp and net/tcp6. */
function linuxListening(pid: number): ListeningSocket[] {
  const inodes = new Set<string>();
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
  for (const fd of fds) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      // closed meanwhile
    }
  }
  const out: ListeningSocket[] = [];
  for (const table of ['tcp', 'tcp6']) {
    let text: string;
    try {
      text = readFileSync(`/proc/${pid}/net/${table}`, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || f[3] !== '0A' || !inodes.has(f[9]!)) continue;
      const [hex, portHex] = f[1]!.split(':');
      out.push({ port: parseInt(portHex!, 16), address: procAddress(hex!) });
    }
  }
  return out;
}

/** /proc/net/tcp writes addresses as host-order 32-bit words in hex. */
function procAddress(hex: string): string {
  const words = hex.match(/.{8}/g) ?? [];
  const bytes = words.flatMap((w) => (w.match(/../g) ?? []).reverse().map((b) => parseInt(b, 16)));
  if (bytes.length === 4) return bytes.join('.');
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 255 && bytes[11] === 255) return bytes.slice(12).join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  return groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::');
}

/** macOS (and other Unixes with lsof): `lsof -F n` prints one `n<address>:<port>` line per socket. */
function lsofListening(pid: number): ListeningSocket[] {
  let text: string;
  try {
    text = execFileSync('lsof', ['-nP', '-a', '-p', String(pid), '-iTCP', '-sTCP:LISTEN', '-Fn'], { encoding: 'utf8' });
  } catch {
    return [];
  }
  const out: ListeningSocket[] = [];
  for (const line of text.split('\n')) {
    const m = /^n(.*):(\d+)$/.exec(line);
    if (m) out.push({ port: Number(m[2]), address: m[1]!.replace(/^\[|\]$/g, '').replace(/^\*$/, '0.0.0.0') });
  }
  return out;
}

/** Every process id we can see, for the list of Node processes. */
export function allPids(): number[] {
  if (process.platform === 'linux') {
    try {
      return readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number);
    } catch {
      return [];
    }
  }
  try {
    return execFileSync('ps', ['-axo', 'pid='], { encoding: 'utf8' }).split('\n').map((l) => Number(l.trim())).filter((n) => Number.isInteger(n) && n > 0);
  } catch {
    return [];
  }
}

/** The parent of a process (Linux: /proc/<pid>/stat field 4; elsewhere ps). */
export function parentOf(pid: number): number | undefined {
  try {
    if (process.platform === 'linux') {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return Number.isInteger(ppid) ? ppid : undefined;
    }
    const ppid = Number(execFileSync('ps', ['-p', String(pid), '-o', 'ppid='], { encoding: 'utf8' }).trim());
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether any process on this machine listens on TCP `port` (Linux: this network namespace's tables; elsewhere unknown). */
export function portListened(port: number): boolean | undefined {
  if (process.platform !== 'linux') return undefined;
  for (const table of ['tcp', 'tcp6']) {
    let text: string;
    try {
      text = readFileSync(`/proc/net/${table}`, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length >= 10 && f[3] === '0A' && parseInt(f[1]!.split(':')[1] ?? '', 16) === port) return true;
    }
  }
  return false;
}

/**
 * The last lines the process wrote to its stderr, when that is a file we may read (an app started with
 * `2> app.log`, a service manager's log file); a terminal or a pipe cannot be read back, so undefined.
 */
export function stderrTail(pid: number, bytes = 8192): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const path = readlinkSync(`/proc/${pid}/fd/2`);
    if (!path.startsWith('/') || path.startsWith('/dev/')) return undefined;
    const text = readFileSync(path, 'utf8');
    return text.slice(-bytes);
  } catch {
    return undefined;
  }
}
