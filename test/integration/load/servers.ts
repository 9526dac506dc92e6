// Small real servers on port 0 for the load tests, each counting what it served so the tests can compare the load
// generator's figures with the server's own.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface CountingServer {
  port: number;
  /** Requests the server has seen (counted on arrival). */
  count: number;
  /** Requests seen by method + path, e.g. "GET /a". */
  byRoute: Map<string, number>;
  /** Header values seen for x-test. */
  testHeaders: Map<string, number>;
  bodies: Map<string, number>;
  openConnections(): Promise<number>;
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export async function startServer(handler: Handler = (_req, res) => res.end('ok')): Promise<CountingServer> {
  const sockets = new Set<Socket>();
  const state = { count: 0 };
  const byRoute = new Map<string, number>();
  const testHeaders = new Map<string, number>();
  const bodies = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const server: Server = createServer((req, res) => {
    state.count++;
    bump(byRoute, `${req.method} ${req.url}`);
    const header = req.headers['x-test'];
    if (typeof header === 'string') bump(testHeaders, header);
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (body) bump(bodies, body);
      handler(req, res, body);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    get count() {
      return state.count;
    },
    byRoute,
    testHeaders,
    bodies,
    openConnections: () => new Promise((resolve, reject) => server.getConnections((err, n) => (err ? reject(err) : resolve(n)))),
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
