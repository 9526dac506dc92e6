// Two sessions of the same app, before and after a change: the figures with significance, the verdicts, the
// functions that got faster or slower, and the merged call tree. Pure: the caller loads sessions and profiles.
import type { ComparedSession, Comparison } from '../contract/compare.js';
import type { SessionDetail } from '../contract/session.js';
import { MACHINE_NOTICE, machineNotes, num } from '../contract/words.js';
import type { Profile } from '../profile/model/profile.js';
import { diffTree, paintAsListed, type PerRequestScale } from './diff-tree.js';
import { compareFigures } from './figures.js';
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
