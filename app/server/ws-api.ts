// The engine API over one WebSocket: a transport for app/rpc/serve-engine.ts. Messages are JSON text frames in the
// wire form of app/contract/rpc.ts. What only a socket can get wrong (a binary frame, text that is not JSON) is
// answered here, with id null like any other malformed message; the socket stays open.
import type { WebSocket } from 'ws';
import type { AnswerMessage, EventMessage, Transport } from '../contract/rpc.js';
import { malformed, serveEngine, wireError } from '../rpc/serve-engine.js';
import type { EngineApi } from '../contract/api.js';

function socketTransport(socket: WebSocket): Transport<AnswerMessage | EventMessage> {
  const send = (message: AnswerMessage | EventMessage): void => {
    if (socket.readyState !== socket.OPEN) return;
    let text: string;
    try {
      text = JSON.stringify(message);
    } catch (err) {
      // An answer that cannot be written as JSON still answers its call.
      text = JSON.stringify({ id: 'id' in message ? message.id : null, ok: false, error: wireError(err) } satisfies AnswerMessage);
    }
    socket.send(text);
  };
  return {
    send,
    onMessage: (listener) =>
      void socket.on('message', (data, isBinary) => {
        if (isBinary) return send(malformed('messages are JSON text frames'));
        let message: unknown;
        try {
          message = JSON.parse(data.toString());
        } catch {
          return send(malformed('a message is one JSON object { id, method, params }'));
        }
        listener(message);
      }),
    onClose: (listener) => void socket.on('close', () => listener({ code: 'CHK_DISCONNECTED', message: 'The page closed its socket.' })),
  };
}

/** Serves one connected page: answers its calls and pushes every engine event until it closes. */
export function serveSocket(socket: WebSocket, engine: EngineApi): void {
  socket.on('error', () => socket.terminate());
  serveEngine(engine, socketTransport(socket));
}
