// The CPU of the database servers the app talked to, when they run on this machine (Linux). A query that reads a
// whole table to return two rows costs the server, not the app: seen from the app it is only a wait, as long as any
// other. The probe says which loopback ports the app's database connections went to; this finds the server behind
// each port and reads its CPU at the start and the end of the measured window:
// - the process listening on the port, found through /proc/<pid>/fd (readable for the user's own processes, or as
//   root), with its children (PostgreSQL serves each connection from a process of its own); the listener's counters
//   of reaped children count the backends that ended within the window;
// - where the listener's descriptors are not readable (a server run as its own system user), every process of the
//   user that owns the listening socket, when that user is neither root nor the user running Checkup.
// Nothing is sent to the server and nothing runs: only /proc is read. Anywhere else, or on any failure, nothing.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import type { DbSystem } from '../contract/db-metrics.js';
import type { DatabaseServerCpu } from '../contract/metrics.js';
import type { ProbeSample } from '../contract/metrics.js';
import { statFields } from '../target/proc-stat.js';

/** Linux's USER_HZ: /proc/<pid>/stat's CPU times are in these ticks on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;
const LISTEN = '0A';

export interface ServerProcesses {
  system: DbSystem;
  port: number;
  found: DatabaseServerCpu['found'];
  /** The listener, or undefined when found by owner. */
  listener?: number;
  uid: number;
}

export interface ServerCpuSnapshot {
  at: number;
  /** port -> CPU ms of the server's processes so far. */
  cpuMs: Map<number, { ms: number; processes: number }>;
}

/** The systems and loopback ports the app's database connections went to, from its probe's windows. */
export function loopbackServers(samples: readonly ProbeSample[]): Array<{ system: DbSystem; port: number }> {
  const seen = new Map<number, DbSystem>();
  for (const s of samples) for (const c of s.db?.connections ?? []) for (const port of c.loopbackPorts ?? []) if (!seen.has(port)) seen.set(port, c.system);
  return [...seen].map(([port, system]) => ({ system, port }));
}

function listeningSocket(port: number): { inode: string; uid: number } | undefined {
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'latin1');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || f[3] !== LISTEN) continue;
      const localPort = parseInt(f[1]!.split(':')[1] ?? '', 16);
      if (localPort === port) return { inode: f[9]!, uid: Number(f[7]) };
    }
  }
  return undefined;
}

const pids = (): number[] => readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);

function holdsSocket(pid: number, inode: string): boolean | undefined {
  const target = `socket:[${inode}]`;
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === target;
      } catch {
        return false;
      }
    });
  } catch {
    return undefined;
  }
}

/** The process behind each port, as this user may see it; the ports it cannot place are left out. */
export function findServers(servers: ReadonlyArray<{ system: DbSystem; port: number }>): ServerProcesses[] {
  if (process.platform !== 'linux' || !servers.length) return [];
  const me = process.getuid?.() ?? -1;
  const out: ServerProcesses[] = [];
  for (const { system, port } of servers) {
    try {
      const socket = listeningSocket(port);
      if (!socket) continue;
      // Only the processes of the socket's owner can hold it: their descriptors alone are read.
      const listener = pids().find((pid) => ownerOf(pid) === socket.uid && holdsSocket(pid, socket.inode));
      if (listener !== undefined) out.push({ system, port, found: 'listener', listener, uid: socket.uid });
      else if (socket.uid !== 0 && socket.uid !== me) out.push({ system, port, found: 'owner', uid: socket.uid });
    } catch {
      // /proc unreadable: no figure for this server.
    }
  }
  return out;
}

interface Stat {
  pid: number;
  ppid: number;
  ownMs: number;
  reapedMs: number;
}

function readStat(pid: number): Stat | undefined {
  const f = statFields(pid);
  if (!f) return undefined;
  const ticks = (i: number) => Number(f[i]) || 0;
  // utime, stime, then cutime, cstime (fields 14-17 of proc(5)).
  return { pid, ppid: ticks(1), ownMs: ((ticks(11) + ticks(12)) * 1000) / TICKS_PER_SECOND, reapedMs: ((ticks(13) + ticks(14)) * 1000) / TICKS_PER_SECOND };
}

function ownerOf(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'latin1').split('\n').find((l) => l.startsWith('Uid:'));
    return line ? Number(line.split(/\s+/)[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** The CPU the server's processes used so far, ms: the listener and its descendants, or every process of the owner. */
function serverCpuMs(server: ServerProcesses, stats: Stat[]): { ms: number; processes: number } {
  let chosen: Stat[];
  if (server.listener !== undefined) {
    const family = new Set([server.listener]);
    // Descendants in any order of the pid list: repeat until no new child joins.
    for (let grew = true; grew; ) {
      grew = false;
      for (const s of stats) {
        if (family.has(s.pid) || !family.has(s.ppid)) continue;
        family.add(s.pid);
        grew = true;
      }
    }
    chosen = stats.filter((s) => family.has(s.pid));
  } else chosen = stats.filter((s) => ownerOf(s.pid) === server.uid);
  // A process's reaped children are in its counters once it has waited for them; its live ones are in their own.
  return { ms: chosen.reduce((n, s) => n + s.ownMs + s.reapedMs, 0), processes: chosen.length };
}

export function serverCpuSnapshot(servers: readonly ServerProcesses[]): ServerCpuSnapshot | undefined {
  if (!servers.length) return undefined;
  try {
    const stats = pids().map(readStat).filter((s): s is Stat => s !== undefined);
    return { at: Date.now(), cpuMs: new Map(servers.map((s) => [s.port, serverCpuMs(s, stats)])) };
  } catch {
    return undefined;
  }
}

/** Each server's CPU between two snapshots, in cores' worth; a span under a second (10 ms ticks) says too little. */
export function serverCpu(servers: readonly ServerProcesses[], start: ServerCpuSnapshot, end: ServerCpuSnapshot): DatabaseServerCpu[] {
  const wallMs = end.at - start.at;
  if (wallMs < 1000) return [];
  return servers.flatMap((s) => {
    const a = start.cpuMs.get(s.port);
    const b = end.cpuMs.get(s.port);
    if (!a || !b || b.processes === 0) return [];
    return [{ system: s.system, port: s.port, found: s.found, processes: b.processes, cores: Math.round((Math.max(0, b.ms - a.ms) / wallMs) * 1000) / 1000 }];
  });
}

/** Reads the servers' CPU now (the measured window's start); the function returned reads it again and says what they used. */
export function startServerWatch(samples: readonly ProbeSample[]): () => DatabaseServerCpu[] {
  const found = findServers(loopbackServers(samples));
  const start = serverCpuSnapshot(found);
  return () => {
    const end = start && serverCpuSnapshot(found);
    return start && end ? serverCpu(found, start, end) : [];
  };
}
