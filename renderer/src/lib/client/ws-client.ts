// The engine API in browser mode: the shared RPC client (app/contract/rpc.ts) over one WebSocket to the
// `checkup serve` that served this page, plus what only this face has: files uploaded over HTTP, and the link's
// status. Reconnects on its own (backing off) and says when it is disconnected, so the page can show it; calls made
// while disconnected fail at once with CHK_DISCONNECTED rather than hang.
import { createEngineClient, RemoteError, type CallMessage, type Transport } from '../../../../app/contract/rpc.js';
import type { CheckupClient, DroppedFile, SerializedError } from '../../../../app/contract/index.js';

export type ConnectionStatus = 'connecting' | 'open' | 'disconnected';

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 5000;

// The catalogue's CHK_DISCONNECTED (app/errors.ts), written out: the page may not import the catalogue.
const DISCONNECTED: SerializedError = {
  code: 'CHK_DISCONNECTED',
  message: 'Lost the connection to Checkup.',
  hint: 'Is `checkup serve` still running? The page reconnects on its own.',
};

export interface WsClientOptions {
  /** The page's own address: the socket and uploads are relative to it. */
  base: string;
  /** The secret from the page's first address; the HttpOnly cookie carries it too. */
  token?: string | null;
}

function withToken(url: URL, token: string | null | undefined): URL {
  if (token) url.searchParams.set('token', token);
  return url;
}

/** The page's link to the engine: one socket at a time, a new one after each loss, and its status for the page. */
class ReconnectingSocket implements Transport<CallMessage> {
  status: ConnectionStatus = 'connecting';
  private socket: WebSocket | undefined;
  private opened: Promise<void> = Promise.resolve();
  private retryMs = RETRY_MIN_MS;
  private readonly messageListeners: Array<(message: unknown) => void> = [];
  private readonly closeListeners: Array<(error: SerializedError) => void> = [];
  readonly statusListeners = new Set<(status: ConnectionStatus) => void>();

  constructor(private readonly options: WsClientOptions) {
    this.connect();
  }

  private setStatus(next: ConnectionStatus): void {
    if (next === this.status) return;
    this.status = next;
    for (const listener of this.statusListeners) listener(next);
  }

  private connect(): void {
    const url = withToken(new URL('api', this.options.base), this.options.token);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(url);
    this.socket = ws;
    this.opened = new Promise<void>((resolve, reject) => {
      ws.addEventListener('open', () => {
        this.retryMs = RETRY_MIN_MS;
        this.setStatus('open');
        resolve();
      });
      ws.addEventListener('close', () => {
        reject(new RemoteError(DISCONNECTED));
        for (const listener of this.closeListeners) listener(DISCONNECTED);
        this.setStatus('disconnected');
        setTimeout(() => this.connect(), this.retryMs);
        this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs * 2);
      });
    });
    this.opened.catch(() => undefined);
    ws.addEventListener('message', (msg) => {
      if (typeof msg.data !== 'string') return;
      let message: unknown;
      try {
        message = JSON.parse(msg.data);
      } catch {
        return;
      }
      for (const listener of this.messageListeners) listener(message);
    });
  }

  async send(message: CallMessage): Promise<void> {
    if (this.status === 'connecting') await this.opened;
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) throw new RemoteError(DISCONNECTED);
    this.socket.send(JSON.stringify(message));
  }

  onMessage(listener: (message: unknown) => void): void {
    this.messageListeners.push(listener);
  }

  onClose(listener: (error: SerializedError) => void): void {
    this.closeListeners.push(listener);
  }
}

async function upload(file: DroppedFile, options: WsClientOptions): Promise<string> {
  if (!(file instanceof Blob)) throw new RemoteError({ code: 'CHK_INVALID_OPTIONS', message: 'Invalid options: not a file' });
  const url = withToken(new URL('upload', options.base), options.token);
  url.searchParams.set('name', file.name);
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', body: file, headers: { 'Content-Type': 'application/octet-stream' } });
  } catch {
    throw new RemoteError(DISCONNECTED);
  }
  const body = (await response.json().catch(() => ({}))) as { path?: string; error?: SerializedError };
  if (!response.ok || !body.path) throw new RemoteError(body.error ?? { code: 'CHK_INTERNAL', message: `Upload failed (HTTP ${response.status}).` });
  return body.path;
}

export function createWsClient(options: WsClientOptions): CheckupClient & { onStatus(listener: (s: ConnectionStatus) => void): () => void } {
  const link = new ReconnectingSocket(options);
  return Object.assign(createEngineClient(link), {
    host: 'browser' as const,
    files: { toPath: (file: DroppedFile) => upload(file, options) },
    onStatus(listener: (s: ConnectionStatus) => void) {
      link.statusListeners.add(listener);
      listener(link.status);
      return () => void link.statusListeners.delete(listener);
    },
  });
}
