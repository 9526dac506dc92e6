// The differential flame view's geometry and colours, as pure functions over the engine's merged call tree (DiffNode):
// an icicle (root on top, callees below) where a frame is as wide as the larger of its before and after shares, and
// coloured by how its time changed. The canvas component only draws what this returns.
import type { DiffNode } from '../../../../app/contract/index.js';

export interface DiffRect {
  node: DiffNode;
  depth: number;
  /** Left edge and width as fractions (0..1) of the view's width. */
  x: number;
  w: number;
}

export const width = (n: DiffNode): number => Math.max(n.before, n.after);

/**
 * Lays out `zoom` across the whole width and its descendants under it. A child's width is its larger share relative
 * to its parent's larger share. Those can add up to more than the parent (one child grew while its sibling shrank: up
 * to twice, since each side's children sum to at most the parent's side), so siblings are then scaled down together to
 * fit; the tooltip gives the exact shares. Frames narrower than `minWidth` are not laid out (nor their callees).
 */
export function layoutDiff(zoom: DiffNode, minWidth = 0.0004, maxDepth = 256): DiffRect[] {
  const rects: DiffRect[] = [];
  const walk = (node: DiffNode, depth: number, x: number, w: number) => {
    rects.push({ node, depth, x, w });
    if (depth >= maxDepth || node.children.length === 0) return;
    const parent = width(node);
    if (parent <= 0) return;
    const widths = node.children.map((c) => (width(c) / parent) * w);
    const sum = widths.reduce((a, b) => a + b, 0);
    const scale = sum > w ? w / sum : 1;
    // Children in a stable order (largest first), so the same tree always looks the same.
    const order = node.children.map((c, i) => i).sort((a, b) => widths[b]! - widths[a]! || node.children[a]!.name.localeCompare(node.children[b]!.name));
    let at = x;
    for (const i of order) {
      const cw = widths[i]! * scale;
      if (cw >= minWidth) walk(node.children[i]!, depth + 1, at, cw);
      at += cw;
    }
  };
  walk(zoom, 0, 0, 1);
  return rects;
}

export type DiffKind = DiffNode['change'];

/** How a frame's time changed, as the engine judged it (app/compare/diff-tree.ts): the lists' rule, per request. */
export function diffKind(n: DiffNode): { kind: DiffKind; strength: number } {
  return { kind: n.change, strength: n.strength };
}

/** Fill and text colour for a frame: lightness falls from 88 % (barely changed) to 48 % (appeared or vanished). */
export function diffColours(n: DiffNode): { fill: string; text: string } {
  const { kind, strength } = diffKind(n);
  if (kind === 'same') return { fill: '#d4dae3', text: '#1e293b' };
  const lightness = Math.round(88 - 40 * strength);
  const hue = kind === 'more' ? 0 : 214;
  return { fill: `hsl(${hue} 72% ${lightness}%)`, text: lightness < 64 ? '#ffffff' : '#1e293b' };
}

/** The frames from the root down to `target` (both included), for the breadcrumb; empty when it is not in the tree. */
export function ancestry(root: DiffNode, target: DiffNode): DiffNode[] {
  const path: DiffNode[] = [];
  const find = (n: DiffNode): boolean => {
    path.push(n);
    if (n === target) return true;
    for (const c of n.children) if (find(c)) return true;
    path.pop();
    return false;
  };
  return find(root) ? path : [];
}

/** The frame under a point: `fx` as a fraction of the width, `depth` the row. */
export function hit(rects: readonly DiffRect[], fx: number, depth: number): DiffRect | undefined {
  for (const r of rects) if (r.depth === depth && fx >= r.x && fx < r.x + r.w) return r;
  return undefined;
}

export function maxDepth(rects: readonly DiffRect[]): number {
  let d = 0;
  for (const r of rects) d = Math.max(d, r.depth);
  return d;
}

/** A label cut to what fits in `px` pixels, given the width of one character; empty when not even "a…" fits. */
export function fitLabel(text: string, px: number, charPx: number): string {
  const room = Math.floor(px / charPx);
  if (room >= text.length) return text;
  if (room < 3) return '';
  return text.slice(0, room - 1) + '…';
}
