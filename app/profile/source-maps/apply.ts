// Source maps applied to a profile model: each frame of the user's compiled code (tsc, esbuild, tsx) is moved to the
// original file, line and, where the map records it, name. Done where a profile becomes our model (the importer for
// files and sessions, the run's diagnosis for the profile just taken), so culprits, the flame view, the summaries and
// "Open in editor" all see the same frames.
import { normaliseFrameUrl } from '../model/frame-url.js';
import type { Profile } from '../model/profile.js';
import { remapFrames } from '../model/remap-frames.js';
import type { Frame, FrameInput } from '../model/types.js';
import { loadSourceMaps, type RecordedMaps } from './load-maps.js';
import { addNameMaps } from './name-maps.js';
import type { SourceMapSet } from './source-map-set.js';

/**
 * Whose frames are mapped: the app's own scripts. Dependencies run as they were published; looking up a map for each
 * of their files would read hundreds of files for frames that are not the user's to change.
 */
function mappable(frame: Frame): boolean {
  return frame.category === 'app' && frame.url.startsWith('file://') && frame.line > 0;
}

/** The scripts of a profile whose maps matter. */
export function mappableScripts(profile: Profile): string[] {
  return [...new Set(profile.frames.filter(mappable).map((f) => f.url))];
}

/** The profile with its frames at their original positions (the same profile when no frame has a map). */
export function applySourceMaps(profile: Profile, maps: SourceMapSet): Profile {
  const replace = (frame: Frame): FrameInput | undefined => {
    if (!mappable(frame)) return undefined;
    if (!maps.has(frame.url)) {
      // No map: a compiled TypeScript file's function found in its .ts by name, or the frame as recorded.
      const named = maps.hasNameMap(frame.url) ? maps.byName(frame.url, frame.line) : undefined;
      return named ? { functionName: frame.functionName, url: named.url, line: named.line, column: named.column } : undefined;
    }
    const pos = maps.original(frame.url, frame.line, frame.column);
    if (pos) return { functionName: pos.name ?? frame.functionName, url: normaliseFrameUrl(pos.url), line: pos.line, column: pos.column };
    // A function the (readable) map does not place (no mapping before it on its line, none near after it: see
    // SourceMapSet.original) is code the compiler added: esbuild's and tsc's helpers
    // (`__copyProps`'s getter `get`, `__awaiter`). Under tsx its compiled line carries the .ts file's URL, which would
    // point the user at an unrelated line; it has no place in their source, so it keeps its name without a file and
    // owns no time (its cost goes to the user's function that called it). The module's own function (line 1,
    // column 1) stays where it is.
    if (!maps.has(frame.url) || (frame.line === 1 && frame.column <= 1)) return undefined;
    return { functionName: frame.functionName || '(anonymous)', url: '', line: 0, column: 0, category: 'app' };
  };
  // Lookups run first: a map that fails at its first lookup leaves its warning for this profile.
  const replaced = profile.frames.map(replace);
  return remapFrames(profile, (_frame, i) => replaced[i], maps.warnings);
}

/** Maps looked up beside the code (and in `recorded`, a session's maps from its target) and applied. */
export async function withOriginalSources(profile: Profile, recorded?: RecordedMaps): Promise<Profile> {
  const scripts = mappableScripts(profile);
  if (scripts.length === 0) return profile;
  const maps = await loadSourceMaps(scripts, recorded);
  await addNameMaps(maps, scripts);
  return applySourceMaps(profile, maps);
}
