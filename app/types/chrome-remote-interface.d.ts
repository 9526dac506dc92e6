// Just the part of chrome-remote-interface we use: connect to a WebSocket URL and send raw protocol commands.
declare module 'chrome-remote-interface' {
  interface CdpClient {
    send(method: string, params?: Record<string, unknown>): Promise<unknown>;
    on(event: 'disconnect', listener: () => void): void;
    on(event: string, listener: (params: unknown) => void): void;
    close(): Promise<void>;
  }
  interface CdpOptions {
    target?: string;
    local?: boolean;
    host?: string;
    port?: number;
  }
  function CDP(options?: CdpOptions): Promise<CdpClient>;
  export default CDP;
  export type { CdpClient };
}
