// A copy of a profile focused on one function: only the samples with that function on the stack, each stack cut so
// that it starts at the function's outermost call. The flame view then shows what the function costs and what it
// spends its time in, whoever called it (like DevTools' "focus on function").
import { ProfileBuilder } from './builder.js';
import { ROOT, type Profile } from './profile.js';

export interface FrameMatch {
  functionName: string;
  url: string;
  line: number;
}

export function focusOnFrame(profile: Profile, match: FrameMatch): Profile | undefined {
  const target = profile.frames.findIndex((f) => f.functionName === match.functionName && f.url === match.url && (match.line === 0 || f.line === match.line));
  if (target < 0) return undefined;
  const builder = new ProfileBuilder(`${profile.name} · ${match.functionName}`, profile.unit);
  const frameMap = new Int32Array(profile.frames.length).fill(-1);
  // nodeMap: the focused copy of each node, or -1 when no ancestor-or-self is the target function.
  const nodeMap = new Int32Array(profile.nodeCount).fill(-1);
  for (let node = 1; node < profile.nodeCount; node++) {
    const f = profile.nodeFrame[node]!;
    const parentCopy = nodeMap[profile.nodeParent[node]!]!;
    const parent = parentCopy >= 0 ? parentCopy : f === target ? ROOT : -1;
    if (parent < 0) continue;
    if (frameMap[f] === -1) frameMap[f] = builder.frame(profile.frames[f]!);
    nodeMap[node] = builder.child(parent, frameMap[f]!);
  }
  let kept = 0;
  if (profile.timeline) {
    const { nodes, weights } = profile.timeline;
    for (let i = 0; i < nodes.length; i++) {
      const copy = nodeMap[nodes[i]!]!;
      if (copy >= 0) {
        builder.appendSample(copy, weights[i]!);
        kept++;
      }
    }
  } else {
    for (let node = 1; node < profile.nodeCount; node++) {
      if (nodeMap[node]! >= 0 && profile.nodeSelf[node]) {
        builder.addSelf(nodeMap[node]!, profile.nodeSelf[node]!);
        kept++;
      }
    }
    builder.countSamples(kept);
  }
  if (kept === 0) return undefined;
  builder.setTimeRange(profile.startTime, profile.endTime);
  return builder.build();
}
