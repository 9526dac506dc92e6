// The probe's call sites (queries, outbound calls, threadpool calls, other waits, transactions) where the user wrote
// them: a compiled file's line read through the maps taken while the target ran, as the profiles' frames are, so a
// query's culprit names the .ts line the CPU culprits name. The function's name stays the probe's (a map names the
// identifier at a position, not the function around it), except where the compiler's async helpers stand in for it.
import type { AppCallSite, ProbeSample } from '../../contract/metrics.js';
import { normaliseFrameUrl } from '../model/frame-url.js';
import type { SourceMapSet } from './source-map-set.js';

type Site = Pick<AppCallSite, 'url' | 'line' | 'column'>;
type NamedSite = Site & Pick<AppCallSite, 'functionName' | 'calledFrom'>;

/**
 * The functions tsc's and Babel's async-to-generator output runs the app's code in: a site in an async function
 * compiled for an older target reads "(anonymous) in fulfilled". Its own function is the nearest one the profile saw
 * starting above it in the same file.
 */
const ASYNC_HELPERS = new Set(['fulfilled', 'rejected', 'step', 'verb', '__awaiter', '__generator', 'asyncGeneratorStep', '_next', '_throw', '_asyncToGenerator']);

/** Named functions per file, by their first line, from the profile's (mapped) frames. */
function functionsByFile(functions: ReadonlyArray<{ functionName: string; url: string; line: number }>): Map<string, Array<{ line: number; name: string }>> {
  const byFile = new Map<string, Array<{ line: number; name: string }>>();
  for (const f of functions) {
    if (!f.url || !f.line || !f.functionName || f.functionName === '(anonymous)' || ASYNC_HELPERS.has(f.functionName)) continue;
    const list = byFile.get(f.url) ?? [];
    list.push({ line: f.line, name: f.functionName });
    byFile.set(f.url, list);
  }
  for (const list of byFile.values()) list.sort((a, b) => a.line - b.line);
  return byFile;
}

export function mapProbeSites(samples: ProbeSample[], maps: SourceMapSet | undefined, functions?: ReadonlyArray<{ functionName: string; url: string; line: number }>): ProbeSample[] {
  if (!maps || maps.empty) return samples;
  const found = new Map<string, Site | null>();
  let named: ReturnType<typeof functionsByFile> | undefined;
  const enclosing = (url: string, line: number): string | undefined => {
    named ??= functionsByFile(functions ?? []);
    const list = named.get(url);
    let best: string | undefined;
    for (const f of list ?? []) {
      if (f.line > line) break;
      best = f.name;
    }
    return best;
  };
  const place = <T extends NamedSite>(site: T): T => {
    if (!site.url || (!maps.has(site.url) && !maps.hasNameMap(site.url))) return site;
    const key = `${site.url}:${site.line}:${site.column}`;
    let pos = found.get(key);
    if (pos === undefined) {
      const o = maps.has(site.url) ? maps.original(site.url, site.line, site.column) : maps.byName(site.url, site.line);
      pos = o ? { url: normaliseFrameUrl(o.url), line: o.line, column: o.column } : null;
      found.set(key, pos);
    }
    if (!pos) return site;
    const inHelper = site.functionName === '(anonymous)' && (site.calledFrom === undefined || ASYNC_HELPERS.has(site.calledFrom));
    const own = inHelper ? enclosing(pos.url, pos.line) : undefined;
    return { ...site, ...pos, ...(own ? { calledFrom: own } : {}) };
  };
  const each = <T extends NamedSite>(sites: T[] | undefined): T[] | undefined => sites?.map(place);
  return samples.map((s) => {
    const db = s.db
      ? {
          ...s.db,
          queries: s.db.queries.map(place),
          ...(s.db.transactions ? { transactions: s.db.transactions.map((t) => ({ ...place(t), outside: each(t.outside) ?? [] })) } : {}),
        }
      : undefined;
    return {
      ...s,
      io: s.io.map(place),
      ...(s.otherWaits ? { otherWaits: each(s.otherWaits) } : {}),
      ...(s.poolCalls ? { poolCalls: each(s.poolCalls) } : {}),
      ...(db ? { db } : {}),
    };
  });
}
