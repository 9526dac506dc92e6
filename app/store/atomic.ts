// Atomic file writes: write a temporary file beside the target, flush it to disk, then rename over the target. A
// reader (or a crash) sees the old file or the new one, never half of one. A full disk surfaces as CHK_DISK_FULL and
// leaves the previous file untouched.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CheckupError, storageErrorCode } from '../errors.js';

export function storeError(err: unknown, path: string): CheckupError {
  if (err instanceof CheckupError) return err;
  const e = err as NodeJS.ErrnoException;
  const code = storageErrorCode(e?.code, true);
  if (code) return new CheckupError(code, { path }, { cause: err });
  return new CheckupError('CHK_WRITE_FAILED', { path, detail: e?.message ?? String(err) }, { cause: err });
}

/**
 * Creates a folder and its parents. Node's recursive mkdir reports a read-only or forbidden parent as ENOENT; here
 * the first missing folder is then created on its own, so the real reason (EROFS, EACCES, ENOSPC) is what is thrown,
 * as a coded error.
 */
export async function makeDir(path: string): Promise<void> {
  try {
    await fs.mkdir(path, { recursive: true });
    return;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw storeError(err, path);
  }
  const missing: string[] = [];
  for (let dir = path; !(await fs.stat(dir).then(() => true, () => false)); dir = dirname(dir)) {
    missing.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  try {
    for (const dir of missing) await fs.mkdir(dir);
  } catch (err) {
    throw storeError(err, path);
  }
}

export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(tmp, 'w', 0o644);
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await fs.rename(tmp, path);
  } catch (err) {
    await handle?.close().catch(() => undefined);
    await fs.rm(tmp, { force: true }).catch(() => undefined);
    throw storeError(err, path);
  }
}

export async function writeJsonAtomic(path: string, value: unknown, pretty = true): Promise<void> {
  await writeFileAtomic(path, JSON.stringify(value, null, pretty ? 2 : undefined) + '\n');
}
