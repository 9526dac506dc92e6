// pprof (profile.proto, usually gzipped): what @datadog/pprof, @platformatic/flame, @pyroscope/nodejs, Go's
// runtime/pprof, Pyroscope, Parca and Cloud Profiler write. One file holds several sample types over the same stacks
// (e.g. sample count and wall time; objects and bytes): each becomes a profile of its own, the default one first,
// and string labels with a few values (a route, a thread) become views of the default type, one per value.
//
// Samples are top-level fields: the first walk notes where each lies and decodes the tables (locations, functions,
// strings) that usually follow them; the second decodes samples one at a time straight into the call tree, so no
// decoded sample object outlives its turn. Tables, value types and labels are decoded with pprof-format.
import { ProfileBuilder } from '../model/builder.js';
import { Profile, ROOT } from '../model/profile.js';
import type { FrameCategory } from '../../contract/profile.js';
import { ProtobufError, WIRE_LEN, fieldsOf } from './protobuf-fields.js';
import { SampleReader } from './pprof-samples.js';
import { readTables, type SampleType, type Tables } from './pprof-tables.js';
import { malformed, noSamples } from './values.js';

/** Label keys with more distinct values than this (span ids, timestamps) are not offered as views. */
const MAX_LABEL_VALUES = 12;
/** A label value is a view only when its samples hold at least this share of the default type's total. */
const MIN_VIEW_SHARE = 0.01;

/** Wire type of each top-level field of profile.proto (13, comment, may also be packed). */
const PROFILE_WIRE: Record<number, number> = { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 0, 8: 0, 9: 0, 10: 0, 11: 2, 12: 0, 13: 0, 14: 0, 15: 0 };

/**
 * Gzip's magic number, or bytes whose first top-level fields (up to eight, within the head) are fields of
 * profile.proto with their own wire types. JSON, text logs and other binaries fail at the first byte or two.
 */
export function looksLikePprof(head: Uint8Array): boolean {
  if (isGzip(head)) return true;
  let seen = 0;
  try {
    for (const f of fieldsOf(head)) {
      const expected = PROFILE_WIRE[f.field];
      if (expected === undefined || (f.wire !== expected && !(f.field === 13 && f.wire === WIRE_LEN))) return false;
      if (++seen === 8) break;
    }
  } catch (err) {
    // A field cut by the end of the head: what came before it decides. Anything else is not protobuf.
    if (!(err instanceof ProtobufError && err.truncated)) return false;
  }
  return seen > 0;
}

export function isGzip(head: Uint8Array): boolean {
  return head[0] === 0x1f && head[1] === 0x8b;
}

/**
 * @datadog/pprof's names for what V8 did outside JavaScript (they have no file), and the names V8's own profiles give
 * them, so a production profile and a .cpuprofile compare function by function.
 */
const PSEUDO_FRAMES = new Map<string, { category: FrameCategory; name: string }>([
  ['Garbage Collection', { category: 'gc', name: '(garbage collector)' }],
  ['(garbage collector)', { category: 'gc', name: '(garbage collector)' }],
  ['Idle', { category: 'idle', name: '(idle)' }],
  ['(idle)', { category: 'idle', name: '(idle)' }],
  ['Program', { category: 'program', name: '(program)' }],
  ['(program)', { category: 'program', name: '(program)' }],
]);

