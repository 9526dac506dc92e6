// @ts-check
// A TCP port on 127.0.0.1 that was free a moment ago, for a server that must be told its port in advance (PORT=...).
// Another process may take it before ours listens; callers that can listen on port 0 should do that instead.
// Plain ESM JavaScript so scripts, the CommonJS corpus (require), the benchmarks and the tests share it.
import { createServer } from 'node:net';

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(address.port));
    });
  });
}
