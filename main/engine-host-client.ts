// The main process's end of the engine host: the one RPC client (app/contract/rpc.ts) over whichever host process
// is alive, flame documents fetched by name, and the host restarted when it dies. A death is told to the renderer
// the only way the contract allows today: pending calls reject with a coded error and every run the host was doing
// ends with a `run-finished` carrying that error.
import type { EngineApi, EngineEvent, MethodName, MethodParams, MethodResults } from '../app/contract/api.js';
import { createRpcClient, engineApi, RemoteError, type CallMessage, type RpcClient } from '../app/contract/rpc.js';
import { CheckupError, toCheckupError, type SerializedError } from '../app/errors.js';
import { HOST_METHODS, SHUTDOWN_CALL, type HostMessage, type HostRequest } from './engine-host-protocol.js';

export { RemoteError } from '../app/contract/rpc.js';

/** A started engine host process, whatever started it (utilityProcess in Electron, child_process in tests). */
export interface HostProcess {
  postMessage(message: HostRequest): void;
  onMessage(listener: (message: HostMessage) => void): void;
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
  readonly pid: number | undefined;
}

interface EngineHostClientOptions {
  /** Restarts allowed within `restartWindowMs` before we stop trying (a host that dies at start would loop). */
  maxRestarts?: number;
  restartWindowMs?: number;
  /** How long a shutdown waits for the host to stop its runs and exit before it is killed. */
  shutdownGraceMs?: number;
}

interface HostRestart {
  code: number | null;
  restarted: boolean;
  error: SerializedError;
}

export class EngineHostClient {
  private host: HostProcess | undefined;
  private readonly rpc: RpcClient;
  /** The contract, served by whichever host is alive. */
  readonly api: EngineApi;
  private readonly messageListeners: Array<(message: unknown) => void> = [];
  private readonly closeListeners: Array<(error: SerializedError) => void> = [];
  private readonly listeners = new Set<(event: EngineEvent) => void>();
  private readonly restartListeners = new Set<(info: HostRestart) => void>();
  /** Runs seen starting and not yet finished, so a dead host's runs can be ended for the renderer. */
  private readonly activeRuns = new Map<string, string>();
  private readonly restarts: number[] = [];
  private stopping: Promise<void> | undefined;
  private failed: SerializedError | undefined;

  constructor(
    private readonly fork: () => HostProcess,
    private readonly options: EngineHostClientOptions = {},
  ) {
    this.rpc = createRpcClient({
      send: (message) => this.post(message),
      onMessage: (listener) => void this.messageListeners.push(listener),
      onClose: (listener) => void this.closeListeners.push(listener),
    });
    this.rpc.onEvent((event) => {
      this.track(event);
      this.emit(event);
    });
    this.api = { ...engineApi(this.rpc), onEvent: (listener) => this.onEvent(listener) };
  }

  start(): void {
    if (this.host || this.stopping) return;
    const host = this.fork();
    this.host = host;
    host.onMessage((message) => {
      if (this.host === host) for (const listener of this.messageListeners) listener(message);
    });
    host.onExit((code) => this.exited(host, code));
  }

  get pid(): number | undefined {
    return this.host?.pid;
  }

  onEvent(listener: (event: EngineEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onRestart(listener: (info: HostRestart) => void): () => void {
    this.restartListeners.add(listener);
    return () => this.restartListeners.delete(listener);
  }

  call<M extends MethodName>(method: M, params: MethodParams[M]): Promise<MethodResults[M]> {
    return this.rpc.call(method, params) as Promise<MethodResults[M]>;
  }

  async flameDocument(name: string): Promise<Uint8Array | undefined> {
    return (await this.rpc.call(HOST_METHODS.flameDocument, { name })) as Uint8Array | undefined;
  }

  /** The transport's send: to the live host, starting one when none is; refused once stopping or given up. */
  private post(message: CallMessage): void {
    if (this.stopping) throw new CheckupError('CHK_CANCELLED');
    if (this.failed) throw new RemoteError(this.failed);
    if (!this.host) this.start();
    try {
      this.host!.postMessage(message);
    } catch (err) {
      throw toCheckupError(err);
    }
  }

  private track(event: EngineEvent): void {
    if (event.type === 'run-phase') this.activeRuns.set(event.runId, event.sessionId);
    else if (event.type === 'run-finished') this.activeRuns.delete(event.runId);
  }

  private emit(event: EngineEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // a broken subscriber must not stop the others
      }
    }
  }

  private exited(host: HostProcess, code: number | null): void {
    if (this.host !== host) return;
    this.host = undefined;
    const expected = this.stopping !== undefined;
    const error = expected
      ? new CheckupError('CHK_CANCELLED').toJSON()
      : new CheckupError('CHK_INTERNAL', { detail: `the engine process stopped unexpectedly (exit code ${code ?? 'unknown'})` }).toJSON();
    for (const listener of this.closeListeners) listener(error);
    for (const [runId, sessionId] of this.activeRuns) {
      this.emit({ type: 'run-finished', runId, sessionId, sessionDir: '', status: 'partial', error });
    }
    this.activeRuns.clear();
    if (expected) return;

    const now = Date.now();
    const windowMs = this.options.restartWindowMs ?? 60_000;
    while (this.restarts.length && now - this.restarts[0]! > windowMs) this.restarts.shift();
    const restart = this.restarts.length < (this.options.maxRestarts ?? 3);
    if (restart) {
      this.restarts.push(now);
      this.start();
    } else {
      this.failed = new CheckupError('CHK_INTERNAL', { detail: 'the engine process keeps stopping; restart Checkup' }).toJSON();
    }
    for (const listener of this.restartListeners) listener({ code, restarted: restart, error });
  }

  /** Stops every run in the host, then ends it; kills it when it does not exit within the grace period. */
  shutdown(): Promise<void> {
    if (this.stopping) return this.stopping;
    const host = this.host;
    this.stopping = new Promise<void>((resolve) => {
      if (!host) return resolve();
      const grace = this.options.shutdownGraceMs ?? 8000;
      // Kill after the grace period; resolve a little later even if no exit is ever reported.
      const kill = setTimeout(() => host.kill(), grace);
      const giveUp = setTimeout(resolve, grace + 2000);
      host.onExit(() => {
        clearTimeout(kill);
        clearTimeout(giveUp);
        resolve();
      });
      try {
        host.postMessage(SHUTDOWN_CALL);
      } catch {
        host.kill();
      }
    });
    return this.stopping;
  }
}
