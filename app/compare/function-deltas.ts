// Per-function self time before and after. Functions are matched by name and file, not by line: an edit above a
// function moves it without changing it. Several functions with one name in one file (anonymous callbacks) are
// paired by nearest line.
import type { FunctionDelta } from '../contract/compare.js';
import type { FrameCategory } from '../contract/profile.js';
import { frameCosts } from '../profile/model/frame-costs.js';
import { PROBE_PACKAGE } from '../profile/model/classify.js';
import type { Profile } from '../profile/model/profile.js';
import { round } from '../numbers.js';

interface Entry {
  functionName: string;
  url: string;
  line: number;
  category: FrameCategory;
  package?: string;
  /** Share of all profile time, 0..100. */
  self: number;
}

/** Self time per function (frames of one function at several columns summed), as shares of the profile. */
function entries(profile: Profile): Map<string, Entry[]> {
  const { self } = frameCosts(profile);
  const all = profile.totalWeight || 1;
  const byFunction = new Map<string, Entry>();
  profile.frames.forEach((f, i) => {
    const id = `${f.functionName}|${f.url}|${f.line}`;
    const known = byFunction.get(id);
    if (known) known.self += (100 * self[i]!) / all;
    else byFunction.set(id, { functionName: f.functionName, url: f.url, line: f.line, category: f.category, ...(f.package ? { package: f.package } : {}), self: (100 * self[i]!) / all });
  });
  const byKey = new Map<string, Entry[]>();
  for (const e of byFunction.values()) {
    const key = `${e.functionName}|${e.url}`;
    byKey.set(key, [...(byKey.get(key) ?? []), e]);
  }
  return byKey;
}

const folderOf = (url: string) => url.slice(0, url.lastIndexOf('/') + 1);

/**
 * A second chance for functions left alone on one side: the same named function in another file of the same folder
 * (a file renamed, or a workshop's slow.js replaced by fixed.js) when it is the only candidate on each side.
 */
function pairAcrossFiles(pairs: Array<[Entry | undefined, Entry | undefined]>): Array<[Entry | undefined, Entry | undefined]> {
  const key = (e: Entry) => `${e.functionName}|${folderOf(e.url)}`;
  const named = (e: Entry) => e.url !== '' && e.functionName !== '' && e.functionName !== '(anonymous)';
  const onlyBefore = new Map<string, Entry[]>();
  const onlyAfter = new Map<string, Entry[]>();
  for (const [x, y] of pairs) {
    if (x && !y && named(x)) onlyBefore.set(key(x), [...(onlyBefore.get(key(x)) ?? []), x]);
    if (y && !x && named(y)) onlyAfter.set(key(y), [...(onlyAfter.get(key(y)) ?? []), y]);
  }
  const moved = new Set<Entry>();
  const out: Array<[Entry | undefined, Entry | undefined]> = [];
  for (const [k, xs] of onlyBefore) {
    const ys = onlyAfter.get(k);
    if (xs.length === 1 && ys?.length === 1) {
      out.push([xs[0], ys[0]]);
      moved.add(xs[0]!).add(ys[0]!);
    }
  }
  for (const [x, y] of pairs) if (!(x && moved.has(x)) && !(y && moved.has(y))) out.push([x, y]);
  return out;
}

/** Pairs entries of one name and file by nearest line, greedily from the closest pair. */
function pairByLine(before: Entry[], after: Entry[]): Array<[Entry | undefined, Entry | undefined]> {
  const candidates: Array<[number, number, number]> = [];
  before.forEach((b, i) => after.forEach((a, j) => candidates.push([Math.abs(a.line - b.line), i, j])));
  candidates.sort((x, y) => x[0] - y[0]);
  const usedB = new Set<number>();
  const usedA = new Set<number>();
  const pairs: Array<[Entry | undefined, Entry | undefined]> = [];
  for (const [, i, j] of candidates) {
    if (usedB.has(i) || usedA.has(j)) continue;
    usedB.add(i);
    usedA.add(j);
    pairs.push([before[i], after[j]]);
  }
  before.forEach((b, i) => usedB.has(i) || pairs.push([b, undefined]));
  after.forEach((a, j) => usedA.has(j) || pairs.push([undefined, a]));
  return pairs;
}

interface PerRequest {
  /** Completed requests in the profiled window: self time per request compares. */
  requestsBefore?: number;
  requestsAfter?: number;
  /** Without requests, time profiles compare self time per second of profile rather than shares (two profile files). */
  perSecond?: boolean;
  /**
   * Changes within the sampling noise of the function's own sample counts are `same`: for profiles whose sample
   * counts are real (two profile files); a session comparison judges its runs by the load's figures and the floor.
   */
  samplingNoise?: boolean;
}

/**
 * Below these a function's change is noise: sampling at 1 ms over a few seconds resolves a few tenths of a µs per
 * request on a fast server, half a millisecond per second of profile, and a twentieth of a percentage point.
 */
export const FUNCTION_CHANGE_FLOOR = { perRequestUs: 0.5, msPerSecond: 0.5, points: 0.05 };

/**
 * A change smaller than this many standard errors of the function's own sample counts (Poisson: a function seen n
 * times has a standard error of √n) is sampling noise. Fifty functions are judged at once, so 3 rather than 2: the
 * chance that a function that did not change is called slower stays near one in 700.
 */
