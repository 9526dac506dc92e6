// A running process attached to, seen by a run as its target: the probe's samples and warnings over the side
// channel, the port it serves from the OS, its death by watching its pid. shutdown() never ends it: it takes the
// probe out, closes the inspector if we opened it, and lets go. Attached into a cluster (its Node children given),
// it is a target of several units like a launched cluster (`units`, `servers`), each child probed and let go the same.
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { withBlockedWindow } from '../contract/blocked-window.js';
import { CheckupError } from '../errors.js';
import type { RunTarget } from '../target/run-target.js';
import type { ReadyInfo, ShutdownResult, TargetEvents, TargetExit } from '../target/index.js';
import type { ProbeChannel, ProbeConnection } from '../target/probe-channel.js';
import { isLoopbackInspector, type ListeningInfo } from '../target/target.js';
import { UnitRegistry } from '../target/unit-registry.js';
import { pidAlive } from '../target/process-tree.js';
import { closeInspector, type OpenInspector } from './open-inspector.js';
import { listeningSockets } from './os-processes.js';
import { removeExpression } from './probe-install.js';

/** How long the probe has to say hello once installed (it connects in the app's next event-loop turn). */
const HELLO_TIMEOUT_MS = 10_000;
const PID_WATCH_MS = 250;
/** How long to wait for an inspector we closed to leave the process's listening sockets. */
const INSPECTOR_CLOSE_WAIT_MS = 3000;

export class AttachedTarget extends EventEmitter<TargetEvents> implements RunTarget {
  readonly pid: number;
  readonly exited: Promise<TargetExit>;
  private main: ProbeConnection | undefined;
  private readonly hello: Promise<void>;
  private readonly pidWatch: NodeJS.Timeout;
  private stopping = false;
  private shutdownPromise: Promise<ShutdownResult> | undefined;
  /** Every probed process (a cluster attached into); undefined for one process, whose run is as it always was. */
  readonly units: UnitRegistry | undefined;
  /** The servers of the units: the port loaded, by the primary and by the cluster workers that share it. */
  readonly servers: ListeningInfo[] = [];
  listening: ListeningInfo | undefined;

  constructor(
    private readonly opened: OpenInspector,
    private readonly channel: ProbeChannel,
    /** The port the user named (--port); else the lowest port the process listens on, its inspector's aside. */
    private readonly port: number | undefined,
    private readonly children: OpenInspector[] = [],
  ) {
    super();
    this.pid = opened.facts.pid;
    if (children.length) this.units = new UnitRegistry(channel, isLoopbackInspector);
    this.exited = new Promise((resolve) => this.once('exit', resolve));
    this.hello = new Promise((resolve) => {
      channel.on('hello', (conn) => {
        if (this.main || conn.hello?.pid !== this.pid) return;
        this.main = conn;
        this.emit('hello', conn.hello);
        resolve();
      });
    });
    channel.on('message', (conn, msg) => {
      if (conn !== this.main) return;
      if (msg.type === 'sample') this.emit('sample', withBlockedWindow(msg.sample));
      else if (msg.type === 'warning') this.emit('warning', msg.warning);
      else if (msg.type === 'probe-error') this.emit('probe-error', { pid: this.pid, message: msg.message });
    });
    this.pidWatch = setInterval(() => {
      if (pidAlive(this.pid)) return;
      clearInterval(this.pidWatch);
      this.emit('exit', { code: null, signal: null, unexpected: !this.stopping, at: Date.now() });
    }, PID_WATCH_MS);
    this.pidWatch.unref();
  }

  /** The probe's hello, then the port from the OS (the app was listening before we came). */
  async waitUntilListening(): Promise<ReadyInfo> {
    const timeout = sleep(HELLO_TIMEOUT_MS, 'timeout', { ref: false });
    if ((await Promise.race([this.hello.then(() => 'hello'), timeout])) !== 'hello') {
      throw new CheckupError('CHK_PROBE_FAILED', { detail: `the probe installed in process ${this.pid} never reported back` });
    }
    const ports = listeningSockets(this.pid).map((s) => s.port).filter((p) => p !== this.opened.inspectorPort);
    const port = this.port ?? ports[0];
    if (port === undefined) throw new CheckupError('CHK_ATTACH_NOT_LISTENING', { pid: this.pid });
    if (this.units) await this.followServers(port, Date.now() + HELLO_TIMEOUT_MS);
    return { port, inspectorUrl: this.opened.link.url, launchToListenMs: 0, pid: this.pid, nodeVersion: this.opened.facts.nodeVersion };
  }

  /**
   * Which units serve the loaded port: the primary, which holds it, and every cluster worker (a cluster's workers
   * share their primary's port; under round-robin scheduling the OS shows it in the primary only) or child seen
   * listening on it. Waits for the children's probes to say hello first (a child that never does stays unjudged).
   */
  private async followServers(port: number, deadline: number): Promise<void> {
    const units = this.units!;
    const childPids = this.children.map((c) => c.facts.pid);
    while (Date.now() < deadline && !childPids.every((pid) => units.processes.some((u) => u.pid === pid))) await sleep(25);
    const serving = (u: (typeof units.processes)[number]) => u.pid === this.pid || u.role === 'cluster-worker' || listeningSockets(u.pid).some((s) => s.port === port);
    for (const u of units.processes.filter(serving)) this.servers.push({ port, address: '127.0.0.1', family: 'IPv4', startupMs: 0, launchToListenMs: 0, pid: u.pid });
    this.listening = this.servers.find((s) => s.pid === this.pid);
    if (this.listening) this.emit('listening', this.listening);
  }

  /** The process given (a cluster's primary): the main unit, whose samples and profile are the session's own. */
  get appPid(): number {
    return this.pid;
  }

  /** Leaves the process running as it was: the probe out, the inspector closed if we opened it. Idempotent. */
  shutdown(): Promise<ShutdownResult> {
    this.shutdownPromise ??= this.detach();
    return this.shutdownPromise;
  }

  private async detach(): Promise<ShutdownResult> {
    this.stopping = true;
    const all = [this.opened, ...this.children];
    await Promise.all(all.map((o) => (o.link.isClosed ? undefined : o.link.evaluate(removeExpression()).catch(() => undefined))));
    // Closing the channel detaches the probe too, should the evaluate not have reached it.
    this.channel.broadcast({ type: 'bye' });
    await this.channel.close();
    await Promise.all(all.map((o) => closeInspector(o)));
    const deadline = Date.now() + INSPECTOR_CLOSE_WAIT_MS;
    const stillOpen = (o: OpenInspector) => o.openedByUs && pidAlive(o.facts.pid) && listeningSockets(o.facts.pid).some((s) => s.port === o.inspectorPort);
    while (Date.now() < deadline && all.some(stillOpen)) await sleep(25);
    clearInterval(this.pidWatch);
    return { exitCode: null, signal: null, forced: false };
  }

  // The app's output is its own (a terminal, a log file): an attached run does not see it.
  pauseOutput(): void {}
  resumeOutput(): void {}
  lastLines(): string[] {
    return [];
  }
  lastLinesOf(): string[] {
    return [];
  }
}
