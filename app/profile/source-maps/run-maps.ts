// The source maps of a run's profiles, found once when the profiles are taken (while the target still runs and can
// hand over the maps it holds in memory) and used for the diagnosis; the ones only the target had are saved in the
// session (source-maps.json) for every later reader of its profiles.
import { classifyFrame } from '../model/classify.js';
import { normaliseFrameUrl } from '../model/frame-url.js';
import { loadSourceMaps, type RecordedMaps } from './load-maps.js';
import { addNameMaps } from './name-maps.js';
import { recordTargetMaps, type Evaluate } from './runtime-maps.js';
import type { SourceMapSet } from './source-map-set.js';
import { MAX_SCRIPTS } from './limits.js';

export interface RunSourceMaps {
  set: SourceMapSet;
  /** Maps from the target's memory (none for code compiled to disk): the session's source-maps.json. */
  recorded: RecordedMaps;
}

type CallFrame = { functionName?: unknown; url?: unknown };

/** The user's scripts named by a CPU profile (`nodes`) or a heap profile (a `head` tree), without building a model. */
export function appScriptsOf(raw: unknown, into = new Set<string>()): Set<string> {
  const note = (cf: CallFrame | undefined) => {
    if (!cf || typeof cf.url !== 'string' || !cf.url || into.size >= MAX_SCRIPTS) return;
    const url = normaliseFrameUrl(cf.url);
    if (url.startsWith('file://') && classifyFrame(String(cf.functionName ?? ''), url).category === 'app') into.add(url);
  };
  const profile = raw as { nodes?: Array<{ callFrame?: CallFrame }>; head?: unknown } | undefined;
  if (Array.isArray(profile?.nodes)) for (const node of profile.nodes) note(node?.callFrame);
  // A heap profile's tree can be thousands deep: walked without recursion.
  const stack: unknown[] = profile?.head ? [profile.head] : [];
  while (stack.length > 0) {
    const node = stack.pop() as { callFrame?: CallFrame; children?: unknown[] } | undefined;
    note(node?.callFrame);
    if (Array.isArray(node?.children)) stack.push(...node.children);
  }
  return into;
}

/** Maps beside the code first; the target is asked only for scripts that have none on disk. */
export async function runSourceMaps(profiles: { cpu?: unknown; heap?: unknown }, evaluate: Evaluate | undefined): Promise<RunSourceMaps> {
  const scripts = appScriptsOf(profiles.heap, appScriptsOf(profiles.cpu));
  const set = await loadSourceMaps(scripts);
  const missing = [...scripts].filter((url) => !set.has(url));
  const recorded = evaluate && missing.length > 0 ? await recordTargetMaps(evaluate, missing, set) : {};
  // Last, for what has no map on disk nor in the target: compiled TypeScript matched by function name.
  await addNameMaps(set, scripts);
  return { set, recorded };
}