/** No name, or @datadog/pprof's name for an anonymous function, `(anonymous:L#12:C#3)`: V8's profiles say (anonymous). */
const ANONYMOUS = /^(?:|\(anonymous:L#\d+:C#\d+\))$/;

/** Whether a file name is code Node runs (otherwise the profile came from another runtime, e.g. Go). */
const JS_FILE = /\.(?:[cm]?js|[cm]?ts|jsx|tsx)$|^node:/;

export interface PprofImport {
  profiles: Profile[];
  warnings: string[];
}

/** The profiles in a decompressed pprof message. */
export function pprofToModels(buffer: Uint8Array, name: string): PprofImport {
  const bad = (detail: string) => malformed('pprof', name, detail);
  let tables: Tables;
  try {
    tables = readTables(buffer, name);
  } catch (err) {
    if ((err instanceof Error && err.name === 'CheckupError') || err instanceof RangeError) throw err;
    throw bad((err as Error).message);
  }
  const { sampleTypes, strings } = tables;
  const builder = new ProfileBuilder(name, 'microseconds');
  // Frames of each location, outermost first: its last line is the function the others were inlined into.
  const locationFrames = new Map<number, number[]>();
  let jsFrames = 0;
  const framesOf = (locationId: number): number[] => {
    let frames = locationFrames.get(locationId);
    if (frames) return frames;
    const lines = tables.locations.get(locationId);
    if (!lines) throw bad(`a sample names location ${locationId}, which it does not define`);
    frames = [];
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i]!;
      const fn = tables.functions.get(line.functionId);
      if (!fn) throw bad(`location ${locationId} names function ${line.functionId}, which it does not define`);
      if (JS_FILE.test(fn.filename)) jsFrames++;
      // A frame is a function, as in V8's profiles: where it starts when the producer says (Go does), else the line.
      const pseudo = fn.filename ? undefined : PSEUDO_FRAMES.get(fn.name);
      const functionName = pseudo?.name ?? (ANONYMOUS.test(fn.name) ? '(anonymous)' : fn.name);
      frames.push(builder.frame({ functionName, url: fn.filename, line: fn.startLine || line.line, column: fn.startLine ? 0 : line.column, ...(pseudo ? { category: pseudo.category } : {}) }));
    }
    locationFrames.set(locationId, frames);
    return frames;
  };

  const order = defaultFirst(sampleTypes, tables.defaultSampleType);
  const primary = order[0]!;
  let selfs: Float64Array[] = sampleTypes.map(() => new Float64Array(1024));
  const labelValues = new Map<number, Map<number, Float64Array>>();
  const distinct = new Map<number, Set<number>>();
  const reader = new SampleReader(buffer);
  const bytes = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  // Call-tree node of each distinct stack, by the bytes of its packed location ids.
  const nodeOfStack = new Map<string, number>();
  const stack: number[] = [];
  const countType = sampleTypes.findIndex((t) => t.modelUnit === 'count' && /^samples?$/.test(t.type));
  let sampleTotal = 0;

  for (let i = 0; i < tables.sampleCount; i++) {
    try {
      reader.read(tables.sampleRanges[2 * i]!, tables.sampleRanges[2 * i + 1]!);
    } catch (err) {
      throw bad(`sample ${i}: ${(err as Error).message}`);
    }
    if (reader.values.length !== sampleTypes.length) throw bad(`sample ${i} has ${reader.values.length} values for ${sampleTypes.length} sample types`);
    const stackKey = reader.stackEnd > 0 ? bytes.toString('latin1', reader.stackStart, reader.stackEnd) : undefined;
    let node = stackKey !== undefined ? nodeOfStack.get(stackKey) : undefined;
    if (node === undefined) {
      stack.length = 0;
      for (let k = reader.locationIds.length - 1; k >= 0; k--) for (const frame of framesOf(reader.locationIds[k]!)) stack.push(frame);
      node = stack.length ? builder.nodeForStack(stack) : ROOT;
      if (stackKey !== undefined) nodeOfStack.set(stackKey, node);
    }
    if (node >= selfs[0]!.length) selfs = selfs.map((s) => grow(s, node));
    for (let t = 0; t < sampleTypes.length; t++) selfs[t]![node]! += reader.values[t]! * sampleTypes[t]!.scale;
    sampleTotal += countType >= 0 ? reader.values[countType]! : 1;
    for (let l = 0; l < reader.labels.length; l += 2) {
      const key = reader.labels[l]!;
      const value = reader.labels[l + 1]!;
      let seen = distinct.get(key);
      if (!seen) distinct.set(key, (seen = new Set()));
      if (seen.size > MAX_LABEL_VALUES) continue;
      seen.add(value);
      let byValue = labelValues.get(key);
      if (!byValue) labelValues.set(key, (byValue = new Map()));
      let weights = byValue.get(value);
      if (!weights) byValue.set(value, (weights = new Float64Array(selfs[0]!.length)));
      if (node >= weights.length) byValue.set(value, (weights = grow(weights, node)));
      weights[node]! += reader.values[primary]! * sampleTypes[primary]!.scale;
    }
  }

  const shape = builder.build();
  const nodes = shape.nodeCount;
  const startUs = tables.timeNanos / 1000;
  const endUs = startUs + tables.durationNanos / 1000;
  const warnings: string[] = [];
  if (shape.frames.length > 0 && jsFrames === 0) warnings.push('This profile names no JavaScript files: it comes from another runtime, so the app/dependency categories and the advice are guesses.');
  const make = (title: string, type: SampleType, self: Float64Array): Profile =>
    Profile.fromData({
      name: title,
      unit: type.modelUnit,
      frames: shape.frames.slice(),
      nodeFrame: shape.nodeFrame,
      nodeParent: shape.nodeParent,
      nodeSelf: self,
      sampleCount: sampleTotal,
      startTime: startUs,
      endTime: endUs,
      warnings: type.modelUnit === 'count' ? [`"${type.type}" is a count (${type.unit || 'events'}), not time or bytes.`] : [],
    });
  const label = (t: SampleType) => `${t.type} (${t.unit})`;
  const profiles = order.map((t) => make(label(sampleTypes[t]!), sampleTypes[t]!, fitTo(selfs[t]!, nodes)));
  const primaryTotal = profiles[0]!.totalWeight;
  for (const [key, byValue] of labelValues) {
    if ((distinct.get(key)?.size ?? 0) > MAX_LABEL_VALUES || byValue.size < 2) continue;
    for (const [value, weights] of byValue) {
      const view = make(`${label(sampleTypes[primary]!)} · ${strings[key]}=${strings[value]}`, sampleTypes[primary]!, fitTo(weights, nodes));
      if (view.totalWeight >= MIN_VIEW_SHARE * primaryTotal) profiles.push(view);
    }
  }
  const withSamples = profiles.filter((p) => p.totalWeight > 0);
  if (withSamples.length === 0) throw noSamples(name);
  return { profiles: withSamples, warnings };
}

/** The default sample type first (pprof's rule: the named default, else the last type), then the others in order. */
function defaultFirst(types: SampleType[], named: string): number[] {
  let first = named ? types.findIndex((t) => t.type === named) : -1;
  if (first < 0) first = types.length - 1;
  return [first, ...types.map((_, i) => i).filter((i) => i !== first)];
}

function grow(a: Float64Array, atLeast: number): Float64Array {
  const next = new Float64Array(Math.max(a.length * 2, atLeast + 1));
  next.set(a);
  return next;
}

function fitTo(a: Float64Array, n: number): Float64Array {
  if (a.length === n) return a;
  if (a.length > n) return a.slice(0, n);
  const out = new Float64Array(n);
  out.set(a);
  return out;
}
