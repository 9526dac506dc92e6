// Memory kept all through the load, read from the sampling heap profile taken at its end. The profile lists only the
// sampled objects still alive, each with its allocation order (`ordinal`, which grows with every sampled allocation,
// kept or not) and the stack that allocated it. Where in the load's allocation order the survivors sit tells three
// stories apart that the heap's size alone cannot at slow rates:
//   - a leak keeps a share of what every request allocates: survivors from early, middle and late in the load;
//   - a cache that filled and stopped keeps objects from its filling only: survivors at the start;
//   - a bounded cache with churn (an LRU) keeps only the newest: survivors at the very end, with requests in flight
//     and young garbage not yet collected.
// So the test looks only at the middle of the load's allocation order and asks that an app stack kept objects in
// both halves of it.
import { HEAP_MARKS, type FrameCategory, type HeapMark } from '../contract/profile.js';
import { classifyFrame } from '../profile/model/classify.js';

interface HeapNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: HeapNode[];
}
interface HeapSample {
  nodeId: number;
  size: number;
  ordinal: number;
}

export interface KeptSite {
  functionName: string;
  url: string;
  /** 1-based, as shown to the user. */
  line: number;
  column: number;
  category: FrameCategory;
  /** Survivors allocated at this site over the whole load, and those in its middle window. */
  samples: number;
  middleSamples: number;
  /** The middle window's survivors in its first half and in its second: the same pace in both is a leak's. */
  early: number;
  late: number;
  /** The estimated bytes the site's survivors stand for (V8 scales each sample by the sampling interval). */
  bytes: number;
  /** App functions this one calls (from the CPU profile): V8 may have merged the allocating one into it. */
  mayInclude?: Array<{ functionName: string; url: string; line: number }>;
}

/**
 * The middle window of the load (by the heap marks at 15 and 85 % of its time, else by shares of its allocation order). The first 15 % holds what was allocated when the load arrived
 * (caches filling, lazy set-up, the pause of the full GC that opens the window); the last 15 % holds what requests in
 * flight and the young generation still hold when the profile is taken. What survives from between them was kept.
 */
const MIDDLE_FROM = 0.15;
const MIDDLE_TO = 0.85;
/** A site is "kept through the load" with at least this many survivors in the middle window, in both of its halves. */
const MIN_MIDDLE_SAMPLES = 3;

/** The allocation site of each sample: its innermost frame of the user's code (the line that allocated what is kept). */
function appSites(head: HeapNode): Map<number, HeapNode['callFrame'] | undefined> {
  const out = new Map<number, HeapNode['callFrame'] | undefined>();
  const walk = (node: HeapNode, site: HeapNode['callFrame'] | undefined): void => {
    // A line to fix has a file: code compiled at run time (eval, new Function: a library's generated code) is counted
    // at the app line that ran it.
    const own = node.callFrame.url && classifyFrame(node.callFrame.functionName, node.callFrame.url).category === 'app' ? node.callFrame : site;
    out.set(node.id, own);
    for (const child of node.children ?? []) walk(child, own);
  };
  walk(head, undefined);
  return out;
}

/** The marks' nodes (their allocations, not the app's) and each mark's ordinal. */
function markOrdinals(head: HeapNode, samples: HeapSample[]): { nodes: Set<number>; at: Partial<Record<HeapMark, number>> } {
  const byName = new Map<string, HeapMark>(Object.entries(HEAP_MARKS).map(([mark, name]) => [name, mark as HeapMark]));
  const markOf = new Map<number, HeapMark>();
  const walk = (node: HeapNode, under: HeapMark | undefined): void => {
    const mark = under ?? byName.get(node.callFrame.functionName);
    if (mark) markOf.set(node.id, mark);
    for (const child of node.children ?? []) walk(child, mark);
  };
  walk(head, undefined);
  const at: Partial<Record<HeapMark, number>> = {};
  for (const s of samples) {
    const mark = markOf.get(s.nodeId);
    if (mark) at[mark] = Math.max(at[mark] ?? 0, s.ordinal);
  }
  return { nodes: new Set(markOf.keys()), at };
}

