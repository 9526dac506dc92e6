// A plain HTTP server on loopback for tests that exercise the probe in-process: listens on a free port and registers
// its own stop (connections closed first) with the caller's list of stops.
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function listenOnLoopback(handler: RequestListener, stops: (() => void)[]): Promise<number> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  stops.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return (server.address() as AddressInfo).port;
}
