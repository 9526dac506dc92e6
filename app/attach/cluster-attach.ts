// Attaching into a cluster: the process given holds the port, its Node children (a cluster's workers, forked
// children) serve. Each child's inspector is opened the way the primary's is (SIGUSR1), and each is then moved to a
// port of its own, so that the next one can open; the primary is opened last.
//
// Why this way. A process started without --inspect opens its inspector on SIGUSR1 at its debug port, 9229 unless told
// otherwise, and the workers of a cluster started without flags have no other: the second process signalled finds 9229
// taken and opens nothing ("address already in use"). On Linux and macOS `process._debugProcess(pid)` is that same
// signal, so it does not help. Evaluating in each worker needs its inspector open first. What does work: once an
// inspector is open, the process can reopen it elsewhere (`inspector.close()` then `inspector.open(0, '127.0.0.1')`:
// a free port the OS picks), which we ask of it through the inspector just opened, and 9229 is free for the next one.
// And why the primary last: whenever a cluster primary's inspector opens, Node itself signals every worker to open
// theirs (the primary's NODE_DEBUG_ENABLED handler, lib/internal/cluster/primary.js), all at 9229; opened first, the
// primary would set one worker's inspector racing ours. Opened last, its workers have theirs open already, and the
// signal changes nothing. Nothing of this outlives the attach: every inspector we opened is closed on detach
// (closeInspector), wherever it was moved to.
import { setTimeout as sleep } from 'node:timers/promises';
import { CheckupError } from '../errors.js';
import { InspectorLink } from './inspector-link.js';
import { inspectorUrlAt } from './inspector-list.js';
import { armWatchdog } from './inspector-watchdog.js';
import { closeInspector, openInspector, type OpenInspector, type ProcessFacts } from './open-inspector.js';
import { allPids, assertSignalable, isNodeProgram, listeningSockets, parentOf, programOf } from './os-processes.js';

/** A cluster wider than this is not attached into (each worker costs an inspector, a probe and a profiler). */
const MAX_ATTACHED_CHILDREN = 32;
/** How long a moved inspector has to show on its new port. */
const MOVE_TIMEOUT_MS = 5000;

/** The Node processes whose parent is `pid`, from the OS process table (lowest pid first). */
export function nodeChildrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const candidate of allPids()) {
    if (parentOf(candidate) !== pid) continue;
    try {
      if (isNodeProgram(programOf(candidate))) out.push(candidate);
    } catch {
      // gone meanwhile, or not ours: not a child we can attach to
    }
  }
  return out.sort((a, b) => a - b);
}

/**
 * The inspector we opened moved off its port onto one the OS picks, and a new line to it; one we did not open (the
 * user's) is left where it is. On failure the inspector is closed and the error thrown.
 */
async function moveInspectorAside(opened: OpenInspector): Promise<OpenInspector> {
  if (!opened.openedByUs) return opened;
  const { pid } = opened.facts;
  const before = new Set(listeningSockets(pid).map((s) => s.port));
  try {
    await opened.link.closeThenRun(`i.close(); i.open(0, '127.0.0.1', false);`);
  } catch (err) {
    await closeInspector(opened);
    throw err;
  }
  const deadline = Date.now() + MOVE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    for (const s of listeningSockets(pid)) {
      if (before.has(s.port)) continue;
      const url = await inspectorUrlAt('127.0.0.1', s.port);
      if (!url) continue;
      const link = await InspectorLink.connect(url);
      const facts = await link.evaluate<ProcessFacts>(`({ pid: process.pid })`).catch(() => undefined);
      if (facts?.pid === pid) {
        // The watchdog moved with the process; it is fed over the new line from now on.
        await armWatchdog(link);
        return { ...opened, link, inspectorPort: s.port };
      }
      await link.close();
    }
    await sleep(25);
  }
  await closeAnyInspectorOf(pid);
  throw new CheckupError('CHK_ATTACH_INSPECTOR_NOT_OPENED', { pid, detail: `its inspector did not reopen on a port of its own within ${MOVE_TIMEOUT_MS / 1000} s` });
}

/**
 * Every Node child of `pid`, its inspector open on a port of its own (one at a time through 9229); all or none: a child
 * that cannot be opened closes what was opened and refuses the attach (CHK_ATTACH_WORKER_NOT_OPENED). Only a node
 * process we may signal is looked into; anything else is left to openInspector to refuse, untouched.
 */
export async function openClusterChildren(pid: number, signal?: AbortSignal): Promise<OpenInspector[]> {
  try {
    assertSignalable(pid);
    if (!isNodeProgram(programOf(pid))) return [];
  } catch {
    return [];
  }
  const children = nodeChildrenOf(pid);
  if (children.length > MAX_ATTACHED_CHILDREN) {
    throw new CheckupError('CHK_ATTACH_WORKER_NOT_OPENED', { pid, child: children[MAX_ATTACHED_CHILDREN]!, detail: `it has ${children.length} of them, more than the ${MAX_ATTACHED_CHILDREN} Checkup attaches to at once` });
  }
  const opened: OpenInspector[] = [];
  try {
    for (const child of children) {
      if (signal?.aborted) throw new CheckupError('CHK_CANCELLED');
      let one: OpenInspector;
      try {
        one = await openInspector({ kind: 'pid', pid: child }, signal);
      } catch (err) {
        if (err instanceof CheckupError && err.code === 'CHK_CANCELLED') throw err;
        const detail = err instanceof CheckupError ? err.message.replace(/\.$/, '') : String(err);
        throw new CheckupError('CHK_ATTACH_WORKER_NOT_OPENED', { pid, child, detail }, { cause: err });
      }
      // On failure the move closed the child's inspector itself.
      opened.push(await moveInspectorAside(one));
    }
    return opened;
  } catch (err) {
    await Promise.all(opened.map((o) => closeInspector(o)));
    throw err;
  }
}

/** A move that did not finish: the inspector we opened in `pid` closed, wherever it is now. */
async function closeAnyInspectorOf(pid: number): Promise<void> {
  for (const s of listeningSockets(pid)) {
    const url = await inspectorUrlAt('127.0.0.1', s.port, 500);
    if (!url) continue;
    const link = await InspectorLink.connect(url).catch(() => undefined);
    if (link) await closeInspector({ link, openedByUs: true });
  }
}
