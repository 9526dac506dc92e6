// Several profiles of the same unit as one: the call trees summed stack by stack (a fleet's files, one file per
// thread or process from `node --cpu-prof`). Time order has no meaning across files, so the result has no timeline.
import { ProfileBuilder } from './builder.js';
import type { Profile } from './profile.js';
import { ROOT } from './profile.js';

export function mergeProfiles(profiles: readonly Profile[], name: string): Profile {
  const first = profiles[0];
  if (!first) throw new Error('profile: nothing to merge');
  const builder = new ProfileBuilder(name, first.unit);
  for (const profile of profiles) {
    if (profile.unit !== first.unit) throw new Error(`profile: cannot merge ${profile.unit} into ${first.unit}`);
    const frameMap = profile.frames.map((f) => builder.frame({ functionName: f.functionName, url: f.url, line: f.line, column: f.column, category: f.category }));
    const nodeMap = new Int32Array(profile.nodeCount);
    nodeMap[ROOT] = ROOT;
    // Parents come before their children in the node arrays, so one pass in order maps every node.
    for (let n = 1; n < profile.nodeCount; n++) {
      nodeMap[n] = builder.child(nodeMap[profile.nodeParent[n]!]!, frameMap[profile.nodeFrame[n]!]!);
      const self = profile.nodeSelf[n]!;
      if (self > 0) builder.addSelf(nodeMap[n]!, self);
    }
    builder.addSelf(ROOT, profile.nodeSelf[ROOT]!);
    builder.countSamples(profile.sampleCount);
    for (const w of profile.warnings) builder.warn(w);
  }
  // No time range: recordings of different processes overlap, so the merged duration is their summed weight.
  return builder.build();
}
