// What `checkup://app/` serves: the renderer's files, speedscope's static app under `speedscope/`, and flame documents
// under `flame/` (asked of the engine host). A plain function from a fetch Request to a Response, so it is tested
// without Electron; main.ts hands it to protocol.handle.
//
// Path traversal: every path segment is percent-decoded once and refused when it is empty, '.', '..', or holds a
// slash, backslash, NUL or drive colon after decoding; the joined path must still lie under its root. The URL parser
// has already folded literal and %2e dot segments; this catches what survives decoding (`..%2f..`, `%5c`, `%00`).
import { stat, readFile } from 'node:fs/promises';
import { join, relative, isAbsolute, sep } from 'node:path';
import { ROUTES } from '../app/contract/api.js';
import { contentType } from '../app/server/static-files.js';
import { APP_HOST, CONTENT_SECURITY_POLICY, SCHEME } from './scheme.js';

interface AppProtocolRoots {
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** speedscope's static app (node_modules/speedscope/dist/release). */
  speedscopeDir: string;
  /** A flame document by file name (`<id>.cpuprofile`), from the engine host; undefined when unknown or expired. */
  flameDocument(name: string): Promise<Uint8Array | undefined>;
}

const FLAME_PREFIX = ROUTES.flamePrefix.replace(/\/$/, '');
const SPEEDSCOPE_PREFIX = ROUTES.speedscope.split('/')[0]!;

function headers(contentType: string): Headers {
  return new Headers({
    'Content-Type': contentType,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: headers('text/plain; charset=utf-8') });
}

class Refused extends Error {
  constructor(readonly status: number) {
    super(String(status));
  }
}

/** The decoded path segments of our URL, or Refused(403/400). */
function safeSegments(url: URL): string[] {
  if (url.protocol !== `${SCHEME}:` || url.hostname.toLowerCase() !== APP_HOST || url.port || url.username || url.password) {
    throw new Refused(403);
  }
  const raw = url.pathname.split('/').slice(1);
  if (raw.length === 1 && raw[0] === '') return ['index.html'];
  return raw.map((segment) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw new Refused(400);
    }
    if (!decoded || decoded === '.' || decoded === '..' || /[/\\\0:]/.test(decoded)) throw new Refused(403);
    return decoded;
  });
}

/** `root` joined with `segments`, guaranteed to stay under `root`. */
function under(root: string, segments: string[]): string {
  const path = join(root, ...segments);
  const rel = relative(root, path);
  if (!rel || rel.startsWith('..' + sep) || rel === '..' || isAbsolute(rel)) throw new Refused(403);
  return path;
}

async function serveFile(path: string, head: boolean): Promise<Response> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) return plain(404, 'Not found');
  const type = contentType(path);
  const body = head ? null : await readFile(path);
  return new Response(body, { status: 200, headers: headers(type) });
}

export function createAppProtocolHandler(roots: AppProtocolRoots): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed');
    const head = request.method === 'HEAD';
    try {
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        return plain(400, 'Bad request');
      }
      const segments = safeSegments(url);
      const [first, ...rest] = segments;
      if (first === FLAME_PREFIX) {
        if (rest.length !== 1) return plain(404, 'Not found');
        const doc = await roots.flameDocument(rest[0]!);
        if (!doc) return plain(404, 'This flame document has expired: open the profile again.');
        return new Response(head ? null : doc, { status: 200, headers: headers('application/json; charset=utf-8') });
      }
      if (first === SPEEDSCOPE_PREFIX) {
        return await serveFile(under(roots.speedscopeDir, rest.length ? rest : ['index.html']), head);
      }
      return await serveFile(under(roots.rendererDir, segments), head);
    } catch (err) {
      if (err instanceof Refused) return plain(err.status, err.status === 403 ? 'Forbidden' : 'Bad request');
      return plain(500, 'Internal error');
    }
  };
}
