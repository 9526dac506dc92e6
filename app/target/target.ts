// One launched target: the process tree we started, its side channel, its output, and the state the probe reports.
// Launch with launchTarget() (launch.ts); wait for its port with waitUntilListening(); always end with shutdown().
import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { ProbeSample, ProbeWarning } from '../contract/metrics.js';
import { withBlockedWindow } from '../contract/blocked-window.js';
import type { LaunchCommand } from './launch-command.js';
import { LineSplitter, TailBuffer, type LogLine, type StreamName } from './output-lines.js';
import type { ProbeChannel, ProbeConnection } from './probe-channel.js';
import { serverClaim, takesTheLead } from './app-process.js';
import type { ProbeHello, ProbeMessage } from './probe-protocol.js';
import { killTree, killTreeSync, treeAlive } from './process-tree.js';
import { waitForReady, type ReadyInfo, type ReadyOptions } from './readiness.js';
import { PortWatcher } from './port-watcher.js';
import { registerTarget, unregisterTarget } from './registry.js';
import type { TreeGuard } from './tree-guard.js';
import type { TargetTree } from './tree-members.js';
import { UnitRegistry } from './unit-registry.js';
import type { RouteTable } from '../contract/routes.js';

export function isLoopbackInspector(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'ws:' && u.hostname === '127.0.0.1';
  } catch {
    return false;
  }
}

export interface LaunchOptions {
  /** Node binary for the target; default `node` on PATH (or this Node when it is not Electron). */
  node?: string;
  /** Probe sampling window, ms (default 250). */
  sampleIntervalMs?: number;
  /** The port to wait for, when the user names one; default: the first TCP port the app listens on. */
  port?: number;
  /** How many trailing output lines to keep for error messages (default 20). */
  tailLines?: number;
  /** The probe file; default app/probe/probe.cjs. */
  probeFile?: string;
}

export interface ListeningInfo {
  port: number;
  address: string;
  family: string;
  /** ms from the app process's start to listening (probe), or from launch when only a port check saw it. */
  startupMs: number;
  /** ms from our spawn() to listening, npm's own start-up included. */
  launchToListenMs: number;
  pid?: number;
}

export interface TargetExit {
  code: number | null;
  signal: string | null;
  /** true when the target ended on its own rather than through shutdown(). */
  unexpected: boolean;
  /** Unix epoch ms. */
  at: number;
}

export interface ShutdownResult {
  exitCode: number | null;
  signal: string | null;
  /** Whether SIGKILL / taskkill /F was needed after the grace period. */
  forced: boolean;
}

export interface TargetEvents {
  /** The app process's hello. Fires again if another probed process turns out to be the app (an npm pre-script
   * said hello first, then the real server listened). */
  hello: [ProbeHello];
  inspector: [{ pid: number; url?: string; error?: string }];
  listening: [ListeningInfo];
  'listen-error': [{ pid: number; code: string; port?: number; address?: string; message: string }];
  sample: [ProbeSample];
  warning: [ProbeWarning];
  log: [LogLine];
  'probe-error': [{ pid: number; message: string }];
  /** The route table of one server of the app's own process (route discovery). */
  routes: [RouteTable, number | undefined];
  /** The launched process ended; emitted once its stdout/stderr drained (at most 300 ms later). */
  exit: [TargetExit];
}

/**
 * Node prints these to stderr itself (from C++) when the probe opens the inspector and when a profiler attaches.
 * They stay in the log, but not in the "last lines" of an error message, where they would hide the real cause.
 */
/** How long a child's server waits for the app's own process to listen before it is taken as the app's. */
const CHILD_LISTEN_GRACE_MS = 1000;

const INSPECTOR_NOISE = /^(Debugger listening on ws:\/\/|For help, see: https:\/\/nodejs\.org\/en\/docs\/inspector|Debugger attached\.$|Debugger ending on ws:\/\/|Waiting for the debugger to disconnect\.\.\.$)/;

