// The engine for a face that runs it in its own process (the CLI): every call goes through the same handler as over
// IPC and the socket (method check, payload schema, errors in wire form), without a transport. What a host does
// beyond the contract (stop everything on Ctrl-C, the last-resort kill on the way out) is here too, so that the
// command line reaches the engine through this one door.
import type { EngineApi } from '../contract/api.js';
import { engineApi, RemoteError } from '../contract/rpc.js';
import { Engine, type EngineOptions } from '../engine/engine.js';
import { checkupVersion } from '../paths.js';
import { createCallHandler } from './serve-engine.js';

function inProcessClient(engine: EngineApi): EngineApi {
  const handle = createCallHandler(engine);
  return engineApi({
    async call(method, params) {
      const outcome = await handle(method, params, undefined);
      if (outcome.ok) return outcome.value;
      throw new RemoteError(outcome.error);
    },
    onEvent: (listener) => engine.onEvent(listener),
  });
}

export interface InProcessEngine {
  /** The engine API, through the contract's handler. */
  readonly api: EngineApi;
  /** Stops every run, A/B comparison, start-up checkup and route search; what they collected is saved (Ctrl-C). */
  stopAll(): Promise<void>;
  /** Stops everything and lets go of what the engine holds (watchers, profile imports): the command is done. */
  close(): Promise<void>;
  /** The last resort, synchronous (a second Ctrl-C, process exit): every target killed, every A/B checkout removed. */
  killAllSync(): void;
  /** Where this engine keeps sessions. */
  readonly sessionsDir: string;
  /** Checkup's version. */
  readonly version: string;
}

/** An engine in this process, for one command. The sessions folder defaults to the user's app-data folder. */
export function openInProcessEngine(options: EngineOptions = {}): InProcessEngine {
  const engine = new Engine(options);
  return {
    api: inProcessClient(engine),
    stopAll: () => engine.stopAll(),
    close: () => engine.close(),
    killAllSync: () => Engine.killAllSync(),
    sessionsDir: engine.sessionsDir,
    version: checkupVersion,
  };
}

/** The same kill switch, for a command that has no engine of its own (yet). */
export function killAllSync(): void {
  Engine.killAllSync();
}

export { checkupVersion };
