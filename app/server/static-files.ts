// Files served as they are: the built renderer and speedscope's release folder. A request path is decoded, resolved
// against its root and must stay inside it; anything else is a plain 404 that says nothing about the disk.
import { createReadStream, promises as fs } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export function contentType(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The absolute file for `relative` (still URL-encoded, without a leading slash) under `root`, or undefined when it
 * would leave the root, is malformed, or names a hidden file.
 */
export function resolveInside(root: string, relative: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/');
  if (segments.some((s) => s === '..' || s.startsWith('.'))) return undefined;
  const base = resolve(root);
  const full = resolve(base, ...segments.filter(Boolean));
  return full === base || full.startsWith(base + sep) ? full : undefined;
}

/** Streams a file; false when there is no such regular file (the caller answers 404). */
export async function sendFile(res: ServerResponse, file: string, headers: Record<string, string>, headOnly: boolean): Promise<boolean> {
  let size: number;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return false;
    size = stat.size;
  } catch {
    return false;
  }
  res.writeHead(200, { ...headers, 'Content-Type': contentType(file), 'Content-Length': String(size) });
  if (headOnly) {
    res.end();
    return true;
  }
  // pipeline closes the file when the browser goes away mid-transfer (pipe alone would leave it open).
  pipeline(createReadStream(file), res, () => undefined);
  return true;
}
