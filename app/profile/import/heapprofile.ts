// .heapprofile files and the inspector's HeapProfiler.stopSampling result: V8's sampling heap profile, a nested
// `head` tree whose nodes carry the bytes sampled as allocated there (selfSize), plus (Node >= 12) the samples.
import { ProfileBuilder } from '../model/builder.js';
import type { Profile } from '../model/profile.js';
import { ROOT } from '../model/profile.js';
import { callFrameInput } from './cpu-nodes.js';
import { MAX_STEP, isList, isRecord, malformed, noSamples, num, str, type Json } from './values.js';

export function isHeapProfile(json: unknown): boolean {
  return isRecord(json) && isRecord(json.head) && 'selfSize' in json.head;
}

export function heapProfileToModel(json: unknown, name = 'Heap profile'): Profile {
  const bad = (detail: string) => malformed('heapprofile', name, detail);
  if (!isRecord(json) || !isRecord(json.head)) throw bad('there is no "head" node');
  const builder = new ProfileBuilder(name, 'bytes');
  let sites = 0;
  let total = 0;
  // Depth-first without recursion: allocation stacks can be deep.
  const stack: Array<[Json, number]> = [[json.head, -1]];
  while (stack.length > 0) {
    const [node, parent] = stack.pop()!;
    if (!isRecord(node.callFrame)) throw bad('a node has no callFrame');
    const size = num(node.selfSize) ?? 0;
    if (size < 0 || size > MAX_STEP) throw bad(`a node's selfSize (${size}) is out of range`);
    let modelNode: number;
    if (parent < 0 && str(node.callFrame.functionName) === '(root)') modelNode = ROOT;
    else modelNode = builder.child(parent < 0 ? ROOT : parent, builder.frame(callFrameInput(node.callFrame)));
    if (size > 0) {
      builder.addSelf(modelNode, size);
      sites++;
      total += size;
    }
    const children = node.children;
    if (children === undefined) continue;
    if (!isList(children)) throw bad("a node's children is not a list");
    for (let k = children.length - 1; k >= 0; k--) {
      const child = children[k];
      if (!isRecord(child)) throw bad('a child node is not an object');
      stack.push([child, modelNode]);
    }
  }
  if (total === 0) throw noSamples(name);
  // Node >= 12 lists every allocation sample; older files only have the per-site totals.
  builder.countSamples(isList(json.samples) ? json.samples.length : sites);
  return builder.build();
}
