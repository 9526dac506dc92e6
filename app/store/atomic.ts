// Atomic file writes: write a temporary file beside the target, flush it to disk, then rename over the target. A
// reader (or a crash) sees the old file or the new one, never half of one. A full disk surfaces as CHK_DISK_FULL and
// leaves the previous file untouched.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CheckupError } from '../errors.js';

export function storeError(err: unknown, path: string): CheckupError {
  if (err instanceof CheckupError) return err;
  const e = err as NodeJS.ErrnoException;
  if (e?.code === 'ENOSPC' || e?.code === 'EDQUOT') return new CheckupError('CHK_DISK_FULL', { path }, { cause: err });
  return new CheckupError('CHK_WRITE_FAILED', { path, detail: e?.message ?? String(err) }, { cause: err });
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
