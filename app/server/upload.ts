// POST /upload?name=<file>: a profile the browser hands over (a drop, a file chooser) is streamed to disk as it
// arrives, never held in memory, so the engine can open it by path like any other file. Each upload gets its own
// random folder and keeps its (cleaned) file name, which is what the Flame screen shows as its title.
import { randomBytes } from 'node:crypto';
import { createWriteStream, promises as fs } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { dirname, join, resolve, sep } from 'node:path';
import { CheckupError } from '../errors.js';
import { formatBytes } from '../profile/import/source.js';

/** Bigger than any profile we can open (the importer refuses beyond its own limit with a clear message). */
export const UPLOAD_LIMIT_BYTES = 1024 ** 3;

/** A file name safe on every OS: no folders, no leading dots, no control or reserved characters. */
function safeFileName(name: string | null): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^A-Za-z0-9._ ()+-]/g, '_')
    .replace(/^[.\s]+/, '')
    .slice(-120)
    .trim();
  return cleaned || 'profile';
}

interface UploadResult {
  path: string;
}

/** The folder one upload lives in (the unit uploads-kept.ts counts and removes). */
export function uploadFolder(result: UploadResult): string {
  return dirname(result.path);
}

/** Streams the request body to `<importsDir>/<random>/<name>`; CHK_PROFILE_TOO_LARGE beyond `limit` bytes. */
export async function receiveUpload(req: IncomingMessage, importsDir: string, limit = UPLOAD_LIMIT_BYTES): Promise<UploadResult> {
  const name = safeFileName(new URL(req.url ?? '/', 'http://x').searchParams.get('name'));
  const tooLarge = (size: number) => new CheckupError('CHK_PROFILE_TOO_LARGE', { name, size: formatBytes(size), limit: formatBytes(limit) });
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(declared);

  const root = resolve(importsDir);
  const folder = join(root, randomBytes(8).toString('hex'));
  const path = join(folder, name);
  if (!path.startsWith(root + sep)) throw new CheckupError('CHK_FORBIDDEN', { detail: 'bad file name' });
  await fs.mkdir(folder, { recursive: true });

  try {
    await new Promise<void>((resolveWrite, reject) => {
      const out = createWriteStream(path, { flags: 'wx' });
      let received = 0;
      const fail = (err: unknown) => {
        req.unpipe(out);
        out.destroy();
        reject(err);
      };
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > limit) fail(tooLarge(received));
      });
      req.on('close', () => (req.complete ? undefined : fail(new CheckupError('CHK_CANCELLED'))));
      req.on('error', fail);
      out.on('error', fail);
      out.on('finish', () => (received > limit ? undefined : resolveWrite()));
      req.pipe(out);
    });
  } catch (err) {
    await fs.rm(folder, { recursive: true, force: true }).catch(() => undefined);
    throw err;
  }
  return { path };
}
