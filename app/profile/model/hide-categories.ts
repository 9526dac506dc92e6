// A copy of a profile without the frames of some categories (Node core, V8/natives, dependencies...), for the flame
// view's filters. A hidden frame's time goes to its nearest visible caller, so totals are unchanged: hiding Node core
// shows how much time each of the user's functions costs with everything it called in Node folded into it.
import type { FrameCategory } from '../../contract/profile.js';
import { ProfileBuilder } from './builder.js';
import { ROOT, type Profile } from './profile.js';

export function hideCategories(profile: Profile, hidden: ReadonlySet<FrameCategory>): Profile {
  if (hidden.size === 0) return profile;
  const builder = new ProfileBuilder(profile.name, profile.unit);
  const frameMap = new Int32Array(profile.frames.length).fill(-1);
  const nodeMap = new Int32Array(profile.nodeCount);
  nodeMap[ROOT] = ROOT;
  for (let node = 1; node < profile.nodeCount; node++) {
    const parent = nodeMap[profile.nodeParent[node]!]!;
    const f = profile.nodeFrame[node]!;
    const frame = profile.frames[f]!;
    if (hidden.has(frame.category)) {
      nodeMap[node] = parent;
      continue;
    }
    if (frameMap[f] === -1) frameMap[f] = builder.frame(frame);
    nodeMap[node] = builder.child(parent, frameMap[f]!);
  }
  if (profile.timeline) {
    const { nodes, weights } = profile.timeline;
    const mapped = new Int32Array(nodes.length);
    for (let i = 0; i < nodes.length; i++) mapped[i] = nodeMap[nodes[i]!]!;
    builder.setTimeline(mapped, Float32Array.from(weights), nodes.length);
  } else {
    for (let node = 1; node < profile.nodeCount; node++) if (profile.nodeSelf[node]) builder.addSelf(nodeMap[node]!, profile.nodeSelf[node]!);
    builder.countSamples(profile.sampleCount);
  }
  builder.setTimeRange(profile.startTime, profile.endTime);
  for (const w of profile.warnings) builder.warn(w);
  return builder.build();
}
