// A running process attached to, seen by a run as its target: the probe's samples and warnings over the side
// channel, the port it serves from the OS, its death by watching its pid. shutdown() never ends it: it takes the
// probe out, closes the inspector if we opened it, and lets go.
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { withBlockedWindow } from '../contract/blocked-window.js';
import { CheckupError } from '../errors.js';
import type { RunTarget } from '../engine/target-under-load.js';
import type { ReadyInfo, ShutdownResult, TargetEvents, TargetExit } from '../target/index.js';
import type { ProbeChannel, ProbeConnection } from '../target/probe-channel.js';
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

  constructor(
    private readonly opened: OpenInspector,
    private readonly channel: ProbeChannel,
    /** The port the user named (--port); else the lowest port the process listens on, its inspector's aside. */
    private readonly port: number | undefined,
  ) {
    super();
    this.pid = opened.facts.pid;
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
    return { port, inspectorUrl: this.opened.link.url, launchToListenMs: 0, pid: this.pid, nodeVersion: this.opened.facts.nodeVersion };
  }

  /** Leaves the process running as it was: the probe out, the inspector closed if we opened it. Idempotent. */
  shutdown(): Promise<ShutdownResult> {
    this.shutdownPromise ??= this.detach();
    return this.shutdownPromise;
  }

  private async detach(): Promise<ShutdownResult> {
    this.stopping = true;
    if (!this.opened.link.isClosed) await this.opened.link.evaluate(removeExpression()).catch(() => undefined);
    // Closing the channel detaches the probe too, should the evaluate not have reached it.
    this.channel.broadcast({ type: 'bye' });
    await this.channel.close();
    await closeInspector(this.opened);
    if (this.opened.openedByUs) {
      const deadline = Date.now() + INSPECTOR_CLOSE_WAIT_MS;
      while (Date.now() < deadline && pidAlive(this.pid) && listeningSockets(this.pid).some((s) => s.port === this.opened.inspectorPort)) await sleep(25);
    }
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
