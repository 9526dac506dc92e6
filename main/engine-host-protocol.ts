// The channel between the Electron main process and the engine host (a utility process; plain Node in tests): the
// engine API's own wire (app/contract/rpc.ts), served by the one RPC layer (app/rpc/serve-engine.ts), plus two
// methods private to this channel: a flame document by name, and shutdown. Messages are structured-cloned, so flame
// documents travel as bytes. The host checks every call itself: main validates first, but the host trusts nothing
// it did not check.
import type { EngineApi } from '../app/contract/api.js';
import type { AnswerMessage, CallMessage, EventMessage } from '../app/contract/rpc.js';
import { CheckupError } from '../app/errors.js';
import { serveEngine as serveOverTransport } from '../app/rpc/serve-engine.js';

/** Methods of this channel only; never reachable from a page (main serves the page the contract alone). */
export const HOST_METHODS = { flameDocument: 'host.flameDocument', shutdown: 'host.shutdown' } as const;

/** The call main posts to end the host; its answer is not awaited, the host's exit is. */
export const SHUTDOWN_CALL: CallMessage = { id: 'shutdown', method: HOST_METHODS.shutdown, params: {} };

/** Main -> host. */
export type HostRequest = CallMessage;

/** Host -> main. */
export type HostMessage = AnswerMessage | EventMessage;

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

export interface HostServeOptions {
  /** Called once a shutdown request has stopped the runs and been answered. */
  onShutdown(): void;
  /** How long close (stopping runs and watching) may take on shutdown before we give up waiting (targets are killed on exit regardless). */
  stopTimeoutMs?: number;
}

/** Serves `engine` over `port`, until a shutdown call has stopped every run. */
export function serveHostedEngine(engine: HostedEngine, port: HostPort, options: HostServeOptions): void {
  let shuttingDown = false;
  const flameDocument = (params: unknown): Uint8Array | undefined => {
    const name = (params as { name?: unknown } | null)?.name;
    const doc = typeof name === 'string' ? engine.profiles.flameDocument(name) : undefined;
    // A copy, not a view: structured clone would send a view's whole backing store (a Buffer pool slab).
    return doc ? new Uint8Array(doc) : undefined;
  };
  const shutdown = async (): Promise<void> => {
    shuttingDown = true;
    const limit = new Promise<void>((resolve) => setTimeout(resolve, options.stopTimeoutMs ?? 5000).unref());
    await Promise.race([engine.close().catch(() => undefined), limit]);
    // After this answer has been posted.
    setImmediate(options.onShutdown);
  };
  serveOverTransport(
    engine,
    { send: (message) => port.post(message), onMessage: (listener) => port.onMessage(listener), onClose: () => undefined },
    {
      admit: () => {
        if (shuttingDown) throw new CheckupError('CHK_CANCELLED');
      },
      extensions: { [HOST_METHODS.flameDocument]: flameDocument, [HOST_METHODS.shutdown]: shutdown },
    },
  );
}
