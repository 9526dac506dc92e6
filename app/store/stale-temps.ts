// What an interrupted save leaves behind: a hidden `.name.<pid>.<random>.tmp` file beside a session file
// (atomic.ts), a hidden `.new-<pid>-<id>` session folder that was never renamed into place (session-writer.ts), a
// hidden `.import-<random>` folder of a bundle import (app/share/bundle.ts). Each scan of the sessions folder removes
// those whose writer is gone, so they never pile up.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { pidAlive } from './process-identity.js';

export const PENDING_PREFIX = '.new-';

/**
 * Judgement: a temporary name older than this is stale even if its pid is alive again (reused); no single save or
 * import takes an hour, and one this old whose writer still runs has failed anyway.
 */
const STALE_AFTER_MS = 60 * 60 * 1000;

const TEMP_FILE = /^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$/;
const PENDING_FOLDER = /^\.new-(\d+)-/;
const IMPORT_FOLDER = /^\.import-[0-9a-f]+$/;

async function removeIfStale(path: string, pid: number | undefined, now: number): Promise<void> {
  const info = await fs.lstat(path).catch(() => undefined);
  if (!info) return;
  const old = now - info.mtimeMs > STALE_AFTER_MS;
  const orphaned = pid !== undefined && pid !== process.pid && !pidAlive(pid);
  if (old || orphaned) await fs.rm(path, { recursive: true, force: true }).catch(() => undefined);
}

/** Removes stale temporary files and folders in `sessionsDir` and its session folders. Never throws. */
export async function removeStaleTemps(sessionsDir: string, names: string[]): Promise<void> {
  const now = Date.now();
  await Promise.all(
    names.map(async (name) => {
      const path = join(sessionsDir, name);
      const pending = PENDING_FOLDER.exec(name);
      if (pending) return removeIfStale(path, Number(pending[1]), now);
      if (IMPORT_FOLDER.test(name)) return removeIfStale(path, undefined, now);
      if (name.startsWith('.')) return;
      const inside = await fs.readdir(path).catch(() => [] as string[]);
      await Promise.all(
        inside.map((file) => {
          const temp = TEMP_FILE.exec(file);
          return temp ? removeIfStale(join(path, file), Number(temp[1]), now) : undefined;
        }),
      );
    }),
  );
}
