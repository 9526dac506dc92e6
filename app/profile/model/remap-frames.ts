// A profile with some frames replaced (source-mapped to the original file, line and name). The call tree is rebuilt
// through the builder, so frames that now name the same function merge, and so do the nodes that then share a
// parent and a frame; self weights, the sample timeline and the time range carry over unchanged.
import { ProfileBuilder } from './builder.js';
import { Profile, ROOT } from './profile.js';
import type { Frame, FrameInput } from './types.js';

/** `replace` returns the new frame, or undefined to keep the frame as it is. */
export function remapFrames(profile: Profile, replace: (frame: Frame, index: number) => FrameInput | undefined, warnings: readonly string[] = []): Profile {
  const replacements = profile.frames.map((frame, i) => replace(frame, i));
  if (replacements.every((r) => r === undefined) && warnings.every((w) => profile.warnings.includes(w))) return profile;

  const builder = new ProfileBuilder(profile.name, profile.unit);
  const frameMap = new Int32Array(profile.frames.length);
  profile.frames.forEach((frame, i) => {
    const { functionName, url, line, column, category } = frame;
    frameMap[i] = builder.frame(replacements[i] ?? { functionName, url, line, column, category });
  });
  const nodeMap = new Int32Array(profile.nodeCount);
  nodeMap[ROOT] = ROOT;
  // Parents come before their children in the node arrays, so one pass in order places every node.
  for (let n = 1; n < profile.nodeCount; n++) nodeMap[n] = builder.child(nodeMap[profile.nodeParent[n]!]!, frameMap[profile.nodeFrame[n]!]!);

  const timeline = profile.timeline;
  const fromTimeline = new Float64Array(profile.nodeCount);
  if (timeline) {
    const nodes = new Int32Array(timeline.nodes.length);
    for (let i = 0; i < nodes.length; i++) {
      const old = timeline.nodes[i]!;
      nodes[i] = nodeMap[old]!;
      fromTimeline[old]! += timeline.weights[i]!;
    }
    // The weights are shared, not copied: neither profile ever writes to them.
    builder.setTimeline(nodes, timeline.weights, nodes.length);
  }
  // Weight the timeline does not account for (a profile without one, or hitCount-only nodes) is added as it stood.
  for (let n = 0; n < profile.nodeCount; n++) {
    const rest = profile.nodeSelf[n]! - fromTimeline[n]!;
    if (rest !== 0) builder.addSelf(nodeMap[n]!, rest);
  }
  builder.countSamples(profile.sampleCount - builder.sampleCount);
  builder.setTimeRange(profile.startTime, profile.endTime);
  for (const w of [...profile.warnings, ...warnings]) builder.warn(w);
  return builder.build();
}
