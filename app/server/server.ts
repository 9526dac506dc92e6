// Browser mode: one HTTP server on 127.0.0.1 that serves the renderer, speedscope and flame documents, takes profile
// uploads, hands out exported reports and bundles (/download), and carries the engine API over a WebSocket at /api.
// Every request and upgrade passes the guard first.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';
import { dirname, join } from 'node:path';
import { WebSocketServer } from 'ws';
import type { EngineApi } from '../contract/api.js';
import { CheckupError, serializeError } from '../errors.js';
import { rootDir } from '../paths.js';
import { serveDownload } from './download.js';
import { checkRequest, newToken, tokenCookie, type GuardConfig } from './guard.js';
import { LaunchCodes } from './launch-codes.js';
import { resolveInside, sendFile } from './static-files.js';
import { receiveUpload, uploadFolder, UPLOAD_LIMIT_BYTES } from './upload.js';
import { KEPT_UPLOADS, pruneUploads, removeUploads, UPLOADS_FOLDER, type UploadBounds } from './uploads-kept.js';
import { serveSocket } from './ws-api.js';

/** The renderer's policy. 'unsafe-inline' styles: Svelte and uPlot set style attributes; scripts stay 'self' only. */
export const RENDERER_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; " +
  "frame-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'self'";

/**
 * speedscope's page, framed by ours: the same policy, plus 'wasm-unsafe-eval' because its JFR importer is WebAssembly
 * (never used for our documents, but a missing permission would put a CSP error in the console if it loads).
 */
const SPEEDSCOPE_CSP = RENDERER_CSP.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'");

const BASE_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'SAMEORIGIN',
  'Cache-Control': 'no-store',
};

/** What the server needs of the engine: the API, and the flame documents it prepared for speedscope. */
type ServedEngine = EngineApi & {
  readonly sessionsDir: string;
  readonly profiles: { flameDocument(name: string): Buffer | undefined };
};

interface ServerOptions {
  engine: ServedEngine;
  /** 0 (default): a free port chosen by the OS. */
  port?: number;
  /** The secret; a fresh random one by default. */
  token?: string;
  /** The built renderer (vite build output). */
  rendererDir?: string;
  /** Where uploads go; `<sessionsDir>/.uploads` by default (app/server/uploads-kept.ts). */
  importsDir?: string;
  uploadLimitBytes?: number;
  /** How many uploads, and how many bytes of them, are kept at most (KEPT_UPLOADS by default). */
  uploadsKept?: UploadBounds;
}

export interface CheckupServer {
  port: number;
  token: string;
  /** The address with the token, for the user to read on their terminal (never to hand to another program). */
  url: string;
  /** An address for a browser started by another program: a one-time code instead of the token (launch-codes.ts). */
  launchUrl(): string;
  close(): Promise<void>;
}

/** speedscope's static app, resolved like any dependency so it is found in a checkout and in a packaged app. */
export function speedscopeDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('speedscope/package.json')), 'dist', 'release');
}

function forbidden(res: ServerResponse): void {
  res.writeHead(403, { ...BASE_HEADERS, 'Content-Length': '0' });
  res.end();
}

/**
 * The address opened without its token (a bookmark, a copied link, a restarted server): a page that says how to get
 * in, rather than a blank refusal. It carries nothing of the session (no token, no data), has no script, and is sent
 * only to a request that names our own host, so another site can learn nothing from it.
 */
