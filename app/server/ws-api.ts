// The engine API over one WebSocket (JSON text frames). Client: `{ id, method, params }`. Server: `{ id, result }`
// or `{ id, error }` for each call, and `{ event }` for every engine event. A bad message gets a coded error and the
// socket stays open: one wrong call must not cost the page its live run.
import type { WebSocket } from 'ws';
import { ZodError } from 'zod';
import { isMethodName, parseParams, type EngineApi, type EngineEvent } from '../contract/api.js';
import { CheckupError, serializeError } from '../errors.js';

type CallId = string | number | null;

export interface WireCall {
  id: CallId;
  method: unknown;
  params?: unknown;
}

function readableZodError(err: ZodError): string {
  return err.issues.map((i) => `${i.path.length ? i.path.join('.') : 'params'}: ${i.message}`).join('; ');
}

/** Calls one method of the engine with validated params; every failure comes back as a CheckupError. */
export async function dispatch(engine: EngineApi, method: unknown, params: unknown): Promise<unknown> {
  if (!isMethodName(method)) {
    throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `there is no method ${JSON.stringify(String(method)).slice(0, 80)}` });
  }
  let parsed: unknown;
  try {
    parsed = parseParams(method, params);
  } catch (err) {
    if (err instanceof ZodError) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `${method}: ${readableZodError(err)}` });
    throw err;
  }
  const call = engine[method] as (p: unknown) => Promise<unknown>;
  return call.call(engine, parsed);
}

function parseCall(data: string): WireCall {
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    throw new CheckupError('CHK_INVALID_OPTIONS', { detail: 'a message is one JSON object' });
  }
  if (!message || typeof message !== 'object' || Array.isArray(message)) {
    throw new CheckupError('CHK_INVALID_OPTIONS', { detail: 'a message is one JSON object { id, method, params }' });
  }
  const { id, method, params } = message as Record<string, unknown>;
  const validId = typeof id === 'number' || (typeof id === 'string' && id.length <= 64);
  if (!validId) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: 'a message needs an id (a number or a short string)' });
  return { id, method, params };
}

function send(socket: WebSocket, message: unknown): void {
  if (socket.readyState !== socket.OPEN) return;
  let text: string;
  try {
    text = JSON.stringify(message);
  } catch (err) {
    const id = (message as { id?: CallId }).id ?? null;
    text = JSON.stringify({ id, error: serializeError(err) });
  }
  socket.send(text);
}

/** Serves one connected page: answers its calls and pushes every engine event until it closes. */
export function serveSocket(socket: WebSocket, engine: EngineApi): void {
  const unsubscribe = engine.onEvent((event: EngineEvent) => send(socket, { event }));
  socket.on('close', unsubscribe);
  socket.on('error', () => socket.terminate());
  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      send(socket, { id: null, error: serializeError(new CheckupError('CHK_INVALID_OPTIONS', { detail: 'messages are JSON text frames' })) });
      return;
    }
    let call: WireCall;
    try {
      call = parseCall(data.toString());
    } catch (err) {
      send(socket, { id: null, error: serializeError(err) });
      return;
    }
    dispatch(engine, call.method, call.params).then(
      (result) => send(socket, { id: call.id, result }),
      (err: unknown) => send(socket, { id: call.id, error: serializeError(err) }),
    );
  });
}
