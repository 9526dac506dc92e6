// The merged call tree of two profiles, for the differential flame view: a stack prefix (by function name and file,
// not line, so edits that shift code still line up) with its share of each profile. Small branches are left out.
import type { DiffNode, FunctionDelta } from '../contract/compare.js';
import { ROOT, type Profile } from '../profile/model/profile.js';
import { round } from '../numbers.js';
import { FUNCTION_CHANGE_FLOOR } from './function-deltas.js';

/** Under this many percentage points of the whole profile a change is not worth a colour: sampling noise. */
const SAME_POINTS = 0.25;
/** ... nor a change under this share of the frame's own size. */
const SAME_RELATIVE = 0.05;

/** Profile time per completed request, µs, of each run: a share of 100 % is this much per request. */
export interface PerRequestScale {
  before: number;
  after: number;
}

/** Branches under this share (of both profiles) are not drawn: they would be thinner than a pixel. */
const MIN_SHARE = 0.2;
const MAX_DEPTH = 128;

interface Building {
  node: DiffNode;
  children: Map<string, Building>;
}

function add(root: Building, profile: Profile, side: 'before' | 'after'): void {
  const all = profile.totalWeight || 1;
  const place = new Map<number, Building>([[ROOT, root]]);
  for (let n = 1; n < profile.nodeCount; n++) {
    const parent = place.get(profile.nodeParent[n]!);
    if (!parent || profile.nodeDepth[n]! > MAX_DEPTH) continue;
    const total = (100 * profile.nodeTotal[n]!) / all;
    const self = (100 * profile.nodeSelf[n]!) / all;
    const f = profile.frames[profile.nodeFrame[n]!]!;
    const key = `${f.functionName}|${f.url}`;
    let child = parent.children.get(key);
    if (!child) {
      child = { node: { name: f.functionName, url: f.url, line: f.line, category: f.category, before: 0, after: 0, selfBefore: 0, selfAfter: 0, change: 'same', strength: 0, children: [] }, children: new Map() };
      parent.children.set(key, child);
    }
    if (side === 'before') {
      child.node.before += total;
      child.node.selfBefore += self;
    } else {
      child.node.after += total;
      child.node.selfAfter += self;
      child.node.line = f.line;
    }
    place.set(n, child);
  }
}

/** The same rule as the function lists: per request when there are load figures, else shares of each profile. */
export function judged(n: DiffNode, scale: PerRequestScale | undefined): Pick<DiffNode, 'change' | 'strength' | 'perRequestUsBefore' | 'perRequestUsAfter'> {
  // Idle time is not work: more of it after a fix is the point, not a regression to paint red.
  if (n.category === 'idle') return { change: 'same', strength: 0 };
  if (scale) {
    const a = (n.before / 100) * scale.before;
    const b = (n.after / 100) * scale.after;
    const relative = Math.max(a, b) > 0 ? Math.abs(b - a) / Math.max(a, b) : 0;
    const per = { perRequestUsBefore: round(a, 2), perRequestUsAfter: round(b, 2) };
    if (Math.abs(b - a) < FUNCTION_CHANGE_FLOOR.perRequestUs || relative < SAME_RELATIVE) return { change: 'same', strength: 0, ...per };
    return { change: b > a ? 'more' : 'less', strength: Math.min(1, relative), ...per };
  }
  const delta = n.after - n.before;
  const size = Math.max(n.before, n.after);
  const relative = size > 0 ? Math.abs(delta) / size : 0;
  if (Math.abs(delta) < SAME_POINTS || relative < SAME_RELATIVE) return { change: 'same', strength: 0 };
  return { change: delta > 0 ? 'more' : 'less', strength: Math.min(1, relative) };
}

function finish(b: Building, scale: PerRequestScale | undefined): DiffNode {
  const r = (v: number) => round(v, 2);
  const children = [...b.children.values()]
    .filter((c) => Math.max(c.node.before, c.node.after) >= MIN_SHARE)
    .map((c) => finish(c, scale))
    .sort((x, y) => y.after + y.before - (x.after + x.before));
  const node = { ...b.node, before: r(b.node.before), after: r(b.node.after), selfBefore: r(b.node.selfBefore), selfAfter: r(b.node.selfAfter) };
  return { ...node, ...judged(node, scale), children };
}

export function diffTree(before: Profile, after: Profile, scale?: PerRequestScale): DiffNode {
  const root: Building = { node: { name: '(all)', url: '', line: 0, category: 'program', before: 100, after: 100, selfBefore: 0, selfAfter: 0, change: 'same', strength: 0, children: [] }, children: new Map() };
  add(root, before, 'before');
  add(root, after, 'after');
  return finish(root, scale);
}

/**
 * The flame tells the lists' story: a frame is red only where its function is in the "slower" list and blue only where
 * it is "faster" (self time per request, or shares without load figures); the strength stays the frame's own change.
 * A stack prefix can grow while its function shrank overall (the fix moved work onto a new path): that prefix is then
 * grey, and its tooltip still has its figures.
 */
export function paintAsListed(root: DiffNode, functions: readonly FunctionDelta[]): DiffNode {
  const verdict = new Map(functions.map((f) => [`${f.functionName}|${f.url}`, f.change]));
  const paint = (n: DiffNode): DiffNode => {
    const listed = verdict.get(`${n.name}|${n.url}`);
    const change = listed === 'slower' ? 'more' : listed === 'faster' ? 'less' : 'same';
    const strength = change === 'same' ? 0 : Math.max(n.change === change ? n.strength : 0, LISTED_MIN_STRENGTH);
    return { ...n, change, strength, children: n.children.map(paint) };
  };
  return paint(root);
}

/** A listed function's frames stay visibly coloured even where that stack prefix barely moved. */
const LISTED_MIN_STRENGTH = 0.25;