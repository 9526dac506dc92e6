// A session's profiles, the big files of its folder: where they are, and reading them in a worker thread
// (app/open-profile/in-worker.ts), so that a 200 MB profile never stalls the engine's event loop.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_FILES } from '../contract/session.js';
import type { ProfileSummary } from '../contract/profile.js';
import { importInWorker, type InWorkerOptions, type InWorkerResult } from '../open-profile/in-worker.js';
import type { Profile } from '../profile/model/profile.js';

type SessionProfileKind = 'cpu' | 'heap';

/** The profile's file in a session folder, or undefined when the run recorded none. */
export function sessionProfilePath(dir: string, kind: SessionProfileKind): string | undefined {
  const path = join(dir, kind === 'cpu' ? SESSION_FILES.cpuProfile : SESSION_FILES.heapProfile);
  return existsSync(path) ? path : undefined;
}

/** Imports a session's profile in a worker; undefined when the session has none. */
async function importSessionProfile(dir: string, kind: SessionProfileKind, opts: InWorkerOptions = {}): Promise<InWorkerResult | undefined> {
  const path = sessionProfilePath(dir, kind);
  return path ? importInWorker({ path }, opts) : undefined;
}

/** The CPU profile as a model (for a comparison), or undefined when the session has none or it cannot be read. */
export async function readCpuProfile(dir: string): Promise<Profile | undefined> {
  const result = await importSessionProfile(dir, 'cpu', { flame: false, keepProfiles: true }).catch(() => undefined);
  return result?.profiles[0]?.profile;
}

/** The CPU profile's summary (hot functions, for a report), or undefined when the session has none or it cannot be read. */
export async function readCpuSummary(dir: string, top: number): Promise<ProfileSummary | undefined> {
  const result = await importSessionProfile(dir, 'cpu', { flame: false, top }).catch(() => undefined);
  return result?.profiles[0]?.summary;
}