const FUNCTION_CHANGE_Z = 3;

/**
 * Whether counts nA over baseA and nB over baseB (requests, seconds...) differ beyond sampling noise: the two Poisson
 * rates compared under the hypothesis that they are one, with the pooled rate's variance. A function never sampled in
 * a short run is not "zero": 20 slow requests cannot show a cost of 0.1 ms each, so it must not look slower later.
 */
export function beyondSamplingNoise(nA: number, baseA: number, nB: number, baseB: number): boolean {
  if (baseA <= 0 || baseB <= 0) return false;
  const pooled = (nA + nB) / (baseA + baseB);
  const variance = pooled / baseA + pooled / baseB;
  if (variance === 0) return false;
  return Math.abs(nB / baseB - nA / baseA) / Math.sqrt(variance) >= FUNCTION_CHANGE_Z;
}

/** The basis a change is measured on, and its floor. */
function changeOf(value: number, floor: number, noisy: boolean): FunctionDelta['change'] {
  if (Math.abs(value) < floor || noisy) return 'same';
  return value < 0 ? 'faster' : 'slower';
}

export function functionDeltas(before: Profile, after: Profile, perRequest: PerRequest = {}, limit = 50): FunctionDelta[] {
  const a = entries(before);
  const b = entries(after);
  const keys = new Set([...a.keys(), ...b.keys()]);
  const out: FunctionDelta[] = [];
  const usPerRequest = (share: number, profile: Profile, requests: number | undefined) =>
    requests ? (share / 100) * (profile.totalWeight / requests) : undefined;
  const seconds = (p: Profile) => p.durationUs / 1e6;
  const perSecond = perRequest.perSecond === true && before.unit === 'microseconds' && seconds(before) > 0 && seconds(after) > 0;
  const msPerSecond = (share: number, profile: Profile) => ((share / 100) * profile.totalWeight) / 1000 / seconds(profile);
  const samples = (share: number, profile: Profile) => (share / 100) * profile.sampleCount;
  const pairs = [...keys].flatMap((key) => pairByLine(a.get(key) ?? [], b.get(key) ?? []));
  for (const [x, y] of pairAcrossFiles(pairs)) {
    const ref = (y ?? x)!;
    if (ref.category === 'idle' || ref.category === 'program' || ref.package === PROBE_PACKAGE) continue;
    const selfBefore = x?.self ?? 0;
    const selfAfter = y?.self ?? 0;
    const perBefore = usPerRequest(selfBefore, before, perRequest.requestsBefore);
    const perAfter = usPerRequest(selfAfter, after, perRequest.requestsAfter);
    const delta = round(selfAfter - selfBefore, 2);
    const deltaPerRequestUs = perBefore !== undefined && perAfter !== undefined ? round(perAfter - perBefore, 2) : undefined;
    const secBefore = perSecond && deltaPerRequestUs === undefined ? msPerSecond(selfBefore, before) : undefined;
    const secAfter = perSecond && deltaPerRequestUs === undefined ? msPerSecond(selfAfter, after) : undefined;
    const deltaMsPerSecond = secBefore !== undefined && secAfter !== undefined ? round(secAfter - secBefore, 2) : undefined;
    // The same counts, over the basis the change is measured on: requests, seconds, or each profile's whole.
    const [baseA, baseB] =
      deltaPerRequestUs !== undefined ? [perRequest.requestsBefore!, perRequest.requestsAfter!] : deltaMsPerSecond !== undefined ? [seconds(before), seconds(after)] : [before.sampleCount, after.sampleCount];
    const noisy = perRequest.samplingNoise === true && !beyondSamplingNoise(samples(selfBefore, before), baseA, samples(selfAfter, after), baseB);
    const change =
      deltaPerRequestUs !== undefined
        ? changeOf(deltaPerRequestUs, FUNCTION_CHANGE_FLOOR.perRequestUs, noisy)
        : deltaMsPerSecond !== undefined
          ? changeOf(deltaMsPerSecond, FUNCTION_CHANGE_FLOOR.msPerSecond, noisy)
          : changeOf(delta, FUNCTION_CHANGE_FLOOR.points, noisy);
    out.push({
      functionName: ref.functionName,
      url: ref.url,
      line: ref.line,
      ...(x && y && x.line !== y.line ? { lineBefore: x.line } : {}),
      category: ref.category,
      ...(ref.package ? { package: ref.package } : {}),
      selfBefore: round(selfBefore, 2),
      selfAfter: round(selfAfter, 2),
      delta,
      ...(perBefore !== undefined ? { perRequestUsBefore: round(perBefore, 2) } : {}),
      ...(perAfter !== undefined ? { perRequestUsAfter: round(perAfter, 2) } : {}),
      ...(deltaPerRequestUs !== undefined ? { deltaPerRequestUs } : {}),
      ...(deltaMsPerSecond !== undefined ? { msPerSecondBefore: round(secBefore!, 2), msPerSecondAfter: round(secAfter!, 2), deltaMsPerSecond } : {}),
      change,
    });
  }
  const size = (f: FunctionDelta) => Math.abs(f.deltaPerRequestUs ?? f.deltaMsPerSecond ?? f.delta);
  return out.sort((p, q) => size(q) - size(p)).slice(0, limit);
}
