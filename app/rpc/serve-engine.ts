// The serving side of the engine API, for every transport (app/contract/rpc.ts has the wire and the client). Each
// call is decided here, in one order: the face admits the caller, the method must be in the contract (or be one of
// the transport's own extensions), the payload must pass its schema, then the engine (or the face's override)
// answers. Every failure leaves as a coded error in wire form; nothing thrown crosses a transport.
import { methodParams, type EngineApi, type MethodName, type MethodParams, type MethodResults } from '../contract/api.js';
import { isMethodName, RemoteError, type AnswerMessage, type CallId, type EventMessage, type Outcome, type Transport } from '../contract/rpc.js';
import { describeIssues } from '../contract/schema-issues.js';
import { CheckupError, serializeError, type SerializedError } from '../errors.js';

type Overrides = { [M in MethodName]?: (params: MethodParams[M]) => Promise<MethodResults[M]> };

export interface ServeOptions<Context = void> {
  /** Refuses a caller before anything acts on its call, by throwing a coded error (main: the sender; the host: shutting down). */
  admit?(context: Context): void;
  /** Contract methods this face answers itself rather than the engine (main: pickPath with the desktop's dialog). */
  overrides?: Overrides;
  /** Methods private to one transport, outside the contract (the engine host's flame documents and shutdown). They check their own params. */
  extensions?: Record<string, (params: unknown) => unknown>;
  /** After a contract call succeeded (main refreshes its Recent sessions menu after a delete). */
  afterCall?(method: MethodName): void;
}

/** The wire form of any failure; an error that came from another engine process passes on unchanged. */
export function wireError(err: unknown): SerializedError {
  return err instanceof RemoteError ? err.serialized : serializeError(err);
}

/** The answer to a message that is not a call: it cannot carry the caller's id, so its id is null. */
export function malformed(detail: string): AnswerMessage {
  return { id: null, ok: false, error: serializeError(new CheckupError('CHK_INVALID_OPTIONS', { detail })) };
}

function own(record: Record<string, unknown> | undefined, key: string): boolean {
  return record !== undefined && Object.prototype.hasOwnProperty.call(record, key);
}

/** The one decision on a name that is no method: the same code over every transport. */
function unknownMethod(method: unknown): CheckupError {
  return new CheckupError('CHK_UNKNOWN_METHOD', { method: JSON.stringify(String(method).slice(0, 80)) });
}

/** A contract payload checked against its schema, or the refusal naming each bad field. */
function checkedParams(method: MethodName, params: unknown): unknown {
  const parsed = methodParams[method].safeParse(params ?? {});
  if (!parsed.success) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `${method}: ${describeIssues(parsed.error.issues, { whole: 'params' })}` });
  return parsed.data;
}

/** Answers one call: what a request/response transport (Electron's invoke) uses directly. */
export function createCallHandler<Context = void>(engine: EngineApi, options: ServeOptions<Context> = {}) {
  return async (method: unknown, params: unknown, context: Context): Promise<Outcome> => {
    try {
      options.admit?.(context);
      if (typeof method === 'string' && own(options.extensions, method)) return { ok: true, value: await options.extensions![method]!(params) };
      if (!isMethodName(method)) throw unknownMethod(method);
      const checked = checkedParams(method, params);
      const answer = (own(options.overrides, method) ? options.overrides![method] : engine[method].bind(engine)) as (p: unknown) => Promise<unknown>;
      const value = await answer(checked);
      options.afterCall?.(method);
      return { ok: true, value };
    } catch (err) {
      return { ok: false, error: wireError(err) };
    }
  };
}

function validId(id: unknown): id is CallId {
  return (typeof id === 'number' && Number.isSafeInteger(id)) || (typeof id === 'string' && id.length > 0 && id.length <= 64);
}

/**
 * Serves `engine` over a message transport: answers each call by id and pushes every engine event, until the
 * transport closes. A message that is not a call is answered with id null and the link stays up: one wrong message
 * must not cost a page its live run.
 */
export function serveEngine(engine: EngineApi, transport: Transport<AnswerMessage | EventMessage>, options: ServeOptions = {}): void {
  const handle = createCallHandler(engine, options);
  const send = (message: AnswerMessage | EventMessage): void => {
    try {
      void Promise.resolve(transport.send(message)).catch(() => undefined);
    } catch {
      // the link is gone; its close says so
    }
  };
  const unsubscribe = engine.onEvent((event) => send({ event }));
  transport.onClose(() => unsubscribe());
  transport.onMessage((message) => {
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return send(malformed('a call is one object { id, method, params }'));
    const { id, method, params } = message as Record<string, unknown>;
    if (!validId(id)) return send(malformed('a call needs an id (a number or a short string)'));
    void handle(method, params).then((outcome) => send({ id, ...outcome }));
  });
}
