// From what the user gave to a live line into the right process's inspector. A pid's inspector is opened on demand
// with SIGUSR1 (what `node --inspect` would have done at start); the port it opened is the one that was not among the
// process's listening sockets before. Whatever the way in, the process itself says who it is (process.pid) before
// anything is installed in it.
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { CheckupError } from '../errors.js';
import { readFileSync } from 'node:fs';
import { isLoopbackAddress, type AttachAddress } from './attach-address.js';
import { InspectorLink } from './inspector-link.js';
import { inspectorUrlAt } from './inspector-list.js';
import { assertSignalable, commandLineOf, isNodeProgram, listeningSockets, portListened, programOf, stderrTail, type ListeningSocket } from './os-processes.js';
import { assertOwnProcess, runsNode } from './process-owner.js';
import { InspectorGuard } from './inspector-guard.js';
import { armWatchdog, OPENED_KEY, WATCHDOG_STOP } from './inspector-watchdog.js';

/** What the attached process says of itself. */
export interface ProcessFacts {
  pid: number;
  argv: string[];
  execArgv: string[];
  execPath: string;
  cwd: string;
  nodeVersion: string;
  /** A Checkup probe is in it already (a launched run, or another attach). */
  probed: boolean;
  /** Its inspector was opened by a Checkup (inspector-watchdog.ts), perhaps one that died: not the user's own. */
  openedByCheckup: boolean;
}

export interface OpenInspector {
  link: InspectorLink;
  facts: ProcessFacts;
  /** The inspector's port (the OS shows it among the process's listening sockets). */
  inspectorPort: number;
  /** We opened it (SIGUSR1), so we close it again on detach; one the user opened stays open. */
  openedByUs: boolean;
}

/** How long a process has to open its inspector after SIGUSR1 (Node does it on a thread of its own, busy or not). */
const OPEN_TIMEOUT_MS = 5000;
/** After a cancel, how long an inspector already signalled still has to show (Node opens it at once, busy or not). */
const CANCEL_GRACE_MS = 500;
/** Where Node opens an inspector on demand unless told otherwise. */
const DEFAULT_INSPECTOR_PORT = 9229;

const FACTS = `({ pid: process.pid, argv: process.argv, execArgv: process.execArgv, execPath: process.execPath,
  cwd: process.cwd(), nodeVersion: process.version, probed: Boolean(globalThis[Symbol.for('checkup.probe')]),
  openedByCheckup: Boolean(globalThis[${OPENED_KEY}]) })`;

/** `signal`: the attach was cancelled (Ctrl-C); an inspector opened meanwhile is closed again. */
export async function openInspector(address: AttachAddress, signal?: AbortSignal): Promise<OpenInspector> {
  if (address.kind !== 'pid') {
    const url = address.kind === 'url' ? address.url : await inspectorUrlAt(address.host, address.port);
    if (!url) throw new CheckupError('CHK_ATTACH_NO_INSPECTOR', { address: `${address.host}:${address.port}` });
    assertSameLoopbackInspector(url, address);
    const link = await InspectorLink.connect(url).catch((err: unknown) => {
      throw new CheckupError('CHK_ATTACH_NO_INSPECTOR', { address: url }, { cause: err });
    });
    return withFacts(link, address.port, false, undefined);
  }

  const { pid } = address;
  assertSignalable(pid);
  // Ours by uid (as root kill() would signal anyone's), and Node by what it runs, not by its name: SIGUSR1's default
  // action ends a process, and only a node process, which handles it, is ever sent one.
  assertOwnProcess(pid);
  const program = programOf(pid);
  if (!isNodeProgram(program) || !runsNode(pid)) throw new CheckupError('CHK_ATTACH_NOT_NODE', { pid, program });
  const exposed = exposedInspectorSetting(pid);
  if (exposed) throw new CheckupError('CHK_ATTACH_INSPECTOR_EXPOSED', { what: `process ${pid}`, address: exposed });
  const before = listeningSockets(pid);
  const alreadyOpen = commandLineOf(pid).some((a) => /^--inspect(-brk|-wait)?(=|$)/.test(a)) ? await existingInspector(before) : undefined;
  if (alreadyOpen) return withFacts(await InspectorLink.connect(alreadyOpen.url), alreadyOpen.port, false, pid);

  // Before the signal, a guard that closes what it opens should we die before the app's watchdog is armed.
  const guard = InspectorGuard.start(process.versions.electron ? program : process.execPath, pid, before.map((s) => s.port));
  let opened = false;
  try {
    const result = await signalAndOpen(pid, before, signal);
    opened = true;
    return result;
  } finally {
    if (opened) guard?.handOver();
    else guard?.abandon();
  }
}

