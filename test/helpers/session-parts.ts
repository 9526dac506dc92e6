// Whole, well-formed parts of a session (a probe sample, a load second, the load result), cut from a real recorded
// lab session (test/fixtures/sessions/healthy), for tests that write session folders of their own: the store checks
// every file against the format, so a part must be whole, not just the field a test is about.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rootDir } from '../../app/paths.js';
import type { LoadResult, LoadTick, ProbeSample, RepeatResult } from '../../app/contract/metrics.js';

const dir = join(rootDir, 'test', 'fixtures', 'sessions', 'healthy');
const firstSample = JSON.parse(readFileSync(join(dir, 'samples.ndjson'), 'utf8').split('\n')[0]!) as ProbeSample;
const recordedLoad = JSON.parse(readFileSync(join(dir, 'load.json'), 'utf8')) as LoadResult;

/** A recorded probe sample, moved to `ts`. */
export function sampleAt(ts: number, windowMs = 250): ProbeSample {
  return { ...structuredClone(firstSample), ts, windowMs };
}

/** A load second of `phase`. */
export function tickAt(second: number, phase: LoadTick['phase']): LoadTick {
  return { second, phase, requests: 100, bytes: 1000, errors: 0, non2xx: 0, latencyP50: 1, latencyP99: 2, latencyMax: 3 };
}

/** The recorded load result with `requestsPerSecond` set, and repeated measurements of these rates when given. */
export function loadWith(requestsPerSecond: number, repeats?: number[]): LoadResult {
  const load = { ...structuredClone(recordedLoad), requestsPerSecond };
  if (!repeats) return load;
  const repeat = (rps: number): RepeatResult => ({ requestsPerSecond: rps, requestsPerSecondSeries: [rps], latency: load.latency, errors: 0, non2xx: 0, timeouts: 0 });
  return { ...load, repeats: repeats.map(repeat) };
}
