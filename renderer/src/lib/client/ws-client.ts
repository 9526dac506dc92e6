// The engine API in browser mode: calls and events over one WebSocket to the `checkup serve` that served this page,
// files uploaded over HTTP. Reconnects on its own (backing off) and says when it is disconnected, so the page can
// show it; calls made while disconnected fail at once with CHK_DISCONNECTED rather than hang.
import type {
  CheckupClient,
  DroppedFile,
  EngineEvent,
  MethodName,
  MethodParams,
  MethodResults,
  SerializedError,
} from '../../../../app/contract/index.js';

export type ConnectionStatus = 'connecting' | 'open' | 'disconnected';

/** An engine error as the renderer sees it: the coded, serialised form, thrown as an Error. */
export class ClientError extends Error implements SerializedError {
  readonly code: string;
  readonly hint?: string;
  readonly details?: string[];

  constructor(error: SerializedError) {
    super(error.message);
    this.name = 'ClientError';
    this.code = error.code;
    if (error.hint) this.hint = error.hint;
    if (error.details) this.details = error.details;
  }
}

/** Every method of the contract, checked against MethodName at compile time (a missing one is a type error). */
const METHODS: Record<MethodName, true> = {
  listLabs: true,
  validateRecipe: true,
  startRun: true,
  stopRun: true,
  listSessions: true,
  getSession: true,
  deleteSession: true,
  openProfile: true,
  describeProject: true,
  compareSessions: true,
  rerun: true,
  watchProject: true,
  watchState: true,
  setSessionNote: true,
  exportReport: true,
  exportBundle: true,
  importBundle: true,
  openInEditor: true,
  revealPath: true,
  pickPath: true,
};

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 5000;

function disconnected(): ClientError {
  return new ClientError({ code: 'CHK_DISCONNECTED', message: 'Lost the connection to Checkup.', hint: 'Is `checkup serve` still running? The page reconnects on its own.' });
}

export interface WsClientOptions {
  /** The page's own address: the socket and uploads are relative to it. */
  base: string;
  /** The secret from the page's first address; the HttpOnly cookie carries it too. */
  token?: string | null;
}

export function createWsClient(options: WsClientOptions): CheckupClient & { onStatus(listener: (s: ConnectionStatus) => void): () => void } {
  const listeners = new Set<(event: EngineEvent) => void>();
  const statusListeners = new Set<(status: ConnectionStatus) => void>();
  const pending = new Map<number, Pending>();
  let status: ConnectionStatus = 'connecting';
  let socket: WebSocket | undefined;
  let opened: Promise<void> = Promise.resolve();
  let nextId = 1;
  let retryMs = RETRY_MIN_MS;

  const withToken = (url: URL) => {
    if (options.token) url.searchParams.set('token', options.token);
    return url;
  };

  function setStatus(next: ConnectionStatus): void {
    if (next === status) return;
    status = next;
    for (const l of statusListeners) l(next);
  }

  function connect(): void {
    const url = withToken(new URL('api', options.base));
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(url);
    socket = ws;
    opened = new Promise<void>((resolve, reject) => {
      ws.addEventListener('open', () => {
        retryMs = RETRY_MIN_MS;
        setStatus('open');
        resolve();
      });
      ws.addEventListener('close', () => {
        reject(disconnected());
        for (const p of pending.values()) p.reject(disconnected());
        pending.clear();
        setStatus('disconnected');
        setTimeout(connect, retryMs);
        retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
      });
    });
    opened.catch(() => undefined);
    ws.addEventListener('message', (msg) => {
      if (typeof msg.data !== 'string') return;
      let data: { id?: number | null; result?: unknown; error?: SerializedError; event?: EngineEvent };
      try {
        data = JSON.parse(msg.data) as typeof data;
      } catch {
        return;
      }
      if (data.event) {
        for (const l of listeners) l(data.event);
        return;
      }
      const call = typeof data.id === 'number' ? pending.get(data.id) : undefined;
      if (!call) return;
      pending.delete(data.id as number);
      if (data.error) call.reject(new ClientError(data.error));
      else call.resolve(data.result);
    });
  }

  async function call<M extends MethodName>(method: M, params: MethodParams[M]): Promise<MethodResults[M]> {
    if (status === 'connecting') await opened;
    if (!socket || socket.readyState !== WebSocket.OPEN) throw disconnected();
    const id = nextId++;
    const result = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
    socket.send(JSON.stringify({ id, method, params: params ?? {} }));
    return result as Promise<MethodResults[M]>;
  }

  async function upload(file: DroppedFile): Promise<string> {
    if (!(file instanceof Blob)) throw new ClientError({ code: 'CHK_INVALID_OPTIONS', message: 'Invalid options: not a file' });
    const url = withToken(new URL('upload', options.base));
    url.searchParams.set('name', file.name);
    let response: Response;
    try {
      response = await fetch(url, { method: 'POST', body: file, headers: { 'Content-Type': 'application/octet-stream' } });
    } catch {
      throw disconnected();
    }
    const body = (await response.json().catch(() => ({}))) as { path?: string; error?: SerializedError };
    if (!response.ok || !body.path) throw new ClientError(body.error ?? { code: 'CHK_INTERNAL', message: `Upload failed (HTTP ${response.status}).` });
    return body.path;
  }

  connect();
  const api = Object.fromEntries(
    (Object.keys(METHODS) as MethodName[]).map((m) => [m, (params: MethodParams[typeof m]) => call(m, params)]),
  ) as unknown as CheckupClient;
  return Object.assign(api, {
    host: 'browser' as const,
    files: { toPath: upload },
    onEvent(listener: (event: EngineEvent) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onStatus(listener: (s: ConnectionStatus) => void) {
      statusListeners.add(listener);
      listener(status);
      return () => void statusListeners.delete(listener);
    },
  });
}
