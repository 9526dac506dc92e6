// Type guards over parsed JSON. Parsed profiles may hold typed arrays where the file had long number arrays (see
// json/stream-parser.ts), so every "array of numbers" check accepts both.
import { CheckupError } from '../../errors.js';
import type { ProfileFormat } from '../../contract/profile.js';

export type Json = Record<string, unknown>;

export function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !ArrayBuffer.isView(v);
}

export function isList(v: unknown): v is ArrayLike<unknown> {
  return Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView));
}

/** A typed array, or a plain array whose every element is a number; undefined otherwise. */
export function numberList(v: unknown): ArrayLike<number> | undefined {
  if (ArrayBuffer.isView(v) && !(v instanceof DataView) && !(v instanceof BigInt64Array) && !(v instanceof BigUint64Array)) {
    return v as unknown as ArrayLike<number>;
  }
  if (!Array.isArray(v)) return undefined;
  for (const x of v) if (typeof x !== 'number') return undefined;
  return v as number[];
}

export function str(v: unknown, fallback = ''): string {
  return typeof v === 'string' ? v : fallback;
}

/** A finite number (numbers written as strings, as some trace writers do, count too), else undefined. */
export function num(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

export const FORMAT_LABEL: Record<ProfileFormat, string> = {
  cpuprofile: 'CPU profile (.cpuprofile)',
  heapprofile: 'heap profile (.heapprofile)',
  'chrome-trace': 'Chrome trace (Trace Event JSON)',
  'v8-log': 'V8 log (node --prof)',
  speedscope: 'speedscope',
  pprof: 'pprof (profile.proto)',
};

export function malformed(format: ProfileFormat, name: string, detail: string): CheckupError {
  return new CheckupError('CHK_PROFILE_MALFORMED', { format: FORMAT_LABEL[format], name, detail });
}

export function noSamples(name: string): CheckupError {
  return new CheckupError('CHK_PROFILE_NO_SAMPLES', { name });
}

/** Largest time step (µs) or size (bytes) we accept in one value: beyond it the file is corrupt, not big. */
export const MAX_STEP = 1e12;
