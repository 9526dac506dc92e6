// pprof's tables, read in the first pass over the message: sample types, the strings, locations and functions, and
// where each sample lies (decoded later, one at a time, by pprof-samples.ts). Decoded with pprof-format.
import { Function as PprofFunction, Location, ValueType } from 'pprof-format';
import type { WeightUnit } from '../model/types.js';
import { WIRE_LEN, fieldsOf } from './protobuf-fields.js';
import { malformed } from './values.js';

/**
 * Each sample type becomes a profile of its own, every sample carries one value per type, and each profile copies the
 * call tree: work grows with types x samples x nodes. Real producers write a handful (pprof's Go heap profile: 4);
 * 20,000 took 18 s. Past this many the file is built to cost, not to be read.
 */
export const MAX_SAMPLE_TYPES = 64;

const TIME_SCALE_TO_US: Record<string, number> = { nanoseconds: 1e-3, microseconds: 1, milliseconds: 1e3, seconds: 1e6 };

export interface SampleType {
  type: string;
  unit: string;
  /** What a value is multiplied by to become the model's unit. */
  scale: number;
  modelUnit: WeightUnit;
}

export interface Tables {
  strings: string[];
  sampleTypes: SampleType[];
  /** Where each sample lies: start at 2i, end at 2i + 1 (32-bit offsets: a bigger message is refused). */
  sampleRanges: Uint32Array;
  sampleCount: number;
  locations: Map<number, Array<{ functionId: number; line: number; column: number }>>;
  functions: Map<number, { name: string; filename: string; startLine: number }>;
  defaultSampleType: string;
  timeNanos: number;
  durationNanos: number;
}

const num = (v: number | bigint | undefined): number => (v === undefined ? 0 : Number(v));

function sampleTypeOf(type: string, unit: string): SampleType {
  const time = TIME_SCALE_TO_US[unit];
  if (time !== undefined) return { type, unit, scale: time, modelUnit: 'microseconds' };
  if (unit === 'bytes') return { type, unit, scale: 1, modelUnit: 'bytes' };
  return { type, unit, scale: 1, modelUnit: 'count' };
}

export function readTables(buffer: Uint8Array, name: string): Tables {
  // Reported by the importer as a file too large for us (its RangeError rule).
  if (buffer.length > 0xffffffff) throw new RangeError('profile: a pprof message over 4 GB');
  const bad = (detail: string) => malformed('pprof', name, detail);
  const strings: string[] = [];
  const rawTypes: Array<{ type: number; unit: number }> = [];
  let ranges = new Uint32Array(2048);
  let sampleCount = 0;
  const locations: Tables['locations'] = new Map();
  const rawFunctions: Array<{ id: number; name: number; filename: number; startLine: number }> = [];
  let defaultType = 0;
  let timeNanos = 0;
  let durationNanos = 0;
  const decoder = new TextDecoder();
  for (const f of fieldsOf(buffer)) {
    switch (f.field) {
      case 1: {
        const v = ValueType.decode(buffer.subarray(f.start, f.end));
        rawTypes.push({ type: num(v.type), unit: num(v.unit) });
        break;
      }
      case 2:
        if (f.wire !== WIRE_LEN) throw bad('a sample is not a message');
        if (2 * sampleCount + 2 > ranges.length) {
          const grown = new Uint32Array(ranges.length * 2);
          grown.set(ranges);
          ranges = grown;
        }
        ranges[2 * sampleCount] = f.start;
        ranges[2 * sampleCount + 1] = f.end;
        sampleCount++;
        break;
      case 4: {
        const loc = Location.decode(buffer.subarray(f.start, f.end));
        locations.set(
          num(loc.id),
          loc.line.map((l) => ({ functionId: num(l.functionId), line: num(l.line), column: num(l.column) })),
        );
        break;
      }
      case 5: {
        const fn = PprofFunction.decode(buffer.subarray(f.start, f.end));
        rawFunctions.push({ id: num(fn.id), name: num(fn.name), filename: num(fn.filename), startLine: num(fn.startLine) });
        break;
      }
      case 6:
        if (f.wire !== WIRE_LEN) throw bad('a string of its table is not text');
        strings.push(decoder.decode(buffer.subarray(f.start, f.end)));
        break;
      case 9:
        timeNanos = f.value;
        break;
      case 10:
        durationNanos = f.value;
        break;
      case 14:
        defaultType = f.value;
        break;
      default:
        break;
    }
  }
  const text = (i: number) => {
    if (i < 0 || i >= strings.length) throw bad(`a string index (${i}) is outside its string table`);
    return strings[i]!;
  };
  if (strings.length === 0 || strings[0] !== '') throw bad('its string table does not start with the empty string');
  if (rawTypes.length === 0) throw bad('it declares no sample type');
  if (rawTypes.length > MAX_SAMPLE_TYPES) throw bad(`it declares ${rawTypes.length} sample types; a profile has a few (Go's heap profile, the most, has 4), and Checkup reads up to ${MAX_SAMPLE_TYPES}`);
  const functions: Tables['functions'] = new Map();
  for (const fn of rawFunctions) functions.set(fn.id, { name: text(fn.name), filename: text(fn.filename), startLine: fn.startLine });
  return {
    strings,
    sampleTypes: rawTypes.map((t) => sampleTypeOf(text(t.type), text(t.unit))),
    sampleRanges: ranges,
    sampleCount,
    locations,
    functions,
    defaultSampleType: defaultType ? text(defaultType) : '',
    timeNanos,
    durationNanos,
  };
}
