// Loads two sessions (each from its own folder: a CI baseline may live anywhere) with their CPU profiles, and
// compares them. The profiles are read by the store in a worker thread.
import type { Comparison } from '../contract/compare.js';
import { compareInterleaved, compareSessions } from '../compare/index.js';
import type { SessionPair } from '../compare/paired.js';
import type { SessionDetail } from '../contract/session.js';
import { dirname } from 'node:path';
import { estimateRunNoise, type NoiseFigure, type RunNoise } from '../compare/run-noise.js';
import type { RepeatResult } from '../contract/metrics.js';
import { CheckupError } from '../errors.js';
import { readCpuProfile } from '../store/session-profiles.js';
import { Profile } from '../profile/model/profile.js';
import { pathToFileURL } from 'node:url';
import type { InterleavedRole } from '../contract/session.js';
import { listSessions, readInterleavedRuns, readRepeats, readSessionRef } from '../store/session-reader.js';

/** Repeated measurements of recent sessions in this sessions folder: what this machine's run-to-run noise looks like. */
async function recentRepeats(sessionsDir: string, limit = 30): Promise<RepeatResult[][]> {
  const list = (await listSessions(sessionsDir).catch(() => [])).filter((s) => s.repeats > 1 && !s.damaged).slice(0, limit);
  const out: RepeatResult[][] = [];
  for (const s of list) {
    // a session without its load figures says nothing about noise
    const repeats = await readRepeats(s.dir);
    if (repeats.length > 1) out.push(repeats);
  }
  return out;
}

async function machineRunNoise(sessionsDir: string): Promise<Record<NoiseFigure, RunNoise>> {
  const repeats = await recentRepeats(sessionsDir);
  return {
    requestsPerSecond: estimateRunNoise(repeats, 'requestsPerSecond'),
    latencyP50: estimateRunNoise(repeats, 'latencyP50'),
    latencyP99: estimateRunNoise(repeats, 'latencyP99'),
  };
}

export async function compareRefs(before: string, after: string, sessionsDir: string): Promise<Comparison> {
  const [a, b] = await Promise.all([readSessionRef(before, sessionsDir), readSessionRef(after, sessionsDir)]);
  if (a.session.id === b.session.id) throw new CheckupError('CHK_COMPARE_MISMATCH', { detail: 'that is the same session twice' });
  if (!a.load || !b.load) throw new CheckupError('CHK_COMPARE_MISMATCH', { detail: `${!a.load ? a.session.id : b.session.id} has no load figures (it ended before the load)` });
  const [cpuBefore, cpuAfter] = await Promise.all([readCpuProfile(a.dir), readCpuProfile(b.dir)]);
  const profiles = { ...(cpuBefore ? { before: cpuBefore } : {}), ...(cpuAfter ? { after: cpuAfter } : {}) };
  const [ra, rb] = [a.session.interleaved, b.session.interleaved];
  // Two runs of one A/B comparison, the commit before the working tree: the figures are tested over all its pairs.
  if (ra && rb && ra.id === rb.id && ra.side === 'before' && rb.side === 'after') {
    const relocated = profiles.before ? { ...profiles, before: relocateFrames(profiles.before, ra.paths) } : profiles;
    return compareInterleaved(completePairs(await readInterleavedRuns(dirname(a.dir), ra.id)), [a, b], ra, relocated);
  }
  return compareSessions(a, b, { ...(cpuBefore ? { before: cpuBefore } : {}), ...(cpuAfter ? { after: cpuAfter } : {}), }, await machineRunNoise(sessionsDir));
}

/** Pairs (A i, B i) of an A/B comparison's runs where both sides have load figures, by pair number. */
function completePairs(runs: SessionDetail[]): SessionPair[] {
  const side = (s: 'before' | 'after', pair: number) => runs.find((r) => r.session.interleaved?.side === s && r.session.interleaved.pair === pair && r.load);
  const numbers = [...new Set(runs.map((r) => r.session.interleaved?.pair ?? 0))].sort((x, y) => x - y);
  return numbers.flatMap((n) => {
    const [a, b] = [side('before', n), side('after', n)];
    return a && b ? [[a, b] as SessionPair] : [];
  });
}

/**
 * A before run's profile with its files named as the working tree's: the commit ran from a temporary checkout, and its
 * functions are the same functions as the working tree's (so that they match function by function).
 */
function relocateFrames(profile: Profile, paths: InterleavedRole['paths'] | undefined): Profile {
  if (!paths) return profile;
  const moves: Array<[string, string]> = [
    [pathToFileURL(paths.checkout).href, pathToFileURL(paths.repo).href],
    [paths.checkout, paths.repo],
  ];
  const move = (url: string | undefined) => {
    if (!url) return url;
    for (const [from, to] of moves) if (url.startsWith(from)) return to + url.slice(from.length);
    return url;
  };
  const frames = profile.frames.map((f) => {
    const url = move(f.url);
    return url === f.url ? f : { ...f, url: url!, key: `${f.functionName}|${url}|${f.line}|${f.column}` };
  });
  return Profile.fromData({ ...profile.toData(), frames });
}
