// Two sessions of the same app, before and after a change: the figures with significance, the verdicts, the
// functions that got faster or slower, and the merged call tree. Pure: the caller loads sessions and profiles.
import type { ComparedSession, Comparison } from '../contract/compare.js';
import type { InterleavedRole } from '../contract/session.js';
import type { SessionDetail } from '../contract/session.js';
import { MACHINE_NOTICE, machineNotes, num } from '../contract/words.js';
import type { Profile } from '../profile/model/profile.js';
import { diffTree, paintAsListed, type PerRequestScale } from './diff-tree.js';
import { compareFigures } from './figures.js';
import { comparePairedFigures, pairedMethod, sideContention, type SessionPair } from './paired.js';
import { functionDeltas } from './function-deltas.js';
import type { NoiseFigure, RunNoise } from './run-noise.js';

function describe(d: SessionDetail): ComparedSession {
  const s = d.session;
  return {
    sessionId: s.id,
    dir: d.dir,
    name: s.name,
    createdAt: s.createdAt,
    ...(s.recipe.note ? { note: s.recipe.note } : {}),
    ...(s.git ? { git: s.git } : {}),
    ...(d.diagnosis ? { verdict: d.diagnosis.verdict } : {}),
    ...(d.diagnosis?.figures ? { figures: d.diagnosis.figures } : {}),
    repeats: d.load?.repeats?.length ?? (d.load ? 1 : 0),
  };
}

function warnings(before: SessionDetail, after: SessionDetail): string[] {
  const out: string[] = [];
  const a = before.session.recipe.load;
  const b = after.session.recipe.load;
  const differs = (['connections', 'pipelining', 'durationSec', 'rate', 'warmupSec'] as const).filter((k) => a[k] !== b[k]);
  if (JSON.stringify(a.requests) !== JSON.stringify(b.requests)) differs.push('requests' as never);
  if (differs.length) out.push(`The two runs used different load settings (${differs.join(', ')}): differences may come from the load, not the code.`);
  if (before.session.project !== after.session.project) out.push('The two runs are of different projects.');
  const [ma, mb] = [before.session.machine, after.session.machine];
  const busyDiffers = ma !== undefined && mb !== undefined && Math.abs(ma.otherCores - mb.otherCores) >= MACHINE_NOTICE.otherCores;
  if (busyDiffers) {
    out.push(`Other programs used ${num(ma!.otherCores, 1)} cores during the before run and ${num(mb!.otherCores, 1)} during the after run: requests/s and latency move with that, so their tests were widened by it, and the CPU figures are not judged; interleaved or repeated runs compare better.`);
  }
  for (const [name, d] of [['before', before], ['after', after]] as const) {
    // A difference said above already covers each run's own "busy" note.
    for (const note of machineNotes(d.session.machine, `the ${name} run`)) if (!(busyDiffers && note.startsWith('The machine was busy'))) out.push(note);
    if (d.session.status !== 'complete') out.push(`The ${name} session is ${d.session.status}${d.session.partialReason ? ` (${d.session.partialReason})` : ''}: its figures cover only what was collected.`);
  }
  return out;
}

/** Profile time per completed request of each run, when both have load figures: the lists' and the flame's unit. */
function perRequestScale(before: SessionDetail, after: SessionDetail, a: Profile, b: Profile): PerRequestScale | undefined {
  const [ra, rb] = [before.load?.requestsTotal, after.load?.requestsTotal];
  return ra && rb ? { before: a.totalWeight / ra, after: b.totalWeight / rb } : undefined;
}

export function compareSessions(before: SessionDetail, after: SessionDetail, profiles: { before?: Profile; after?: Profile } = {}, noise: Partial<Record<NoiseFigure, RunNoise>> = {}): Comparison {
  const both = profiles.before && profiles.after;
  const functions = both ? functionDeltas(profiles.before!, profiles.after!, { requestsBefore: before.load?.requestsTotal, requestsAfter: after.load?.requestsTotal }) : [];
  return {
    before: describe(before),
    after: describe(after),
    figures: compareFigures(before, after, noise),
    verdict: { ...(before.diagnosis ? { before: before.diagnosis.verdict } : {}), ...(after.diagnosis ? { after: after.diagnosis.verdict } : {}) },
    functions,
    ...(both ? { diff: paintAsListed(diffTree(profiles.before!, profiles.after!, perRequestScale(before, after, profiles.before!, profiles.after!)), functions) } : {}),
    warnings: warnings(before, after),
  };
}

/**
 * An interleaved A/B comparison: the figures tested pair by pair over every complete pair (paired.ts); the verdicts,
 * functions and flame view from one pair, `shown` (the runs the face opened), whose profiles the caller read.
 */
export function compareInterleaved(pairs: SessionPair[], shown: SessionPair, role: InterleavedRole, profiles: { before?: Profile; after?: Profile } = {}): Comparison {
  const base = compareSessions(shown[0], shown[1], profiles);
  const out: string[] = [...(role.notes ?? [])];
  if (pairs.length < role.pairs) out.push(`${pairs.length} of the ${role.pairs} pairs asked for have load figures on both sides: the test is on those.`);
  for (const [a, b] of pairs) {
    for (const d of [a, b]) {
      if (d.session.status !== 'complete') out.push(`Run ${d.session.interleaved?.side === 'before' ? 'A' : 'B'}${d.session.interleaved?.pair ?? ''} is ${d.session.status}${d.session.partialReason ? ` (${d.session.partialReason})` : ''}: its figures cover only what was collected.`);
    }
  }
  const busiest = Math.max(...pairs.flatMap(([a, b]) => [a.session.machine?.otherCores ?? 0, b.session.machine?.otherCores ?? 0]));
  const sides = sideContention(pairs);
  if (sides && sides.delta >= MACHINE_NOTICE.otherCores) {
    out.push(`Other programs used on average ${num(sides.delta, 1)} cores more during one side's runs than during the other's: pairing cannot cancel a difference that falls on the same side every time, so the tests of requests/s and latency were widened by it and the CPU figures are not judged.`);
  } else if (busiest >= MACHINE_NOTICE.otherCores) out.push(`Other programs used up to ${num(busiest, 1)} cores during these runs; the runs alternated, so what moved both runs of a pair alike cancels in the paired test.`);
  return {
    ...base,
    figures: comparePairedFigures(pairs),
    warnings: out,
    interleaved: {
      ref: role.ref,
      commit: role.commit,
      planned: role.pairs,
      pairs: pairs.map(([a, b]) => ({ pair: a.session.interleaved?.pair ?? 0, before: a.session.id, after: b.session.id, requestsPerSecond: [a.load?.requestsPerSecond ?? 0, b.load?.requestsPerSecond ?? 0] })),
      method: pairedMethod(pairs.length),
    },
  };
}
