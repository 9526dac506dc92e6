// Closes an inspector from outside the engine, with Node's built-ins only: the inspector guard (its own small
// process, run by plain Node, which cannot load our npm packages from the packaged archive) asks the inspector's
// /json/list for its WebSocket, opens it with a plain HTTP upgrade, and sends the one message that closes it.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { inspectorUrlAt } from './inspector-list.js';
import { CLOSE_INSPECTOR } from './inspector-watchdog.js';

const TIMEOUT_MS = 1500;

/** One masked text frame (a client must mask what it sends); 7- or 16-bit length: the one message sent is < 64 KB. */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = randomBytes(4);
  const length = payload.length < 126 ? [0x80 | payload.length] : [0x80 | 126, payload.length >> 8, payload.length & 255];
  const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
  return Buffer.concat([Buffer.from([0x81, ...length]), mask, masked]);
}

/** Sends the inspector on host:port the message that closes it; true when the message went out. */
export async function closeInspectorAt(host: string, port: number): Promise<boolean> {
  const url = await inspectorUrlAt(host, port);
  const path = url ? new URL(url).pathname : undefined;
  if (!path) return false;
  const message = JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression: CLOSE_INSPECTOR, includeCommandLineAPI: true, silent: true } });
  return new Promise((resolve) => {
    const req = request({
      host,
      port,
      path,
      timeout: TIMEOUT_MS,
      headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': randomBytes(16).toString('base64') },
    });
    req.on('upgrade', (_res, socket) => {
      socket.on('error', () => undefined);
      // The reply (or the inspector closing under us) says the message was read.
      const done = () => {
        socket.destroy();
        resolve(true);
      };
      socket.once('data', done);
      socket.once('close', done);
      socket.setTimeout(TIMEOUT_MS, done);
      socket.write(textFrame(message));
    });
    req.on('response', (res) => {
      res.resume();
      resolve(false);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}
