// The maps of one profile's scripts, parsed by @jridgewell/trace-mapping, and the lookup from a compiled position to
// the original one. A map that turns out to be malformed (at parse time or at its first lookup) is dropped with a
// coded warning: its frames stay where V8 saw them.
import { decodedMappings, FlattenMap, GREATEST_LOWER_BOUND, LEAST_UPPER_BOUND, originalPositionFor, type TraceMap } from '@jridgewell/trace-mapping';
import { fileURLToPath } from 'node:url';
import type { NameMap } from './name-map.js';
import { sourceMapWarning } from './warnings.js';

/** Where a compiled position came from. Line and column 1-based, like the profile model's. */
export interface OriginalPosition {
  /** file:// URL of the original source (or the map's own URL for sources that are not files, e.g. webpack://). */
  url: string;
  line: number;
  column: number;
  /** The original name at that position, when the map records one. */
  name?: string;
  /** Set when the position was found by function name in a .ts file (the compiled file had no map: name-map.ts). */
  mappedBy?: 'name';
}

function displayPath(scriptUrl: string): string {
  try {
    return fileURLToPath(scriptUrl);
  } catch {
    return scriptUrl;
  }
}

/** A parsed map, or the warning saying why it cannot be used. */
export function parseMap(scriptUrl: string, map: unknown, mapUrl: string): TraceMap | string {
  const script = displayPath(scriptUrl);
  try {
    const value = typeof map === 'string' ? (JSON.parse(map) as unknown) : map;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('it is not a JSON object');
    const v = value as { version?: unknown; mappings?: unknown; sections?: unknown };
    if (v.version !== 3) throw new Error(`version ${String(v.version)} is not 3`);
    if (typeof v.mappings !== 'string' && !Array.isArray(v.sections)) throw new Error('it has no mappings');
    return new FlattenMap(value as ConstructorParameters<typeof FlattenMap>[0], mapUrl);
  } catch (err) {
    return sourceMapWarning('CHK_SOURCE_MAP_UNREADABLE', { script, detail: (err as Error).message });
  }
}

/** How far after V8's position of a function the next mapping may be and still be that function's: a parameter list. */
const NEXT_MAPPING_COLUMNS = 40;

function nextMappingIsNear(map: TraceMap, needle: { line: number; column: number }): boolean {
  const next = (decodedMappings(map)[needle.line - 1] ?? []).find((segment) => segment[0] >= needle.column && segment.length >= 4);
  return next !== undefined && next[0] - needle.column <= NEXT_MAPPING_COLUMNS;
}

export class SourceMapSet {
  private readonly maps = new Map<string, TraceMap>();
  private readonly warningList: string[] = [];
  /** Compiled scripts without a map, matched to their .ts source by function name. */
  private readonly nameMaps = new Map<string, { map: NameMap; tsUrl: string }>();
  /** Each .ts position found by name (`url:line`) and the compiled one it came from, to mark the culprits there. */
  private readonly foundByName = new Map<string, { url: string; line: number }>();

  /** Adds the map of the script at `scriptUrl` (its text or parsed JSON); a malformed one becomes a warning. */
  add(scriptUrl: string, map: unknown, mapUrl: string): void {
    const parsed = parseMap(scriptUrl, map, mapUrl);
    if (typeof parsed === 'string') this.warn(parsed);
    else this.maps.set(scriptUrl, parsed);
  }

  /** A map parsed earlier (the cache's). */
  addParsed(scriptUrl: string, map: TraceMap): void {
    this.maps.set(scriptUrl, map);
  }

  /** A compiled script without a map whose lines are found in `tsUrl` by function name. */
  addNameMap(scriptUrl: string, map: NameMap, tsUrl: string): void {
    this.nameMaps.set(scriptUrl, { map, tsUrl });
  }

  hasNameMap(scriptUrl: string): boolean {
    return this.nameMaps.has(scriptUrl);
  }

  /** Whether anything can be mapped at all (maps or name matches). */
  get empty(): boolean {
    return this.maps.size === 0 && this.nameMaps.size === 0;
  }

  /** The .ts position of a compiled line found by function name, or undefined to keep the compiled one. */
  byName(scriptUrl: string, line: number): OriginalPosition | undefined {
    const entry = this.nameMaps.get(scriptUrl);
    const pos = entry?.map.original(line);
    if (!entry || !pos) return undefined;
    const key = `${entry.tsUrl}:${pos.line}`;
    if (!this.foundByName.has(key)) this.foundByName.set(key, { url: scriptUrl, line });
    return { url: entry.tsUrl, line: pos.line, column: pos.column, mappedBy: 'name' };
  }

  /** The compiled position a .ts position was found from by name, if it was. */
  compiledAt(url: string, line: number): { url: string; line: number } | undefined {
    return this.foundByName.get(`${url}:${line}`);
  }

  warn(message: string): void {
    if (!this.warningList.includes(message)) this.warningList.push(message);
  }

  get warnings(): readonly string[] {
    return this.warningList;
  }

  get size(): number {
    return this.maps.size;
  }

  has(scriptUrl: string): boolean {
    return this.maps.has(scriptUrl);
  }

  /**
   * The original position of `line`:`column` (1-based) in the script. V8 places a function at its parameter list,
   * which a map may not mark itself: the nearest mapping at or before it on the line is taken, else the next one if
   * it is near (NEXT_MAPPING_COLUMNS). A function with no mapping before it and none near after it is code the
   * compiler added: tsx writes esbuild's helpers (the export getters) on the line of the module's first statement,
   * 169 columns before that statement's mapping, which the next-mapping rule used to give them.
   */
  original(scriptUrl: string, line: number, column: number): OriginalPosition | undefined {
    const map = this.maps.get(scriptUrl);
    if (!map || line < 1) return undefined;
    const needle = { line, column: Math.max(0, column - 1) };
    try {
      // trace-mapping is lenient with damaged mappings (a source index out of range gives no source): such a
      // position is no position.
      const usable = (p: ReturnType<typeof originalPositionFor>) => typeof p.source === 'string' && p.source !== '' && Number.isSafeInteger(p.line) && p.line! >= 1;
      let pos = originalPositionFor(map, { ...needle, bias: GREATEST_LOWER_BOUND });
      if (!usable(pos) && nextMappingIsNear(map, needle)) pos = originalPositionFor(map, { ...needle, bias: LEAST_UPPER_BOUND });
      if (!usable(pos)) return undefined;
      return { url: pos.source!, line: pos.line!, column: Math.max(0, pos.column ?? 0) + 1, ...(pos.name ? { name: pos.name } : {}) };
    } catch (err) {
      // trace-mapping decodes lazily: malformed mappings surface at the first lookup.
      this.maps.delete(scriptUrl);
      this.warn(sourceMapWarning('CHK_SOURCE_MAP_UNREADABLE', { script: displayPath(scriptUrl), detail: (err as Error).message }));
      return undefined;
    }
  }
}