export class Target extends EventEmitter<TargetEvents> {
  readonly pid: number;
  readonly launchedAt = Date.now();
  /** All TCP servers the probed processes opened, in order. */
  readonly servers: ListeningInfo[] = [];
  /** The latest route table of each http server, by port (route discovery; see askRoutes). */
  readonly routeTables = new Map<number, RouteTable>();
  /** Every probed process that said hello (npm pre-scripts included), in order. */
  readonly hellos: ProbeHello[] = [];
  listening?: ListeningInfo;
  exitInfo?: TargetExit;
  readonly exited: Promise<TargetExit>;

  /** Every probed process and worker thread of the tree; the events above follow the main process only. */
  readonly units: UnitRegistry;
  private main?: ProbeConnection;
  /** A child process's server, taken if the app's own process does not listen soon (see 'listening'). */
  private pendingChild: { conn: ProbeConnection; info: ListeningInfo; timer: NodeJS.Timeout } | undefined;
  private readonly inspectors = new Map<number, { url?: string; error?: string }>();
  private readonly tail: TailBuffer;
  private leaderExited = false;
  private stopping = false;
  private shutdownPromise?: Promise<ShutdownResult>;
  private cleanedUp = false;
  private portWatcher?: PortWatcher;

  /** @internal use launchTarget() from launch.ts */
  constructor(
    private readonly child: ChildProcess,
    private readonly channel: ProbeChannel,
    readonly command: LaunchCommand,
    private readonly options: LaunchOptions,
    /** The process group and session we started, and the mark its processes carry (tree-members.ts). */
    private readonly tree: TargetTree,
    /** Takes the tree down if this engine dies (tree-guard.ts); released once we took it down ourselves. */
    private readonly guard?: TreeGuard,
  ) {
    super();
    if (child.pid === undefined) throw new Error('target: spawned without a pid');
    this.pid = child.pid;
    this.tail = new TailBuffer(options.tailLines ?? 20);
    this.exited = new Promise((resolve) => this.once('exit', resolve));
    this.units = new UnitRegistry(channel, isLoopbackInspector);
    this.wireOutput();
    this.wireChannel();
    if (options.port) this.portWatcher = PortWatcher.start(options.port, () => this.onPortSeen());
    registerTarget(this);
  }

  /** The probe's hello from the app process (after npm, if any). */
  get hello(): ProbeHello | undefined {
    return this.main?.hello;
  }

  /** pid of the app process itself (not npm's); undefined before the probe said hello. */
  get appPid(): number | undefined {
    return this.main?.hello?.pid;
  }

  get inspectorUrl(): string | undefined {
    const pid = this.appPid;
    return pid === undefined ? undefined : this.inspectors.get(pid)?.url;
  }

  get inspectorError(): string | undefined {
    const pid = this.appPid;
    return pid === undefined ? undefined : this.inspectors.get(pid)?.error;
  }

  get port(): number | undefined {
    return this.listening?.port;
  }

  get helloReceived(): boolean {
    return this.hellos.length > 0;
  }

  get stopRequested(): boolean {
    return this.stopping;
  }

  /**
   * Stop reading the app's output for a while (the log file is behind): the app then waits on its own writes, as it
   * would on a slow terminal, instead of our memory filling with its output. resumeOutput() reads on.
   */
  pauseOutput(): void {
    this.child.stdout?.pause();
    this.child.stderr?.pause();
  }

  resumeOutput(): void {
    this.child.stdout?.resume();
    this.child.stderr?.resume();
  }

  /** The last lines of stderr (of stdout when stderr was silent). */
  lastLines(): string[] {
    return this.tail.errorTail();
  }

  lastLinesOf(stream: StreamName): string[] {
    return this.tail.get(stream);
  }

  /**
   * Resolves when the app listens. Rejects with CHK_TARGET_EXITED_EARLY, CHK_PORT_IN_USE, CHK_TARGET_NEVER_LISTENED,
   * CHK_PROBE_FAILED or CHK_INTERRUPTED (shutdown() was called); by default the process tree is taken down first.
   */
  waitUntilListening(timeoutMs: number, options: ReadyOptions = {}): Promise<ReadyInfo> {
    return waitForReady(this, timeoutMs, options);
  }

