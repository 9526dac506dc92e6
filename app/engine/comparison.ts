// Loads two sessions (each from its own folder: a CI baseline may live anywhere) with their CPU profiles, and
// compares them. The profiles are read by the store in a worker thread.
import type { Comparison } from '../contract/compare.js';
import { compareSessions } from '../compare/index.js';
import { estimateRunNoise, type NoiseFigure, type RunNoise } from '../compare/run-noise.js';
import type { RepeatResult } from '../contract/metrics.js';
import { CheckupError } from '../errors.js';
import { readCpuProfile } from '../store/session-profiles.js';
import { listSessions, readRepeats, readSessionRef } from '../store/session-reader.js';

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

export async function machineRunNoise(sessionsDir: string): Promise<Record<NoiseFigure, RunNoise>> {
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
  return compareSessions(a, b, { ...(cpuBefore ? { before: cpuBefore } : {}), ...(cpuAfter ? { after: cpuAfter } : {}), }, await machineRunNoise(sessionsDir));
}
