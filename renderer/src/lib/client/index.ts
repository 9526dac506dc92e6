// The one engine client the renderer uses: `window.checkup` when the desktop's preload provided it, else the
// browser-mode WebSocket client. Both have the contract's shape, so nothing above this file knows which it is.
import type { CheckupClient } from '../../../../app/contract/index.js';
import { createWsClient, type ConnectionStatus } from './ws-client.js';

export type { ConnectionStatus } from './ws-client.js';

declare global {
  interface Window {
    checkup?: CheckupClient;
  }
}

export type Client = CheckupClient & { onStatus?(listener: (s: ConnectionStatus) => void): () => void };

let client: Client | undefined;

/** Takes the secret out of the address bar (the server has set its cookie by now), so it is not kept in history. */
function takeToken(): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (token) {
    url.searchParams.delete('token');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
  }
  return token;
}

export function getClient(): Client {
  if (client) return client;
  if (window.checkup) client = window.checkup;
  else client = createWsClient({ base: window.location.href, token: takeToken() });
  return client;
}
