// Maps that exist only in the running target. tsx compiles TypeScript in memory and turns Node's source-map support
// on (process.setSourceMapsEnabled), as `node --enable-source-maps` does; V8's profile then names the .ts file with
// positions in the compiled code, and the file on disk has no map. Node keeps those maps (module.findSourceMap), so
// they are asked for over the inspector, after the profile was taken, for the scripts without a map on disk.
import { fileURLToPath } from 'node:url';
import { formatBytes } from '../import/source.js';
import { MAX_MAP_BYTES } from './limits.js';
import type { RecordedMaps } from './load-maps.js';
import type { SourceMapSet } from './source-map-set.js';
import { sourceMapWarning } from './warnings.js';

/** Evaluates an expression in the target and returns its value (a string here). */
export type Evaluate = (expression: string) => Promise<unknown>;

/** All maps fetched in one answer, at most: a CDP message of this size still passes in well under a second. */
const MAX_TOTAL_BYTES = 2 * MAX_MAP_BYTES;

/**
 * How long the target may take to answer. It answers between two of its own tasks (or at an interrupt): an app stuck
 * in native code would hold the run's collecting phase, so after this its frames stay as recorded.
 */
export const ANSWER_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the target did not answer')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs inside the target (its own Node, 18 or newer, CommonJS or ESM: no `require` in an ES module's scope, so
 * process.getBuiltinModule where it exists, else the inspector's command-line `require`).
 */
function expression(urls: string[]): string {
  return `(() => {
  const load = (name) => (typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule(name) : require(name));
  let mod;
  try { mod = load('node:module'); } catch { return '{}'; }
  if (!mod || typeof mod.findSourceMap !== 'function') return '{}';
  const maps = {}, tooLarge = {};
  let total = 0;
  for (const url of ${JSON.stringify(urls)}) {
    let found;
    try { found = mod.findSourceMap(url); } catch { continue; }
    if (!found || !found.payload) continue;
    const text = JSON.stringify(found.payload);
    if (text.length > ${MAX_MAP_BYTES} || total + text.length > ${MAX_TOTAL_BYTES}) tooLarge[url] = text.length;
    else { maps[url] = text; total += text.length; }
  }
  return JSON.stringify({ maps, tooLarge });
})()`;
}

/**
 * The target's in-memory maps of `scriptUrls` (file:// URLs), added to `set` and returned for the session folder.
 * A target that cannot answer (gone, a Node without findSourceMap) leaves the frames as they are.
 */
export async function recordTargetMaps(evaluate: Evaluate, scriptUrls: string[], set: SourceMapSet): Promise<RecordedMaps> {
  const recorded: RecordedMaps = {};
  if (scriptUrls.length === 0) return recorded;
  let answer: { maps?: Record<string, string>; tooLarge?: Record<string, number> };
  try {
    const value = await withTimeout(evaluate(expression(scriptUrls)), ANSWER_TIMEOUT_MS);
    answer = typeof value === 'string' ? (JSON.parse(value) as typeof answer) : {};
  } catch {
    return recorded;
  }
  for (const [url, text] of Object.entries(answer.maps ?? {})) {
    if (!scriptUrls.includes(url) || typeof text !== 'string') continue;
    set.add(url, text, url);
    if (set.has(url)) recorded[url] = JSON.parse(text) as unknown;
  }
  for (const [url, size] of Object.entries(answer.tooLarge ?? {})) {
    if (!scriptUrls.includes(url)) continue;
    set.warn(sourceMapWarning('CHK_SOURCE_MAP_TOO_LARGE', { script: fileURLToPath(url), size: formatBytes(Number(size) || 0), limit: formatBytes(MAX_MAP_BYTES) }));
  }
  return recorded;
}
