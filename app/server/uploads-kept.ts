// What browser mode keeps of uploads. Each upload is a folder `<uploads>/<random>/<name>` (upload.ts) under the
// sessions folder (`<sessions>/.uploads`: inside the data folder, or inside --out). The folder is bounded by count and
// bytes, the oldest going first, and the uploads a server received are removed when it stops: they were only ever
// there to be opened by path, and what the user keeps from them is an export.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';

export const UPLOADS_FOLDER = '.uploads';

/** Judgement: more than a day's work of profiles opened in one sitting, and room for two of the largest allowed. */
export const KEPT_UPLOADS = { count: 20, bytes: 2 * 1024 ** 3 };

export interface UploadBounds {
  count: number;
  bytes: number;
}

interface Kept {
  path: string;
  bytes: number;
  mtimeMs: number;
}

async function folderBytes(path: string): Promise<number> {
  let total = 0;
  for (const name of await fs.readdir(path).catch(() => [] as string[])) {
    const info = await fs.lstat(join(path, name)).catch(() => undefined);
    if (info?.isFile()) total += info.size;
  }
  return total;
}

async function keptUploads(uploadsDir: string): Promise<Kept[]> {
  const entries = await fs.readdir(uploadsDir, { withFileTypes: true }).catch(() => []);
  const kept = await Promise.all(
    entries
      .filter((e) => e.isDirectory())
      .map(async (e): Promise<Kept | undefined> => {
        const path = join(uploadsDir, e.name);
        const info = await fs.stat(path).catch(() => undefined);
        return info ? { path, bytes: await folderBytes(path), mtimeMs: info.mtimeMs } : undefined;
      }),
  );
  return kept.filter((k): k is Kept => k !== undefined).sort((a, b) => b.mtimeMs - a.mtimeMs);
}

/** Removes the oldest uploads beyond the bounds; `keep` (the one just received) stays whatever its size. */
export async function pruneUploads(uploadsDir: string, bounds: UploadBounds = KEPT_UPLOADS, keep?: string): Promise<void> {
  let count = 0;
  let bytes = 0;
  for (const upload of await keptUploads(uploadsDir)) {
    const mine = upload.path === keep;
    if (mine || (count + 1 <= bounds.count && bytes + upload.bytes <= bounds.bytes)) {
      count++;
      bytes += upload.bytes;
      continue;
    }
    await fs.rm(upload.path, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** Removes the given upload folders (a stopping server's own). Never throws. */
export async function removeUploads(folders: Iterable<string>): Promise<void> {
  await Promise.all([...folders].map((f) => fs.rm(f, { recursive: true, force: true }).catch(() => undefined)));
}
