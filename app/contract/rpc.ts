// The engine API on the wire, said once for every transport (Electron IPC, the engine host's channel, browser mode's
// WebSocket): the messages, the list of methods, and the client. Shaped after VS Code's one generic channel for a
// service (src/vs/base/parts/ipc/common/ipc.ts): a transport only moves messages; calls by id, answers, events and
// what a lost link means are decided here. The serving side is app/rpc/serve-engine.ts.
//
// Dependency-free on purpose (types only, no zod, no Node, no DOM): the renderer imports this file as a value.
import type { SerializedError } from '../errors.js';
import type { EngineApi, EngineEvent, MethodName, MethodParams, MethodResults } from './api.js';

/**
 * Every method of the contract, once, as a value. `satisfies` fails the build when this drifts from `methodParams`
 * in api.ts either way (a method missing here, or one that the schemas do not know).
 */
const ENGINE_METHODS = {
  listLabs: true,
  validateRecipe: true,
  startRun: true,
  stopRun: true,
  listSessions: true,
  getSession: true,
  deleteSession: true,
  openProfile: true,
  exportProfile: true,
  describeProject: true,
  compareSessions: true,
  compareProfiles: true,
  rerun: true,
  watchProject: true,
  watchState: true,
  setSessionNote: true,
  exportReport: true,
  exportBundle: true,
  importBundle: true,
  openInEditor: true,
  revealPath: true,
  describeRerun: true,
  confirmImportedRecipe: true,
  pickPath: true,
  startStartup: true,
  getStartup: true,
  compareStartups: true,
  currentRun: true,
  runAgainstCommit: true,
  checkCommitComparison: true,
  listRunningApps: true,
  startAttachRun: true,
  findRoutes: true,
  stopFindRoutes: true,
  listCourses: true,
  getLabCourse: true,
  startLab: true,
  resetLab: true,
  solutionDiff: true,
  recordStep: true,
  checkCulprit: true,
  checkLab: true,
  exportCourse: true,
  importCourse: true,
  exportProgress: true,
  rampLoad: true,
  getRamp: true,
  importHar: true,
} as const satisfies Record<MethodName, true>;

export const METHOD_NAMES = Object.keys(ENGINE_METHODS) as readonly MethodName[];

/** True for the contract's own methods only (not `toString`, `__proto__` or an engine's other members). */
export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(ENGINE_METHODS, name);
}

export type CallId = number | string;

/** Caller -> server. */
export interface CallMessage {
  id: CallId;
  method: string;
  params?: unknown;
}

/** How one call ended: its value, or its error in wire form (codes survive every transport, unlike thrown errors). */
export type Outcome = { ok: true; value: unknown } | { ok: false; error: SerializedError };

/** Server -> caller: the outcome of call `id`; `id` is null when the message was too malformed to carry one. */
export type AnswerMessage = { id: CallId | null } & Outcome;

/** Server -> caller, pushed. */
export interface EventMessage {
  event: EngineEvent;
}

/**
 * One link between a caller and a server, whatever carries it. `onClose` says the link was lost: calls in flight
 * will get no answer. A link may come back (the page's socket reconnects, main restarts a dead engine host); `send`
 * throws (or rejects) while it cannot carry a message.
 */
export interface Transport<Out> {
  send(message: Out): void | Promise<void>;
  onMessage(listener: (message: unknown) => void): void;
  onClose(listener: (error: SerializedError) => void): void;
}

/** An engine error on the caller's side: the coded wire form, thrown as an Error. */
export class RemoteError extends Error implements SerializedError {
  readonly code: string;
  readonly hint?: string;
  readonly details?: string[];
  /** The wire form as received, to pass on unchanged (main answers the renderer with what the host said). */
  readonly serialized: SerializedError;

  constructor(error: SerializedError) {
    super(error.message);
    this.name = 'CheckupError';
    this.code = error.code;
    if (error.hint) this.hint = error.hint;
    if (error.details) this.details = error.details;
    this.serialized = error;
  }
}

/** Calls by name over a transport: what every typed client is built on. */
export interface RpcClient {
  call(method: string, params?: unknown): Promise<unknown>;
  onEvent(listener: (event: EngineEvent) => void): () => void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function createRpcClient(transport: Transport<CallMessage>): RpcClient {
  const pending = new Map<CallId, { resolve(value: unknown): void; reject(err: unknown): void }>();
  const listeners = new Set<(event: EngineEvent) => void>();
  let nextId = 1;

  transport.onMessage((message) => {
    if (!isRecord(message)) return;
    if (isRecord(message.event)) {
      for (const listener of listeners) {
        try {
          listener(message.event as unknown as EngineEvent);
        } catch {
          // a broken subscriber must not stop the others
        }
      }
      return;
    }
    const id = message.id as CallId;
    const call = pending.get(id);
    if (!call || typeof message.ok !== 'boolean') return;
    pending.delete(id);
    if (message.ok) call.resolve(message.value);
    else call.reject(new RemoteError(message.error as SerializedError));
  });

  transport.onClose((error) => {
    for (const call of pending.values()) call.reject(new RemoteError(error));
    pending.clear();
  });

  return {
    call(method, params = {}) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const failed = (err: unknown): void => {
          pending.delete(id);
          reject(err);
        };
        try {
          void Promise.resolve(transport.send({ id, method, params })).catch(failed);
        } catch (err) {
          failed(err);
        }
      });
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The contract's shape over calls by name. */
export function engineApi(rpc: RpcClient): EngineApi {
  const api = { onEvent: (listener: (event: EngineEvent) => void) => rpc.onEvent(listener) } as Record<string, unknown>;
  for (const method of METHOD_NAMES) api[method] = (params: MethodParams[typeof method]) => rpc.call(method, params) as Promise<MethodResults[typeof method]>;
  return api as EngineApi;
}

/** An EngineApi-shaped client over a transport. */
export function createEngineClient(transport: Transport<CallMessage>): EngineApi {
  return engineApi(createRpcClient(transport));
}
