// .cpuprofile files (Node --cpu-prof, Chrome DevTools, the inspector's Profiler.stop): the current layout (flat
// `nodes` + `samples` + `timeDeltas`, µs) and the old one (a nested `head` tree + absolute `timestamps` in µs, with
// startTime/endTime in seconds) that Node <= 10 and v8-profiler wrote.
import type { Profile } from '../model/profile.js';
import { cpuPartsToModel } from './cpu-nodes.js';
import { isList, isRecord, malformed, numberList, num, type Json } from './values.js';

const CTX = (name: string) => ({ format: 'cpuprofile' as const, name });

export function isCpuProfile(json: unknown): boolean {
  return isRecord(json) && isList(json.nodes) && ('samples' in json || 'timeDeltas' in json || 'startTime' in json);
}

export function isOldCpuProfile(json: unknown): boolean {
  return isRecord(json) && isRecord(json.head) && !('selfSize' in json.head) && ('timestamps' in json || 'samples' in json);
}

function optionalNumbers(json: Json, key: string, name: string): ArrayLike<number> | undefined {
  const v = json[key];
  if (v === undefined || v === null) return undefined;
  const list = numberList(v);
  if (!list) throw malformed('cpuprofile', name, `"${key}" is not a list of numbers`);
  return list;
}

/** The old nested tree flattened into the current node list (with `parent` links), without recursion. */
function flattenHead(head: Json, name: string): Json[] {
  const out: Json[] = [];
  const used = new Set<number>();
  let synthetic = -1;
  const stack: Array<[Json, number | undefined]> = [[head, undefined]];
  while (stack.length > 0) {
    const [node, parent] = stack.pop()!;
    let id = num(node.id);
    if (id === undefined || !Number.isSafeInteger(id) || used.has(id)) {
      while (used.has(synthetic)) synthetic--;
      id = synthetic;
    }
    used.add(id);
    const flat: Json = { id, callFrame: isRecord(node.callFrame) ? node.callFrame : node, hitCount: node.hitCount };
    if (parent !== undefined) flat.parent = parent;
    out.push(flat);
    const children = node.children;
    if (children === undefined) continue;
    if (!isList(children)) throw malformed('cpuprofile', name, "a node's children is not a list");
    for (let k = children.length - 1; k >= 0; k--) {
      const child = children[k];
      if (!isRecord(child)) throw malformed('cpuprofile', name, 'a child node is not an object');
      stack.push([child, id]);
    }
  }
  return out;
}

/**
 * A CPU profile object (a parsed .cpuprofile, or the inspector's Profiler.stop result) as a model. Internal callers
 * that own the parsed arrays pass `reuseBuffers` to let the timeline take them over.
 */
export function cpuProfileToModel(json: unknown, name = 'CPU profile', options: { reuseBuffers?: boolean } = {}): Profile {
  if (!isRecord(json)) throw malformed('cpuprofile', name, 'the profile is not a JSON object');
  if (isRecord(json.head)) {
    const start = num(json.startTime);
    const end = num(json.endTime);
    return cpuPartsToModel(
      {
        nodes: flattenHead(json.head, name),
        samples: optionalNumbers(json, 'samples', name),
        timestamps: optionalNumbers(json, 'timestamps', name),
        // The old layout gives startTime/endTime in seconds and timestamps in µs.
        startTime: start !== undefined ? start * 1e6 : undefined,
        endTime: end !== undefined ? end * 1e6 : undefined,
      },
      CTX(name),
      options.reuseBuffers === true,
    );
  }
  if (!isList(json.nodes)) throw malformed('cpuprofile', name, 'there is no "nodes" list');
  return cpuPartsToModel(
    {
      nodes: json.nodes,
      samples: optionalNumbers(json, 'samples', name),
      timeDeltas: optionalNumbers(json, 'timeDeltas', name),
      startTime: num(json.startTime),
      endTime: num(json.endTime),
    },
    CTX(name),
    options.reuseBuffers === true,
  );
}