  /** Asks the app's probe to read its route tables again; each answer comes as a 'routes' event with `request`. */
  askRoutes(sources: boolean, request: number): void {
    this.main?.send({ type: 'routes', sources, request });
  }

  /** Take the whole process tree down: SIGTERM, then SIGKILL after graceMs. Idempotent; works at any stage. */
  shutdown(options: { graceMs?: number } = {}): Promise<ShutdownResult> {
    this.shutdownPromise ??= this.doShutdown(options.graceMs ?? 3000);
    return this.shutdownPromise;
  }

  /** @internal for killAllTargetsSync */
  killSync(): void {
    this.stopping = true;
    if (!this.cleanedUp) killTreeSync(this.tree);
    this.cleanupSync();
  }

  private async doShutdown(graceMs: number): Promise<ShutdownResult> {
    this.stopping = true;
    this.channel.broadcast({ type: 'bye' });
    const { forced } = await killTree(this.tree, graceMs, () => this.leaderExited);
    const exit = await Promise.race([this.exited, new Promise<undefined>((r) => setTimeout(() => r(undefined), 2000).unref())]);
    await this.cleanup();
    return { exitCode: exit?.code ?? null, signal: exit?.signal ?? null, forced };
  }

  private wireOutput(): void {
    const streams: [StreamName, NodeJS.ReadableStream | null][] = [
      ['stdout', this.child.stdout],
      ['stderr', this.child.stderr],
    ];
    const ended: Promise<void>[] = [];
    for (const [name, stream] of streams) {
      if (!stream) continue;
      const splitter = new LineSplitter((text) => this.onLine(name, text));
      stream.on('data', (chunk: Buffer) => splitter.push(chunk));
      ended.push(new Promise((resolve) => {
        stream.once('end', () => { splitter.end(); resolve(); });
        stream.once('close', () => { splitter.end(); resolve(); });
        stream.once('error', () => resolve());
      }));
    }
    this.child.once('exit', (code, signal) => {
      this.leaderExited = true;
      this.portWatcher?.stop();
      // Wait for the pipes to drain so the last stderr lines are in the error message; not forever, though: a
      // grandchild that inherited the pipes keeps them open after the leader is gone.
      const drained = Promise.race([Promise.all(ended), new Promise((r) => setTimeout(r, 300))]);
      void drained.then(() => {
        this.exitInfo = { code, signal, unexpected: !this.stopping, at: Date.now() };
        this.emit('exit', this.exitInfo);
        // Nothing left of the tree: release the channel now rather than wait for shutdown().
        if (!this.stopping && process.platform !== 'win32' && !treeAlive(this.tree)) void this.cleanup();
      });
    });
  }

  private onLine(stream: StreamName, text: string): void {
    const line: LogLine = { stream, text, ts: Date.now() };
    if (!(stream === 'stderr' && INSPECTOR_NOISE.test(text))) this.tail.add(stream, text);
    this.emit('log', line);
  }

  private wireChannel(): void {
    this.channel.on('hello', (conn) => {
      // A worker thread is a unit of its process (this.units), never the process we follow.
      if (conn.hello?.threadId) return;
      if (conn.hello) this.hellos.push(conn.hello);
      // The launched process leads its own group; the probe kills that group if we vanish without a bye.
      if (process.platform !== 'win32') conn.send({ type: 'welcome', pgid: this.pid });
      if (conn.hello && !this.listening && takesTheLead(this.main?.hello, conn.hello)) this.main = conn;
      else this.main ??= conn;
      if (this.main === conn && conn.hello) this.emit('hello', conn.hello);
    });
    this.channel.on('message', (conn, msg) => this.onProbeMessage(conn, msg));
    this.channel.on('disconnect', (conn) => {
      // A process that said hello and left without listening (a pre-script, a build step) was not the app.
      if (this.main === conn && !this.listening) {
        this.main = undefined;
        this.choosePendingChild();
      }
    });
  }

