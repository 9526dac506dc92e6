// The differential flame view's geometry and colours: widths from the larger share, siblings scaled to fit their
// parent, zooming, hit testing, the breadcrumb, colours by direction and size of the change, labels cut to fit.
import { describe, expect, it } from 'vitest';
import type { DiffNode } from '../../../app/contract/index.js';
import { ancestry, diffColours, diffKind, fitLabel, hit, layoutDiff, maxDepth } from '../../../renderer/src/lib/util/diff-layout.js';

function node(name: string, before: number, after: number, children: DiffNode[] = [], change: DiffNode['change'] = 'same', strength = 0): DiffNode {
  return { name, url: `file:///app/${name}.js`, line: 1, category: 'app', before, after, selfBefore: 0, selfAfter: 0, change, strength, children };
}

describe('layout', () => {
  it('gives each frame the larger of its shares, relative to its parent, largest child first', () => {
    const small = node('small', 10, 5);
    const big = node('big', 20, 40);
    const root = node('(all)', 100, 100, [small, big]);
    const rects = layoutDiff(root);
    expect(rects.map((r) => [r.node.name, r.depth, r.x, r.w])).toEqual([
      ['(all)', 0, 0, 1],
      ['big', 1, 0, 0.4],
      ['small', 1, 0.4, 0.1],
    ]);
  });

  it('scales siblings down together when one grew and another shrank past their parent', () => {
    const grew = node('grew', 10, 90);
    const shrank = node('shrank', 90, 10);
    const parent = node('parent', 100, 100, [grew, shrank]);
    const rects = layoutDiff(parent);
    const children = rects.filter((r) => r.depth === 1);
    expect(children.reduce((a, r) => a + r.w, 0)).toBeCloseTo(1, 10);
    expect(children[0]!.w).toBeCloseTo(0.5, 10);
    expect(children[1]!.x).toBeCloseTo(0.5, 10);
  });

  it('zooms: the chosen frame spans the width and only its callees follow', () => {
    const leaf = node('leaf', 5, 1);
    const mid = node('mid', 50, 10, [leaf]);
    const other = node('other', 40, 80);
    const root = node('(all)', 100, 100, [mid, other]);
    const rects = layoutDiff(mid);
    expect(rects.map((r) => r.node.name)).toEqual(['mid', 'leaf']);
    expect(rects[1]!.w).toBeCloseTo(0.1, 10);
    expect(ancestry(root, leaf).map((n) => n.name)).toEqual(['(all)', 'mid', 'leaf']);
    expect(ancestry(root, node('stranger', 1, 1))).toEqual([]);
  });

  it('drops frames narrower than the minimum, with their callees', () => {
    const deep = node('deep', 0.01, 0.01);
    const thin = node('thin', 0.01, 0.02, [deep]);
    const root = node('(all)', 100, 100, [node('wide', 99, 99), thin]);
    expect(layoutDiff(root, 0.001).map((r) => r.node.name)).toEqual(['(all)', 'wide']);
    expect(layoutDiff(root, 0).map((r) => r.node.name)).toContain('deep');
  });

  it('finds the frame under a point and the depth of the tree', () => {
    const a = node('a', 60, 60, [node('a1', 30, 30)]);
    const b = node('b', 40, 40);
    const rects = layoutDiff(node('(all)', 100, 100, [a, b]));
    expect(hit(rects, 0.1, 1)?.node.name).toBe('a');
    expect(hit(rects, 0.7, 1)?.node.name).toBe('b');
    expect(hit(rects, 0.1, 2)?.node.name).toBe('a1');
    expect(hit(rects, 0.7, 2)).toBeUndefined();
    expect(hit(rects, 0.5, 9)).toBeUndefined();
    expect(maxDepth(rects)).toBe(2);
  });
});

describe('colours', () => {
  it("paints the engine's judgement: red for more time after, blue for less, grey for the same", () => {
    expect(diffKind(node('x', 10, 30, [], 'more', 0.5))).toEqual({ kind: 'more', strength: 0.5 });
    expect(diffColours(node('x', 10, 30, [], 'more', 0.5)).fill).toMatch(/^hsl\(0 /);
    expect(diffColours(node('x', 30, 10, [], 'less', 0.5)).fill).toMatch(/^hsl\(214 /);
    // A larger share is not painted red when the engine judged it the same (per request, a faster server).
    expect(diffColours(node('x', 10, 30)).fill).toBe('#d4dae3');
  });

  it('stronger changes are darker, with white text once dark', () => {
    const light = diffColours(node('x', 10, 12, [], 'more', 0.17));
    const dark = diffColours(node('x', 0, 50, [], 'more', 1));
    const l = (c: string) => Number(/(\d+)%\)$/.exec(c)![1]);
    expect(l(dark.fill)).toBeLessThan(l(light.fill));
    expect(dark.text).toBe('#ffffff');
    expect(light.text).not.toBe('#ffffff');
  });
});

describe('labels', () => {
  it('fit the room with an ellipsis, or vanish when not even three characters fit', () => {
    expect(fitLabel('computeReport', 200, 7)).toBe('computeReport');
    expect(fitLabel('computeReport', 50, 7)).toBe('comput…');
    expect(fitLabel('computeReport', 14, 7)).toBe('');
  });
});
