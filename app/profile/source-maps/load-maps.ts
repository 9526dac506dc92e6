// The maps of the scripts a profile names: the ones recorded from the running target (tsx and --enable-source-maps
// keep theirs in memory only), else the ones on disk beside the compiled code.
import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { MAX_SCRIPTS } from './limits.js';
import { MapCache } from './map-cache.js';
import { readScriptMap } from './read-map.js';
import { parseMap, SourceMapSet } from './source-map-set.js';

/** Maps the target held in memory, by the script URL the profile names (session file `source-maps.json`). */
export type RecordedMaps = Record<string, unknown>;

const cache = new MapCache();

/** Parallel reads at a time: enough to hide disk latency, few enough not to flood a busy machine. */
const READS_AT_ONCE = 8;

async function cacheKey(scriptUrl: string): Promise<string | undefined> {
  try {
    const info = await stat(fileURLToPath(scriptUrl));
    return `${scriptUrl}|${info.size}|${info.mtimeMs}`;
  } catch {
    return undefined;
  }
}

async function addFromDisk(set: SourceMapSet, scriptUrl: string): Promise<void> {
  const key = await cacheKey(scriptUrl);
  if (!key) return;
  const cached = cache.get(key);
  if (cached) return set.addParsed(scriptUrl, cached);
  const found = await readScriptMap(scriptUrl);
  if (found.kind === 'refused') return set.warn(found.warning);
  if (found.kind !== 'found') return;
  const parsed = parseMap(scriptUrl, found.text, found.mapUrl);
  if (typeof parsed === 'string') return set.warn(parsed);
  cache.set(key, parsed, found.text.length);
  set.addParsed(scriptUrl, parsed);
}

/** The maps of `scriptUrls` (file:// URLs; at most MAX_SCRIPTS of them are looked up). */
export async function loadSourceMaps(scriptUrls: Iterable<string>, recorded: RecordedMaps = {}): Promise<SourceMapSet> {
  const set = new SourceMapSet();
  const urls = [...new Set(scriptUrls)].filter((u) => u.startsWith('file://')).slice(0, MAX_SCRIPTS);
  const fromDisk: string[] = [];
  for (const url of urls) {
    if (Object.prototype.hasOwnProperty.call(recorded, url)) set.add(url, recorded[url], url);
    else fromDisk.push(url);
  }
  for (let i = 0; i < fromDisk.length; i += READS_AT_ONCE) {
    await Promise.all(fromDisk.slice(i, i + READS_AT_ONCE).map((url) => addFromDisk(set, url)));
  }
  return set;
}
