// Cost per function (frame): self weight, and total weight with recursion counted once (a frame already on the
// stack adds nothing when it appears again deeper down, so fib -> fib -> fib counts its subtree one time).
import type { Profile } from './profile.js';

export interface FrameCosts {
  /** Indexed by frame. */
  self: Float64Array;
  total: Float64Array;
}

export function frameCosts(profile: Profile): FrameCosts {
  const frames = profile.frames.length;
  const self = new Float64Array(frames);
  const total = new Float64Array(frames);
  const onStack = new Int32Array(frames);
  for (let n = 1; n < profile.nodeCount; n++) self[profile.nodeFrame[n]!]! += profile.nodeSelf[n]!;
  profile.walk(
    (node) => {
      const f = profile.nodeFrame[node]!;
      if (f < 0) return;
      if (onStack[f] === 0) total[f]! += profile.nodeTotal[node]!;
      onStack[f]!++;
    },
    (node) => {
      const f = profile.nodeFrame[node]!;
      if (f >= 0) onStack[f]!--;
    },
  );
  return { self, total };
}
