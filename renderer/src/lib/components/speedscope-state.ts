// Keeping speedscope's zoom and selection across a new document (a filter toggled). speedscope resets both for every
// document it loads and has no API to set them, but its page is ours (same origin) and its components receive them
// as props: the flame chart view gets `configSpaceViewportRect` / `setConfigSpaceViewportRect` and `selectedNode` /
// `setSelectedNode`, the Sandwich table `selectedFrame` / `setSelectedFrame`. Preact keeps each rendered element's
// props on its virtual nodes (`__k`: children, a name Preact keeps stable for its devtools), so we read them before the
// swap and call the setters after it. The selection is carried by frame key (name, file, line, column), since the new
// document's frames and nodes are new objects; a node is matched by its frame and as much of its call path as is still
// shown, in Time Order nearest the time it was at. If speedscope's props change shape, nothing is kept and nothing
// breaks: the view is as speedscope leaves it.

type Props = Record<string, unknown>;
interface VNode {
  props?: Props;
  __k?: Array<VNode | null> | null;
}
interface SFrame {
  name: string;
  file?: string;
  line?: number;
  col?: number;
}
interface SNode {
  frame: SFrame;
  parent: SNode | null;
}
interface LayerFrame {
  node: SNode;
  start: number;
}
interface Flamechart {
  getLayers(): LayerFrame[][];
}

const frameKey = (f: SFrame) => `${f.name}\u0000${f.file ?? ''}\u0000${f.line ?? 0}\u0000${f.col ?? 0}`;

function roots(doc: Document): VNode[] {
  const out: VNode[] = [];
  const visit = (el: Element, depth: number) => {
    const root = (el as unknown as { __k?: VNode }).__k;
    if (root && typeof root === 'object') out.push(root);
    if (depth < 3) for (const child of el.children) visit(child, depth + 1);
  };
  visit(doc.body, 0);
  return out;
}

/** The props of the first rendered component that has all of `keys`. */
function findProps(doc: Document, keys: string[]): Props | undefined {
  const stack = roots(doc);
  let seen = 0;
  while (stack.length && seen++ < 200_000) {
    const v = stack.pop()!;
    const p = v.props;
    if (p && typeof p === 'object' && keys.every((k) => k in p)) return p;
    for (const c of v.__k ?? []) if (c) stack.push(c);
  }
  return undefined;
}

const CHART_KEYS = ['flamechart', 'configSpaceViewportRect', 'setConfigSpaceViewportRect', 'selectedNode', 'setSelectedNode'];
const SANDWICH_KEYS = ['profile', 'selectedFrame', 'setSelectedFrame'];

export interface KeptView {
  /** The chart and profile shown when this was read: the new document's are other objects. */
  flamechart?: unknown;
  profile?: unknown;
  rect?: unknown;
  node?: { path: string[]; start: number };
  sandwichFrame?: string;
}

function pathOf(node: SNode): string[] {
  const out: string[] = [];
  for (let n: SNode | null = node; n; n = n.parent) out.unshift(frameKey(n.frame));
  return out;
}

/** What the user has done in the view on screen: its zoom, the selected node or Sandwich function. */
export function readView(doc: Document): KeptView {
  const kept: KeptView = {};
  try {
    const chart = findProps(doc, CHART_KEYS);
    if (chart) {
      kept.flamechart = chart.flamechart;
      kept.rect = chart.configSpaceViewportRect;
      const selected = chart.selectedNode as SNode | null;
      if (selected) {
        const layers = (chart.flamechart as Flamechart).getLayers();
        const start = layers.flat().find((f) => f.node === selected)?.start ?? 0;
        kept.node = { path: pathOf(selected), start };
      }
    }
    const table = findProps(doc, SANDWICH_KEYS);
    kept.profile = table?.profile;
    const frame = table?.selectedFrame as SFrame | null | undefined;
    if (frame) kept.sandwichFrame = frameKey(frame);
  } catch {
    // speedscope's internals changed shape: keep nothing.
  }
  return kept;
}

/** The node of the new chart that best matches the kept one: same frame, most of its path, then nearest in time. */
function matchNode(layers: LayerFrame[][], kept: { path: string[]; start: number }): SNode | undefined {
  const key = kept.path[kept.path.length - 1];
  const wanted = new Set(kept.path);
  let best: { node: SNode; score: number; gap: number } | undefined;
  for (const f of layers.flat()) {
    if (frameKey(f.node.frame) !== key) continue;
    const score = pathOf(f.node).filter((k) => wanted.has(k)).length;
    const gap = Math.abs(f.start - kept.start);
    if (!best || score > best.score || (score === best.score && gap < best.gap)) best = { node: f.node, score, gap };
  }
  return best?.node;
}

/**
 * Puts the kept zoom and selection on the new document's view, once speedscope has drawn it (its chart is a new
 * object). True when done, false while the new chart is not there yet; call again until then.
 */
export function restoreView(doc: Document, kept: KeptView): boolean {
  try {
    const chart = findProps(doc, CHART_KEYS);
    const table = findProps(doc, SANDWICH_KEYS);
    if (chart && kept.flamechart && chart.flamechart === kept.flamechart) return false;
    if (table && kept.profile && table.profile === kept.profile) return false;
    if (!chart && !table) return false;
    if (chart) {
      if (kept.rect) (chart.setConfigSpaceViewportRect as (r: unknown) => void)(kept.rect);
      if (kept.node) {
        const node = matchNode((chart.flamechart as Flamechart).getLayers(), kept.node);
        if (node) (chart.setSelectedNode as (n: SNode) => void)(node);
      }
    }
    if (table && kept.sandwichFrame) {
      let found: SFrame | undefined;
      (table.profile as { forEachFrame(fn: (f: SFrame) => void): void }).forEachFrame((f) => {
        if (!found && frameKey(f) === kept.sandwichFrame) found = f;
      });
      if (found) (table.setSelectedFrame as (f: SFrame) => void)(found);
    }
    return true;
  } catch {
    return true;
  }
}

/** The zoom and selection speedscope shows, for the tests: the viewport's x range and the selected node's frame. */
export function describeView(doc: Document): { x?: number; width?: number; selected?: string; sandwich?: string } {
  const kept = readView(doc);
  const rect = kept.rect as { origin?: { x: number }; size?: { x: number } } | undefined;
  return {
    ...(rect?.origin ? { x: rect.origin.x, width: rect.size?.x } : {}),
    ...(kept.node ? { selected: kept.node.path[kept.node.path.length - 1]!.split('\u0000')[0] } : {}),
    ...(kept.sandwichFrame ? { sandwich: kept.sandwichFrame.split('\u0000')[0] } : {}),
  };
}