/** SIGUSR1, then the inspector that opens: watchdog armed first, then who the process is. */
async function signalAndOpen(pid: number, before: ListeningSocket[], signal?: AbortSignal): Promise<OpenInspector> {
  try {
    process.kill(pid, 'SIGUSR1');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EPERM') throw new CheckupError('CHK_ATTACH_NOT_PERMITTED', { pid });
    throw new CheckupError('CHK_ATTACH_NO_PROCESS', { pid });
  }
  const known = new Set(before.map((s) => s.port));
  let deadline = Date.now() + OPEN_TIMEOUT_MS;
  // Cancelled: a moment more for an inspector SIGUSR1 is opening (to close it), not the whole wait.
  signal?.addEventListener('abort', () => (deadline = Math.min(deadline, Date.now() + CANCEL_GRACE_MS)), { once: true });
  while (Date.now() < deadline) {
    for (const s of listeningSockets(pid)) {
      if (known.has(s.port)) continue;
      if (signal?.aborted) await closeOpenedAndCancel(s.port);
      const url = await inspectorUrlAt('127.0.0.1', s.port);
      if (!url) continue;
      const link = await InspectorLink.connect(url);
      // Opened where the network reaches it (an address set in the app's code or environment): closed at once.
      if (!isLoopbackAddress(s.address)) {
        await closeInspector({ link, openedByUs: true });
        throw new CheckupError('CHK_ATTACH_INSPECTOR_EXPOSED', { what: `process ${pid}`, address: `${s.address}:${s.port}` });
      }
      // The first thing sent: what closes this inspector should we go away before we close it ourselves.
      await armWatchdog(link).catch(async (err: unknown) => {
        await closeInspector({ link, openedByUs: true });
        throw err;
      });
      return withFacts(link, s.port, true, pid);
    }
    assertSignalable(pid);
    await sleep(50);
  }
  // Cancelled, and no inspector opened within the time it had (SIGUSR1 was sent: one that opened is closed above).
  if (signal?.aborted) throw new CheckupError('CHK_CANCELLED');
  // No new port: the inspector was open already (inspector.open() in the app), or it could not open.
  const existing = await existingInspector(before);
  if (existing) return withFacts(await InspectorLink.connect(existing.url), existing.port, false, pid);
  // Say what happened in the app's own words when its stderr can be read back, else what the port says.
  const said = inspectorFailure(stderrTail(pid));
  if (said) throw new CheckupError('CHK_ATTACH_INSPECTOR_PORT_TAKEN', { pid, port: said.port, said: said.line });
  if (portListened(DEFAULT_INSPECTOR_PORT) || (await portTaken(DEFAULT_INSPECTOR_PORT))) {
    throw new CheckupError('CHK_ATTACH_INSPECTOR_PORT_TAKEN', { pid, port: DEFAULT_INSPECTOR_PORT, said: `Starting inspector on 127.0.0.1:${DEFAULT_INSPECTOR_PORT} failed: address already in use` });
  }
  throw new CheckupError('CHK_ATTACH_INSPECTOR_NOT_OPENED', { pid, detail: `it did not answer SIGUSR1 within ${OPEN_TIMEOUT_MS / 1000} s (was it started with --disable-sigusr1?)` });
}

/** Node's own line when the inspector could not open ("Starting inspector on 127.0.0.1:9229 failed: address already in use"). */
export function inspectorFailure(stderr: string | undefined): { line: string; port: number } | undefined {
  const lines = (stderr ?? '').split('\n').reverse();
  for (const line of lines) {
    const m = /Starting inspector on [^\s]*:(\d+) failed: .*/.exec(line);
    if (m) return { line: m[0].trim(), port: Number(m[1]) };
  }
  return undefined;
}

/** Cancelled just as the inspector opened: it is closed (it is ours), then the attach ends. */
async function closeOpenedAndCancel(port: number): Promise<never> {
  const url = await inspectorUrlAt('127.0.0.1', port);
  const link = url ? await InspectorLink.connect(url).catch(() => undefined) : undefined;
  if (link) await closeInspector({ link, openedByUs: true });
  throw new CheckupError('CHK_CANCELLED');
}

