// Reads a session's recorded maps (SESSION_FILES.sourceMaps, written by the store): `{ version: 1, maps }`. A file
// that is missing, too large or damaged maps nothing; the profile is then shown as recorded.
import { readFile, stat } from 'node:fs/promises';
import type { RecordedMaps } from './load-maps.js';
import { MAX_MAP_BYTES } from './limits.js';

export async function readRecordedMaps(path: string): Promise<RecordedMaps | undefined> {
  try {
    if ((await stat(path)).size > 4 * MAX_MAP_BYTES) return undefined;
    const doc = JSON.parse(await readFile(path, 'utf8')) as { version?: unknown; maps?: unknown };
    if (doc.version !== 1 || typeof doc.maps !== 'object' || doc.maps === null || Array.isArray(doc.maps)) return undefined;
    return doc.maps as RecordedMaps;
  } catch {
    return undefined;
  }
}