/** App sites whose survivors span the middle of the load, most bytes first; empty when nothing was kept steadily. */
export function keptThroughLoad(profile: unknown): KeptSite[] {
  const p = profile as { head?: HeapNode; samples?: HeapSample[] };
  if (!p?.head || !Array.isArray(p.samples) || p.samples.length === 0) return [];
  const sites = appSites(p.head);
  const sizeOf = new Map<number, number>();
  const sum = (node: HeapNode): void => {
    sizeOf.set(node.id, (node as unknown as { selfSize?: number }).selfSize ?? 0);
    for (const c of node.children ?? []) sum(c);
  };
  sum(p.head);
  // The window's moments in allocation order: the marks Checkup allocates at 15, 50 and 85 % of the window's time and
  // as it closes (capture.ts markHeap). Without them (other tools' profiles, older sessions, a load of a number of
  // requests) the shares of the last survivor's ordinal stand in, which stretches a fill that stopped early.
  const marks = markOrdinals(p.head, p.samples);
  const measured = p.samples.filter((s) => !marks.nodes.has(s.nodeId));
  if (measured.length === 0) return [];
  const end = marks.at.end ?? Math.max(...measured.map((s) => s.ordinal));
  const from = marks.at.at15 ?? MIDDLE_FROM * end;
  const half = marks.at.at50 ?? ((MIDDLE_FROM + MIDDLE_TO) / 2) * end;
  const to = marks.at.at85 ?? MIDDLE_TO * end;
  const bySite = new Map<string, { frame: HeapNode['callFrame']; samples: number; early: number; late: number; nodes: Set<number> }>();
  for (const s of measured) {
    const frame = sites.get(s.nodeId);
    if (!frame) continue;
    const key = `${frame.url}:${frame.lineNumber}:${frame.columnNumber}`;
    const site = bySite.get(key) ?? { frame, samples: 0, early: 0, late: 0, nodes: new Set<number>() };
    site.samples += 1;
    site.nodes.add(s.nodeId);
    if (s.ordinal >= from && s.ordinal < half) site.early += 1;
    else if (s.ordinal >= half && s.ordinal < to) site.late += 1;
    bySite.set(key, site);
  }
  const kept: KeptSite[] = [];
  for (const site of bySite.values()) {
    if (site.early + site.late < MIN_MIDDLE_SAMPLES || site.early === 0 || site.late === 0) continue;
    const { functionName, url, lineNumber, columnNumber } = site.frame;
    kept.push({
      functionName: functionName || '(anonymous)',
      url,
      line: lineNumber + 1,
      column: columnNumber + 1,
      category: 'app',
      samples: site.samples,
      middleSamples: site.early + site.late,
      early: site.early,
      late: site.late,
      bytes: [...site.nodes].reduce((total, id) => total + (sizeOf.get(id) ?? 0), 0),
    });
  }
  return kept.sort((a, b) => b.bytes - a.bytes);
}

/** The sampled survivors' bytes by where in the load they were allocated (the heap marks' windows). */
export interface KeptByPhase {
  /** Allocated before the 15 % mark: the load's arrival (pools opening connections, caches and lazy set-up filling). */
  startBytes: number;
  /** Between the 15 and 85 % marks: what the load kept as it ran. */
  middleBytes: number;
  /** After the 85 % mark: requests in flight and young garbage at the profile's end. */
  endBytes: number;
  /** The middle window's share of the load's time (its marks are set by time): 0.7. */
  middleShareOfLoad: number;
}

/** Undefined without both marks of the middle window (a load of a number of requests, other tools' profiles). */
export function keptByPhase(profile: unknown): KeptByPhase | undefined {
  const p = profile as { head?: HeapNode; samples?: HeapSample[] };
  if (!p?.head || !Array.isArray(p.samples) || p.samples.length === 0) return undefined;
  const marks = markOrdinals(p.head, p.samples);
  const from = marks.at.at15;
  const to = marks.at.at85;
  if (from === undefined || to === undefined) return undefined;
  const out: KeptByPhase = { startBytes: 0, middleBytes: 0, endBytes: 0, middleShareOfLoad: MIDDLE_TO - MIDDLE_FROM };
  for (const s of p.samples) {
    if (marks.nodes.has(s.nodeId)) continue;
    if (s.ordinal < from) out.startBytes += s.size;
    else if (s.ordinal < to) out.middleBytes += s.size;
    else out.endBytes += s.size;
  }
  return out;
}
