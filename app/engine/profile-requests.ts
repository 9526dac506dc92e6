// How many requests a profile served, when it is a session's CPU profile (chosen by session, or as the file in a
// session folder): two such profiles compare time per request. Any other profile says nothing of requests.
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ProfileSource } from '../contract/api.js';
import { SESSION_FILES } from '../contract/session.js';
import { readSession, readSessionRef } from '../store/session-reader.js';

export async function requestsOfProfile(source: ProfileSource, sessionsDir: string): Promise<number | undefined> {
  try {
    if (source.kind === 'session') {
      // A worker's or thread's profile covers only its share of the requests the load counted.
      if (source.file !== 'cpu' || source.unit) return undefined;
      return (await readSession(sessionsDir, source.sessionId)).load?.requestsTotal || undefined;
    }
    const dir = dirname(source.path);
    if (basename(source.path) !== SESSION_FILES.cpuProfile || !existsSync(join(dir, SESSION_FILES.session))) return undefined;
    return (await readSessionRef(dir, sessionsDir)).load?.requestsTotal || undefined;
  } catch {
    return undefined;
  }
}