const TOKEN_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkup: open the address with its token</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2937}code{background:#f1f5f9;padding:0 .3em;border-radius:4px}h1{font-size:1.4rem}</style></head>
<body><h1>Checkup needs the address with its token</h1>
<p>This is Checkup's browser mode, but this address lacks the secret token that lets only you in.</p>
<ol><li>Open the full address <code>checkup serve</code> printed when it started: it ends with <code>/?token=</code> and 64 characters.</li>
<li>If you no longer have it, stop <code>checkup serve</code> (Ctrl-C) and start it again: it prints a new address and opens it.</li></ol>
<p>Links within the app (such as <code>#/diagnosis/…</code>) work once the browser has been let in with the token.</p></body></html>`;

function needsToken(res: ServerResponse, headOnly: boolean): void {
  res.writeHead(403, { ...BASE_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'", 'Content-Length': String(Buffer.byteLength(TOKEN_PAGE)) });
  res.end(headOnly ? undefined : TOKEN_PAGE);
}

function json(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...BASE_HEADERS, ...extra, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(text)) });
  res.end(text);
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { ...BASE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end('Not found');
}

function refuseUpgrade(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

export async function startServer(options: ServerOptions): Promise<CheckupServer> {
  const { engine } = options;
  const rendererDir = options.rendererDir ?? join(rootDir, 'out', 'renderer');
  const speedscope = speedscopeDir();
  const importsDir = options.importsDir ?? join(engine.sessionsDir, UPLOADS_FOLDER);
  const uploadsKept = options.uploadsKept ?? KEPT_UPLOADS;
  /** The upload folders this server received, removed when it stops. */
  const received = new Set<string>();
  await pruneUploads(importsDir, uploadsKept);
  const uploadLimit = options.uploadLimitBytes ?? UPLOAD_LIMIT_BYTES;
  const launchCodes = new LaunchCodes();
  const guard: GuardConfig = { port: 0, token: options.token ?? newToken(), redeem: (code) => launchCodes.redeem(code) };

  async function route(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const method = req.method ?? 'GET';
    if (path === '/upload') {
      if (method !== 'POST') return json(res, 405, { error: serializeError(new CheckupError('CHK_INVALID_OPTIONS', { detail: 'upload with POST' })) }, headers);
      try {
        const result = await receiveUpload(req, importsDir, uploadLimit);
        received.add(uploadFolder(result));
        await pruneUploads(importsDir, uploadsKept, uploadFolder(result));
        return json(res, 200, result, headers);
      } catch (err) {
        const error = serializeError(err);
        const status = error.code === 'CHK_PROFILE_TOO_LARGE' ? 413 : error.code === 'CHK_CANCELLED' ? 400 : 500;
        // The rest of a refused body is not read: close the connection rather than drain a gigabyte.
        return json(res, status, { error }, { ...headers, Connection: 'close' });
      }
    }
    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD', 'Content-Length': '0' });
      return void res.end();
    }
    const headOnly = method === 'HEAD';
    if (path === '/api') {
      res.writeHead(426, { ...headers, Upgrade: 'websocket', 'Content-Length': '0' });
      return void res.end();
    }
    if (path === '/download') return serveDownload(req, res, engine.sessionsDir, importsDir, headers, headOnly);
    if (path.startsWith('/flame/')) {
      const name = path.slice('/flame/'.length);
      const doc = engine.profiles.flameDocument(name);
      if (!doc) return notFound(res);
      res.writeHead(200, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(doc.length) });
      return void res.end(headOnly ? undefined : doc);
    }
    if (path === '/speedscope' || path.startsWith('/speedscope/')) {
      const rest = path.slice('/speedscope/'.length) || 'index.html';
      const file = resolveInside(speedscope, rest);
      const csp: Record<string, string> = rest === 'index.html' ? { 'Content-Security-Policy': SPEEDSCOPE_CSP } : {};
      if (!file || !(await sendFile(res, file, { ...headers, ...csp }, headOnly))) notFound(res);
      return;
    }
    const rest = path === '/' ? 'index.html' : path.slice(1);
    const file = resolveInside(rendererDir, rest);
    const csp: Record<string, string> = rest.endsWith('.html') ? { 'Content-Security-Policy': RENDERER_CSP } : {};
    if (file && (await sendFile(res, file, { ...headers, ...csp }, headOnly))) return;
    if (rest === 'index.html') {
      res.writeHead(503, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      return void res.end('The renderer is not built: run `npm run build` in the checkout.');
    }
    notFound(res);
  }

  const server = createServer((req, res) => {
    const verdict = checkRequest(req, guard, { requireOrigin: false });
    if (!verdict.ok) {
      req.resume();
      const page = (req.method === 'GET' || req.method === 'HEAD') && /^\/(index\.html)?(\?|$)/.test(req.url ?? '');
      return verdict.reason === 'token' && page ? needsToken(res, req.method === 'HEAD') : forbidden(res);
    }
    const headers = verdict.fromQuery ? { ...BASE_HEADERS, 'Set-Cookie': tokenCookie(guard) } : { ...BASE_HEADERS };
    if (verdict.launched) {
      // The code is spent: on to the address without it, the cookie set. A page of ours does it rather than a 303: the
      // browser came from a file (a cross-site start), and a SameSite=Strict cookie is sent only on a navigation our
      // own page starts.
      req.resume();
      const page = '<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=/"><title>Checkup</title><a href="/">Open Checkup</a>\n';
      res.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'", 'Content-Length': String(Buffer.byteLength(page)) });
      return void res.end(page);
    }
    route(req, res, headers).catch((err: unknown) => {
      if (res.headersSent) res.destroy();
      else json(res, 500, { error: serializeError(err) }, headers);
    });
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
  wss.on('connection', (socket) => serveSocket(socket, engine));
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    // Origin is required here: browsers always send it on a WebSocket, and only a page can be tricked into opening one.
    if (!checkRequest(req, guard, { requireOrigin: true }).ok) return refuseUpgrade(socket, '403 Forbidden');
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/api') return refuseUpgrade(socket, '404 Not Found');
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (err.code === 'EADDRINUSE') reject(new CheckupError('CHK_INVALID_OPTIONS', { detail: `port ${options.port} is already in use (choose another --port, or 0 for any free one)` }));
      else if (err.code === 'EACCES') reject(new CheckupError('CHK_INVALID_OPTIONS', { detail: `port ${options.port} needs privileges (choose one above 1023, or 0)` }));
      else reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(options.port ?? 0, '127.0.0.1');
  });
  const address = server.address();
  guard.port = typeof address === 'object' && address ? address.port : 0;

  return {
    port: guard.port,
    token: guard.token,
    url: `http://127.0.0.1:${guard.port}/?token=${guard.token}`,
    launchUrl: () => `http://127.0.0.1:${guard.port}/?code=${launchCodes.issue()}`,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await removeUploads(received);
    },
  };
}
