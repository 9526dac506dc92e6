// The user's compiled scripts that have no source map at all (tsc run without `sourceMap`, as NestJS's `start:prod`
// and most libraries built to lib/ are), matched to their TypeScript source by function name, with one warning for
// the run saying so: a line found this way is the function's, or a line inside it when both bodies have the same
// shape (name-map.ts), never as exact as a map's.
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MAX_MAP_BYTES } from './limits.js';
import { NameMap } from './name-map.js';
import { readScriptMap } from './read-map.js';
import type { SourceMapSet } from './source-map-set.js';
import { findTsSource, type TsConfigDirs } from './ts-source.js';
import { sourceMapWarning } from './warnings.js';

async function readSmall(path: string): Promise<string | undefined> {
  try {
    if ((await stat(path)).size > MAX_MAP_BYTES) return undefined;
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Name maps for those of `scriptUrls` that `set` has no map for, and the warning that says how their lines were found. */
export async function addNameMaps(set: SourceMapSet, scriptUrls: Iterable<string>): Promise<void> {
  const mapped = new Set<string>();
  const left = new Set<string>();
  const configs = new Map<string, TsConfigDirs | undefined>();
  for (const url of scriptUrls) {
    if (set.has(url) || set.hasNameMap(url) || !url.startsWith('file://')) continue;
    let path: string;
    try {
      path = fileURLToPath(url);
    } catch {
      continue;
    }
    // Nothing says TypeScript (a plain JavaScript app, most scripts): no script is read again.
    const source = findTsSource(path, configs);
    if (!source) continue;
    // A map that is there but could not be used was said so already (CHK_SOURCE_MAP_UNREADABLE): its frames stay.
    if ((await readScriptMap(url)).kind !== 'none') continue;
    const [js, ts] = source.ts ? await Promise.all([readSmall(path), readSmall(source.ts)]) : [];
    if (js === undefined || ts === undefined) {
      left.add(`${source.out}/*.js`);
      continue;
    }
    set.addNameMap(url, new NameMap(js, ts), pathToFileURL(source.ts!).href);
    mapped.add(`${source.out}/*.js|${source.src}/*.ts`);
  }
  for (const pair of mapped) {
    const [out, src] = pair.split('|');
    set.warn(sourceMapWarning('CHK_SOURCE_MAP_MISSING', { out: out!, src: src! }));
  }
  for (const out of left) set.warn(sourceMapWarning('CHK_SOURCE_MAP_MISSING_TS', { out }));
}
