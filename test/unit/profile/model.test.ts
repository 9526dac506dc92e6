import { describe, expect, it } from 'vitest';
import { ProfileBuilder } from '../../../app/profile/model/builder.js';
import { Profile, ROOT } from '../../../app/profile/model/profile.js';
import { frameCosts } from '../../../app/profile/model/frame-costs.js';
import { cpuProfile } from './synthetic.js';

describe('ProfileBuilder and Profile', () => {
  it('interns identical frames and reuses the node for the same frame under the same parent', () => {
    const b = new ProfileBuilder('p', 'microseconds');
    const a1 = b.frame({ functionName: 'a', url: 'file:///x.js', line: 3, column: 4 });
    const a2 = b.frame({ functionName: 'a', url: 'file:///x.js', line: 3, column: 4 });
    const other = b.frame({ functionName: 'a', url: 'file:///x.js', line: 9, column: 4 });
    expect(a1).toBe(a2);
    expect(other).not.toBe(a1);
    const n1 = b.child(ROOT, a1);
    expect(b.child(ROOT, a1)).toBe(n1);
    expect(b.child(n1, a1)).not.toBe(n1);
    expect(b.nodeForStack([a1, other])).toBe(b.nodeForStack([a2, other]));
  });

  it('derives totals from self weights and exposes children and stacks', () => {
    const p = cpuProfile([
      [['main', 'a', 'b'], 10],
      [['main', 'a'], 5],
      [['main', 'c'], 20],
      [['main', 'a', 'b'], 1],
    ]);
    expect(p.totalWeight).toBe(36);
    expect(p.sampleCount).toBe(4);
    const names = (node: number) => p.stackOf(node).map((f) => p.frames[f]!.functionName).join('>');
    const main = p.childrenOf(ROOT)[0]!;
    expect(names(main)).toBe('main');
    expect(p.nodeTotal[main]).toBe(36);
    const kids = Array.from(p.childrenOf(main)).map((n) => [names(n), p.nodeSelf[n], p.nodeTotal[n]]);
    expect(kids).toEqual([
      ['main>a', 5, 16],
      ['main>c', 20, 20],
    ]);
    expect(Array.from(p.timeline!.weights)).toEqual([10, 5, 20, 1]);
  });

  it('counts a recursive function once in its total', () => {
    const p = cpuProfile([
      [['main', 'fib', 'fib', 'fib'], 30],
      [['main', 'fib'], 10],
      [['main', 'other'], 60],
    ]);
    const costs = frameCosts(p);
    const fib = p.frames.findIndex((f) => f.functionName === 'fib');
    expect(costs.self[fib]).toBe(40);
    expect(costs.total[fib]).toBe(40);
  });

  it('walks a 100 000-frame-deep tree without recursion', () => {
    const b = new ProfileBuilder('deep', 'microseconds');
    const f = b.frame({ functionName: 'r' });
    let node = ROOT;
    for (let i = 0; i < 100_000; i++) node = b.child(node, f);
    b.appendSample(node, 7);
    const p = b.build();
    let deepest = 0;
    p.walk((n) => {
      deepest = Math.max(deepest, p.nodeDepth[n]!);
    });
    expect(deepest).toBe(100_000);
    expect(p.nodeTotal[ROOT]).toBe(7);
    expect(frameCosts(p).total[f]).toBe(7);
  });

  it('round-trips through its plain data form', () => {
    const p = cpuProfile([
      [['a', 'b'], 3],
      [['a'], 4],
    ]);
    const copy = Profile.fromData(structuredClone(p.toData()));
    expect(copy.totalWeight).toBe(p.totalWeight);
    expect(copy.frames).toEqual(p.frames);
    expect(Array.from(copy.nodeTotal)).toEqual(Array.from(p.nodeTotal));
    expect(Array.from(copy.timeline!.nodes)).toEqual(Array.from(p.timeline!.nodes));
  });

  it('refuses node arrays whose parents do not come first', () => {
    const data = cpuProfile([[['a', 'b'], 1]]).toData();
    data.nodeParent = Int32Array.from([-1, 2, 1]);
    expect(() => Profile.fromData(data)).toThrow(/parents must come first/);
  });

  it('classifies frames once, when they are interned', () => {
    const b = new ProfileBuilder('p', 'microseconds');
    const f = b.frame({ functionName: 'handle', url: 'file:///srv/node_modules/express/lib/router/layer.js', line: 95 });
    const p = (b.appendSample(b.child(ROOT, f), 1), b.build());
    expect(p.frames[f]).toMatchObject({ category: 'dependency', package: 'express', line: 95, column: 0 });
    expect(Object.isFrozen(p.frames[f])).toBe(true);
  });
});

describe('ProfileBuilder.setTimeline', () => {
  it('takes a whole timeline over without copying it, and sums self weights from it', () => {
    const b = new ProfileBuilder('t', 'microseconds');
    const a = b.child(ROOT, b.frame({ functionName: 'a' }));
    const c = b.child(a, b.frame({ functionName: 'c' }));
    const nodes = Int32Array.from([a, c, c, 0]);
    const weights = Float32Array.from([5, 1, 2, 99]);
    b.setTimeline(nodes, weights, 3);
    const p = b.build();
    expect(p.sampleCount).toBe(3);
    expect(p.nodeSelf[a]).toBe(5);
    expect(p.nodeTotal[a]).toBe(8);
    expect(Array.from(p.timeline!.nodes)).toEqual([a, c, c]);
  });

  it('refuses samples that name no node', () => {
    const b = new ProfileBuilder('t', 'microseconds');
    expect(() => b.setTimeline(Int32Array.from([7]), Float32Array.from([1]), 1)).toThrow(/names no node/);
  });
});
