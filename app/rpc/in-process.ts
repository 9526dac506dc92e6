// The engine API for a face that runs the engine in its own process (the CLI): every call goes through the same
// handler as over IPC and the socket (method check, payload schema, errors in wire form), without a transport.
import type { EngineApi } from '../contract/api.js';
import { engineApi, RemoteError } from '../contract/rpc.js';
import { createCallHandler } from './serve-engine.js';

export function inProcessClient(engine: EngineApi): EngineApi {
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