/** Whether something listens on 127.0.0.1:port. */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000, () => socket.destroy());
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
}

/** An inspector the app has open already; one listening beyond loopback is refused, never used. */
async function existingInspector(sockets: ListeningSocket[]): Promise<{ url: string; port: number } | undefined> {
  for (const s of sockets) {
    const url = await inspectorUrlAt('127.0.0.1', s.port, 500);
    if (!url) continue;
    if (!isLoopbackAddress(s.address)) throw new CheckupError('CHK_ATTACH_INSPECTOR_EXPOSED', { what: 'this process', address: `${s.address}:${s.port}` });
    return { url, port: s.port };
  }
  return undefined;
}

/** Where the process's options say its inspector listens, when that is not loopback (its command line, NODE_OPTIONS). */
function exposedInspectorSetting(pid: number): string | undefined {
  let nodeOptions = '';
  try {
    nodeOptions = /(?:^|\0)NODE_OPTIONS=([^\0]*)/.exec(readFileSync(`/proc/${pid}/environ`, 'latin1'))?.[1] ?? '';
  } catch {
    // not Linux, or not readable: the command line is what we have
  }
  for (const arg of [...commandLineOf(pid), ...nodeOptions.split(/\s+/)]) {
    const m = /^--(?:inspect|inspect-brk|inspect-wait|inspect-port|debug-port)=(.+)$/.exec(arg);
    if (!m) continue;
    const value = m[1]!;
    if (/^\d+$/.test(value)) continue;
    const host = /^(.*):\d+$/.exec(value)?.[1] ?? value;
    if (!isLoopbackAddress(host.replace(/^\[|\]$/g, ''))) return value;
  }
  return undefined;
}

/**
 * The WebSocket an inspector's /json/list names must be the very inspector asked, on loopback: a list naming
 * ws://0.0.0.0:... (an inspector open to the network) or another host or port is not followed.
 */
function assertSameLoopbackInspector(url: string, address: { host: string; port: number }): void {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new CheckupError('CHK_ATTACH_NO_INSPECTOR', { address: `${address.host}:${address.port}` });
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (host === '0.0.0.0' || host === '::') throw new CheckupError('CHK_ATTACH_INSPECTOR_EXPOSED', { what: `the inspector at ${address.host}:${address.port}`, address: `${host}:${target.port}` });
  if (!isLoopbackAddress(host)) throw new CheckupError('CHK_ATTACH_REMOTE', { host });
  if (Number(target.port || 80) !== address.port) throw new CheckupError('CHK_ATTACH_REMOTE', { host: `${host}:${target.port} (named by the inspector at port ${address.port})` });
}

/** Asks the process who it is; a pid that does not match is refused (and what we opened is closed again). */
async function withFacts(link: InspectorLink, inspectorPort: number, openedByUs: boolean, expectedPid: number | undefined): Promise<OpenInspector> {
  const opened: OpenInspector = { link, inspectorPort, openedByUs, facts: undefined as unknown as ProcessFacts };
  try {
    opened.facts = await link.evaluate<ProcessFacts>(FACTS);
    // An inspector a Checkup opened and did not close (it was killed): ours to close again, not the user's.
    if (!openedByUs && opened.facts.openedByCheckup && expectedPid !== undefined) {
      opened.openedByUs = true;
      await armWatchdog(link);
    }
    if (expectedPid !== undefined && opened.facts.pid !== expectedPid) {
      throw new CheckupError('CHK_INSPECTOR_FAILED', { detail: `the inspector that opened belongs to process ${opened.facts.pid}, not ${expectedPid}` });
    }
    if (opened.facts.probed) throw new CheckupError('CHK_ATTACH_ALREADY_PROBED', { pid: opened.facts.pid });
  } catch (err) {
    await closeInspector(opened);
    throw err;
  }
  return opened;
}

/**
 * Our line closed, and the inspector too when we opened it. inspector.close() ends every connection, ours included,
 * so it is scheduled a moment after the reply and our line is closed first.
 */
export async function closeInspector(opened: Pick<OpenInspector, 'link' | 'openedByUs'>): Promise<void> {
  if (opened.openedByUs && !opened.link.isClosed) {
    await opened.link.evaluate(WATCHDOG_STOP).catch(() => undefined);
    await opened.link.closeThenRun('i.close();').catch(() => undefined);
  }
  await opened.link.close();
}
