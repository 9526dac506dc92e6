// The differential flame's colours are decided by the engine with the function lists' rule: shares of each profile
// without load figures, time per request with them, so a server that got faster is not painted red where its lists
// say faster.
import { describe, expect, it } from 'vitest';
import type { DiffNode } from '../../../app/contract/compare.js';
import { judged } from '../../../app/compare/diff-tree.js';

const node = (before: number, after: number, category: DiffNode['category'] = 'app'): DiffNode => ({
  name: 'f', url: 'file:///app/f.js', line: 1, category, before, after, selfBefore: 0, selfAfter: 0, change: 'same', strength: 0, children: [],
});

describe('diff tree judgement', () => {
  it('in shares of each profile: more, less, and the same within sampling noise', () => {
    expect(judged(node(10, 30), undefined)).toEqual({ change: 'more', strength: expect.closeTo(2 / 3, 5) });
    expect(judged(node(95, 0), undefined)).toEqual({ change: 'less', strength: 1 });
    expect(judged(node(10, 10.1), undefined).change).toBe('same');
    // A large relative change of a tiny frame, a small one of a huge frame: noise.
    expect(judged(node(0.05, 0.2), undefined).change).toBe('same');
    expect(judged(node(100, 98), undefined).change).toBe('same');
    // More idle time after a fix is the point, not a regression.
    expect(judged(node(0.1, 60, 'idle'), undefined).change).toBe('same');
  });

  it('per request when both runs have load figures: a larger share of a faster server is less time, as the lists say', () => {
    // Before: 1,000 µs of profile per request, 20 % of it here (200 µs); after: 100 µs per request, 40 % (40 µs).
    const j = judged(node(20, 40), { before: 1000, after: 100 });
    expect(j).toMatchObject({ change: 'less', perRequestUsBefore: 200, perRequestUsAfter: 40 });
    expect(j.strength).toBeCloseTo(0.8, 5);
    // Under the lists' floor of 0.5 µs per request: the same.
    expect(judged(node(1, 1.2), { before: 10, after: 10 }).change).toBe('same');
  });
});

describe('the flame tells the lists story', () => {
  it('paints a frame red only where its function is slower in the list, blue only where faster', async () => {
    const { paintAsListed } = await import('../../../app/compare/diff-tree.js');
    const grewOnANewPath = { ...node(5, 30), name: 'writev', url: '', change: 'more' as const, strength: 0.8 };
    const root = { ...node(100, 100), name: '(all)', url: '', children: [grewOnANewPath, { ...node(10, 40), name: 'parse', url: 'file:///app/p.js', change: 'more' as const, strength: 0.75 }] };
    const painted = paintAsListed(root, [
      { functionName: 'writev', url: '', line: 0, category: 'native', selfBefore: 5, selfAfter: 30, delta: 25, change: 'faster' },
      { functionName: 'parse', url: 'file:///app/p.js', line: 1, category: 'app', selfBefore: 10, selfAfter: 40, delta: 30, change: 'slower' },
    ]);
    const [writev, parse] = painted.children;
    // Faster overall in the list: blue, even where this path grew (the tooltip keeps the path's figures).
    expect(writev).toMatchObject({ change: 'less', strength: 0.25, before: 5, after: 30 });
    expect(parse).toMatchObject({ change: 'more', strength: 0.75 });
    expect(painted.change).toBe('same');
  });
});
