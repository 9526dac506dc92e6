// The start-up session's module list (each module names the module that first loaded it) as a tree to draw: children
// by inclusive time, largest first, and the icicle's rectangles. Layout only: every time is the engine's.
import type { StartupModule } from '../../../../app/contract/index.js';

export interface ModuleNode {
  module: StartupModule;
  children: ModuleNode[];
  depth: number;
}

/** Roots are the modules without a known parent (the entry, and any the probe saw no parent for). */
export function moduleForest(modules: readonly StartupModule[]): ModuleNode[] {
  const byId = new Map<string, ModuleNode>();
  for (const m of modules) byId.set(m.id, { module: m, children: [], depth: 0 });
  const roots: ModuleNode[] = [];
  for (const node of byId.values()) {
    const parent = node.module.parent !== undefined ? byId.get(node.module.parent) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const order = (nodes: ModuleNode[], depth: number) => {
    nodes.sort((a, b) => b.module.totalMs - a.module.totalMs);
    for (const n of nodes) {
      n.depth = depth;
      order(n.children, depth + 1);
    }
  };
  order(roots, 0);
  return roots;
}

export interface IcicleBox {
  node: ModuleNode;
  /** Fractions of the whole width, from the left. */
  x: number;
  width: number;
  depth: number;
}

/**
 * Rectangles of an icicle: each root's width is its share of the roots' inclusive time, each child sits under its
 * parent from the left, as wide as its share. Boxes narrower than `minWidth` (a fraction) are left out, and their
 * subtrees with them.
 */
export function icicle(roots: readonly ModuleNode[], maxDepth: number, minWidth: number): IcicleBox[] {
  const total = roots.reduce((t, r) => t + r.module.totalMs, 0);
  const boxes: IcicleBox[] = [];
  if (total <= 0) return boxes;
  const place = (nodes: readonly ModuleNode[], x: number, span: number, spanMs: number, depth: number) => {
    let at = x;
    for (const n of nodes) {
      // A parent's own total bounds its children's; rounding in the probe can make them add up to a little more.
      const width = spanMs > 0 ? Math.min(span - (at - x), (n.module.totalMs / spanMs) * span) : 0;
      if (width < minWidth) break;
      boxes.push({ node: n, x: at, width, depth });
      if (depth + 1 < maxDepth) place(n.children, at, width, n.module.totalMs, depth + 1);
      at += width;
    }
  };
  place(roots, 0, 1, total, 0);
  return boxes;
}
