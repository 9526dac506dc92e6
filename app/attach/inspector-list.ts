// What an inspector's HTTP endpoint lists (GET /json/list): its WebSocket. Node's built-ins only, so that the inspector
// guard's own process, run by plain Node outside the packaged archive, can read it as the engine does.
import { get } from 'node:http';

/** The WebSocket an inspector's HTTP endpoint names (GET /json/list), or undefined when nothing there is one. */
export function inspectorUrlAt(host: string, port: number, timeoutMs = 1500): Promise<string | undefined> {
  return new Promise((resolve) => {
    const req = get({ host: host.replace(/^\[|\]$/g, ''), port, path: '/json/list', timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
        if (body.length > 65536) req.destroy();
      });
      res.on('end', () => {
        try {
          const list = JSON.parse(body) as Array<{ webSocketDebuggerUrl?: unknown }>;
          const url = Array.isArray(list) ? list.map((t) => t.webSocketDebuggerUrl).find((u): u is string => typeof u === 'string') : undefined;
          resolve(url);
        } catch {
          resolve(undefined);
        }
      });
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(undefined));
  });
}
