// The merged call tree of two profiles, for the differential flame view: a stack prefix (by function name and file,
// not line, so edits that shift code still line up) with its share of each profile. Small branches are left out.
import type { DiffNode } from '../contract/compare.js';
import { ROOT, type Profile } from '../profile/model/profile.js';
import { round } from '../numbers.js';

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
      child = { node: { name: f.functionName, url: f.url, line: f.line, category: f.category, before: 0, after: 0, selfBefore: 0, selfAfter: 0, children: [] }, children: new Map() };
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

function finish(b: Building): DiffNode {
  const r = (v: number) => round(v, 2);
  const children = [...b.children.values()]
    .filter((c) => Math.max(c.node.before, c.node.after) >= MIN_SHARE)
    .map(finish)
    .sort((x, y) => y.after + y.before - (x.after + x.before));
  return { ...b.node, before: r(b.node.before), after: r(b.node.after), selfBefore: r(b.node.selfBefore), selfAfter: r(b.node.selfAfter), children };
}

export function diffTree(before: Profile, after: Profile): DiffNode {
  const root: Building = { node: { name: '(all)', url: '', line: 0, category: 'program', before: 100, after: 100, selfBefore: 0, selfAfter: 0, children: [] }, children: new Map() };
  add(root, before, 'before');
  add(root, after, 'after');
  return finish(root);
}
