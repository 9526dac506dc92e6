// Loads two sessions (each from its own folder: a CI baseline may live anywhere) with their CPU profiles, and
// compares them.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Comparison } from '../contract/compare.js';
import type { SessionDetail } from '../contract/session.js';
import { compareSessions } from '../compare/index.js';
import { estimateRunNoise, type NoiseFigure, type RunNoise } from '../compare/run-noise.js';
import type { RepeatResult } from '../contract/metrics.js';
import { CheckupError } from '../errors.js';
import { cpuProfileToModel } from '../profile/import/cpuprofile.js';
import type { Profile } from '../profile/model/profile.js';
import { listSessions, readSession } from '../store/session-reader.js';

/** A session folder, or the id of a session in `sessionsDir`. */
export async function loadSession(ref: string, sessionsDir: string): Promise<SessionDetail> {
  const asPath = resolve(ref);
  if (existsSync(join(asPath, 'session.json'))) return readSession(dirname(asPath), basename(asPath));
  return readSession(sessionsDir, ref);
}

function cpuProfile(detail: SessionDetail): Profile | undefined {
  const file = join(detail.dir, 'profile.cpuprofile');
  if (!existsSync(file)) return undefined;
  try {
    return cpuProfileToModel(JSON.parse(readFileSync(file, 'utf8')), detail.session.name);
  } catch {
    return undefined;
  }
}

/** Repeated measurements of recent sessions in this sessions folder: what this machine's run-to-run noise looks like. */
async function recentRepeats(sessionsDir: string, limit = 30): Promise<RepeatResult[][]> {
  const list = (await listSessions(sessionsDir).catch(() => [])).filter((s) => s.repeats > 1).slice(0, limit);
  const out: RepeatResult[][] = [];
  for (const s of list) {
    try {
      const load = JSON.parse(await readFile(join(s.dir, 'load.json'), 'utf8')) as { repeats?: RepeatResult[] };
      if (load.repeats && load.repeats.length > 1) out.push(load.repeats);
    } catch {
      // a session without its load figures says nothing about noise
    }
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
  const [a, b] = await Promise.all([loadSession(before, sessionsDir), loadSession(after, sessionsDir)]);
  if (a.session.id === b.session.id) throw new CheckupError('CHK_COMPARE_MISMATCH', { detail: 'that is the same session twice' });
  if (!a.load || !b.load) throw new CheckupError('CHK_COMPARE_MISMATCH', { detail: `${!a.load ? a.session.id : b.session.id} has no load figures (it ended before the load)` });
  const profiles = { before: cpuProfile(a), after: cpuProfile(b) };
  return compareSessions(a, b, { ...(profiles.before ? { before: profiles.before } : {}), ...(profiles.after ? { after: profiles.after } : {}) }, await machineRunNoise(sessionsDir));
}
