// The message protocol between the Electron main process and the engine host (a utility process; plain Node in
// tests). Requests carry an id and get exactly one answer; events are pushed. Messages are structured-cloned, so
// flame documents travel as bytes and errors travel in their wire form (serializeError).
import type { EngineApi, EngineEvent, MethodName } from '../app/contract/api.js';
import { isMethodName, parseParams } from '../app/contract/api.js';
import { CheckupError, serializeError, type SerializedError } from '../app/errors.js';

/** Main -> host. */
export type HostRequest =
  | { kind: 'call'; id: number; method: MethodName; params: unknown }
  | { kind: 'flame'; id: number; name: string }
  | { kind: 'shutdown' };

/** Host -> main. */
export type HostMessage =
  | { kind: 'ready'; pid: number }
  | { kind: 'result'; id: number; ok: true; value: unknown }
  | { kind: 'result'; id: number; ok: false; error: SerializedError }
  | { kind: 'flame'; id: number; data?: Uint8Array }
  | { kind: 'event'; event: EngineEvent }
  | { kind: 'bye' };

/** The host's end of the channel: process.parentPort in Electron, the Node IPC channel in tests. */
export interface HostPort {
  post(message: HostMessage): void;
  onMessage(listener: (message: unknown) => void): void;
}

/** What the host needs of the engine: the contract, flame documents, and stopping every run. */
export interface HostedEngine extends EngineApi {
  profiles: { flameDocument(name: string): Buffer | undefined };
  close(): Promise<void>;
}

export interface ServeOptions {
  /** Called once a shutdown request has stopped the runs and 'bye' was posted. */
  onShutdown(): void;
  /** How long close (stopping runs and watching) may take on shutdown before we give up waiting (targets are killed on exit regardless). */
  stopTimeoutMs?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Serves `engine` over `port`. Every request is checked again here (method name, payload schema): main validates
 * first, but the host trusts nothing it did not check itself.
 */
export function serveEngine(engine: HostedEngine, port: HostPort, options: ServeOptions): void {
  let shuttingDown = false;
  engine.onEvent((event) => port.post({ kind: 'event', event }));

  const answer = (id: number, run: () => Promise<unknown>): void => {
    run().then(
      (value) => port.post({ kind: 'result', id, ok: true, value }),
      (err: unknown) => port.post({ kind: 'result', id, ok: false, error: serializeError(err) }),
    );
  };

  port.onMessage((message) => {
    if (!isRecord(message) || typeof message.kind !== 'string') return;
    const id = typeof message.id === 'number' && Number.isSafeInteger(message.id) ? message.id : undefined;
    switch (message.kind) {
      case 'call': {
        if (id === undefined) return;
        const method = message.method;
        answer(id, async () => {
          if (shuttingDown) throw new CheckupError('CHK_CANCELLED');
          if (!isMethodName(method)) throw new CheckupError('CHK_FORBIDDEN', { detail: `unknown method ${String(method).slice(0, 80)}` });
          let params: unknown;
          try {
            params = parseParams(method, message.params);
          } catch (err) {
            throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `bad payload for ${method}` }, { cause: err });
          }
          const call = engine[method] as (p: unknown) => Promise<unknown>;
          return call.call(engine, params);
        });
        return;
      }
      case 'flame': {
        if (id === undefined) return;
        const doc = typeof message.name === 'string' ? engine.profiles.flameDocument(message.name) : undefined;
        // A copy, not a view: structured clone would send a view's whole backing store (a Buffer pool slab).
        port.post(doc ? { kind: 'flame', id, data: new Uint8Array(doc) } : { kind: 'flame', id });
        return;
      }
      case 'shutdown': {
        if (shuttingDown) return;
        shuttingDown = true;
        const limit = new Promise<void>((resolve) => setTimeout(resolve, options.stopTimeoutMs ?? 5000).unref());
        void Promise.race([engine.close().catch(() => undefined), limit]).then(() => {
          port.post({ kind: 'bye' });
          options.onShutdown();
        });
        return;
      }
      default:
        return;
    }
  });
  port.post({ kind: 'ready', pid: process.pid });
}