  private onProbeMessage(conn: ProbeConnection, msg: ProbeMessage): void {
    const pid = conn.hello?.pid ?? 0;
    switch (msg.type) {
      case 'inspector': {
        // Loopback only: an inspector reachable from elsewhere would let anyone on the network run code in the app.
        const loopback = msg.url !== undefined && isLoopbackInspector(msg.url);
        const entry = loopback ? { url: msg.url } : { error: msg.error ?? `the inspector is not on 127.0.0.1 (${msg.url})` };
        this.inspectors.set(pid, entry);
        if (conn === this.main) this.emit('inspector', { pid, ...entry });
        break;
      }
      case 'listening': {
        const info: ListeningInfo = { port: msg.port, address: msg.address, family: msg.family, startupMs: msg.startupMs, launchToListenMs: Date.now() - this.launchedAt, pid };
        this.servers.push(info);
        const wanted = this.options.port === undefined || this.options.port === msg.port;
        if (this.listening || !wanted) break;
        // A child process the app starts before it listens itself (a downstream service, a helper) is not the app:
        // its server is taken only if the app's own process does not listen within CHILD_LISTEN_GRACE_MS; so is a
        // cluster worker's whose primary has not reported yet (app-process.ts).
        if (serverClaim(this.main?.hello, conn.hello, conn === this.main) === 'app') this.choose(conn, info);
        else this.pendingChild ??= { conn, info, timer: setTimeout(() => this.choosePendingChild(), CHILD_LISTEN_GRACE_MS) };
        break;
      }
      case 'listen-error':
        this.emit('listen-error', { pid, code: msg.code, port: msg.port, address: msg.address, message: msg.message });
        break;
      case 'sample':
        if (conn === this.main) this.emit('sample', withBlockedWindow(msg.sample));
        break;
      case 'warning':
        if (conn === this.main) this.emit('warning', msg.warning);
        break;
      case 'probe-error':
        this.emit('probe-error', { pid, message: msg.message });
        break;
      case 'routes': {
        const { type: _type, request, ...table } = msg;
        this.routeTables.set(table.port, table);
        this.emit('routes', table, request);
        break;
      }
      case 'hello':
        break;
    }
  }

  private choosePendingChild(): void {
    const pending = this.pendingChild;
    if (pending && !this.listening) this.choose(pending.conn, pending.info);
  }

  private choose(conn: ProbeConnection | undefined, info: ListeningInfo): void {
    if (this.pendingChild) clearTimeout(this.pendingChild.timer);
    this.pendingChild = undefined;
    if (conn && conn !== this.main) {
      this.main = conn;
      if (conn.hello) this.emit('hello', conn.hello);
      const inspector = this.inspectors.get(info.pid ?? 0);
      if (inspector) this.emit('inspector', { pid: info.pid ?? 0, ...inspector });
    }
    this.listening = info;
    this.portWatcher?.stop();
    this.emit('listening', info);
  }

  /** The named port answered although no probe reported it (e.g. a server in an unprobed child process). */
  private onPortSeen(): void {
    if (this.listening || this.leaderExited || !this.options.port) return;
    const elapsed = Date.now() - this.launchedAt;
    this.choose(undefined, { port: this.options.port, address: '127.0.0.1', family: 'IPv4', startupMs: elapsed, launchToListenMs: elapsed, pid: this.appPid });
  }

  private async cleanup(): Promise<void> {
    if (this.cleanedUp) return;
    this.cleanedUp = true;
    unregisterTarget(this);
    if (this.pendingChild) clearTimeout(this.pendingChild.timer);
    this.portWatcher?.stop();
    this.guard?.release();
    await this.channel.close();
  }

  private cleanupSync(): void {
    if (this.cleanedUp) return;
    this.cleanedUp = true;
    unregisterTarget(this);
    if (this.pendingChild) clearTimeout(this.pendingChild.timer);
    this.portWatcher?.stop();
    this.guard?.release();
    this.channel.closeSync();
  }
}
