// Which probed process is the app: the one whose samples, inspector and server the run follows. Each probed process
// reports over a socket of its own, so the engine may hear a cluster worker before its primary (its hello, or its
// 'listening' in round-robin scheduling, where the primary opens the port before any worker is told it listens). The
// primary is the app in a cluster: it holds the port; its workers are units of it.
import type { ProbeHello } from './probe-protocol.js';

/** A cluster worker heard before its primary: the primary takes the lead once it says hello (until a server is chosen). */
export function takesTheLead(current: ProbeHello | undefined, incoming: ProbeHello): boolean {
  if (!current) return true;
  return current.role === 'cluster-worker' && current.ppid === incoming.pid && incoming.role !== 'cluster-worker';
}

/**
 * Whose server a 'listening' report is. 'app': take it now. 'wait': a child process's server, or a cluster worker's
 * while its primary (the app process) has not reported its own yet: taken after a grace if the app does not listen.
 */
export function serverClaim(app: ProbeHello | undefined, reporter: ProbeHello | undefined, reporterIsApp: boolean): 'app' | 'wait' {
  if (reporterIsApp || !app) return 'app';
  if (reporter?.role === 'cluster-worker') return reporter.ppid === app.pid ? 'wait' : 'app';
  return 'wait';
}
