// A run that watched several units (a cluster, forked children, worker threads): each process is judged on its own
// samples, its own profile and its share of the load (the requests its handlers completed, from its probe), each
// worker thread on its own samples and profile; the run's verdict comes from the units that did the work. A cluster
// whose workers burn CPU is judged by its workers, not by its idle primary; a pool of worker threads all busy while
// the main loop idles is judged worker-pool-saturated, naming the worker's function. Pure over what was collected.
import { thresholds } from './thresholds.js';
import type { Diagnosis, Finding } from '../contract/diagnosis.js';
import type { LoadResult, ProbeSample } from '../contract/metrics.js';
import { type RunUnit, type UnitId, type UnitRole, type UnitsFile, type UnitVerdict } from '../contract/units.js';
import { UNIT_ROLE_NAMES } from '../contract/words.js';
import { loadDiagnosisAdvice } from './advice-files.js';
import { analyseWorkerPool, type ThreadEvidence } from './analyse-worker-pool.js';
import { round } from '../numbers.js';
import { diagnoseProcess, doctorInput, measuredSamples, type CollectedRun, type RunDiagnosis } from './collected-run.js';
import { SEVERITY_RANK } from './judge.js';

/** One process or thread the probe reached, as it was followed during the run (all its windows). */
export interface CollectedUnit {
  id: UnitId;
  pid: number;
  threadId: number;
  role: UnitRole;
  parentId?: UnitId;
  hello: { argv: string[]; threadName?: string };
  samples: ProbeSample[];
  seenAt: number;
  goneAt?: number;
}

/** The units of a run: which is the main process, their CPU profiles, and who listened on the loaded port. */
export interface UnitsCollected {
  live: CollectedUnit[];
  mainId: UnitId;
  /** CPU profiles of the units other than the main process (the run's own profile is the main process's). */
  profiles: ReadonlyMap<UnitId, { profile: unknown; workerUrl?: string }>;
  /**
   * The processes that listen on the port the load was sent to (a cluster's workers share it). A process that
   * answers on another port (a downstream the app starts and calls) serves the app, not the load: its requests are
   * not the load's. Empty when the port was not reported by a probe; then every process's requests count.
   */
  loadedPids: ReadonlySet<number>;
}

export interface UnitsJudged extends RunDiagnosis {
  units: UnitsFile;
}

/** Requests the unit's handlers completed in its windows (the probe's per-route counts). */
function requestsServed(samples: ProbeSample[]): number {
  let n = 0;
  for (const s of samples) for (const r of s.routes ?? []) n += r.count;
  return n;
}

/** The load as one unit saw it: its share of the requests, the same latencies (the clients saw those). */
function shareOfLoad(load: LoadResult, share: number): LoadResult {
  return { ...load, requestsPerSecond: load.requestsPerSecond * share, requestsTotal: Math.round(load.requestsTotal * share) };
}

function mean(values: number[]): number | undefined {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : undefined;
}

function verdictOf(diagnosis: Diagnosis): UnitVerdict {
  const lead = diagnosis.findings.find((f) => f.kind === diagnosis.verdict) ?? diagnosis.findings[0];
  return { verdict: diagnosis.verdict, severity: lead?.severity ?? 'info', title: lead?.title ?? diagnosis.verdict, culprits: (lead?.culprits ?? []).slice(0, 3) };
}

function unitTitle(u: CollectedUnit, workerUrl: string | undefined): string {
  if (u.threadId > 0) return workerUrl ? workerUrl.replace(/^file:\/\//, '') : u.hello.threadName || `thread ${u.threadId}`;
  return u.hello.argv.slice(1).join(' ') || u.hello.argv[0] || String(u.pid);
}

function describeUnit(u: RunUnit): string {
  return u.threadId > 0 ? `${UNIT_ROLE_NAMES[u.role]} ${u.threadId} of process ${u.pid}` : `${UNIT_ROLE_NAMES[u.role]} ${u.pid}`;
}

/**
 * Judges every unit and gives the run's diagnosis. `mainResult` is the run as the single-process doctor saw it (the
 * main process's samples and profile with the whole load).
 */
export function judgeUnits(run: CollectedRun, mainResult: RunDiagnosis, { live, mainId, profiles, loadedPids }: UnitsCollected): UnitsJudged {
  const windowOf = (u: CollectedUnit) => measuredSamples(u.samples, run.timings);
  const processes = live.filter((u) => u.threadId === 0);
  const servesLoad = (u: CollectedUnit) => loadedPids.size === 0 || loadedPids.has(u.pid);
  const served = new Map(processes.map((u) => [u.id, servesLoad(u) ? requestsServed(windowOf(u)) : 0]));
  const totalServed = [...served.values()].reduce((a, b) => a + b, 0);
  const diagnoses = new Map<UnitId, RunDiagnosis>();
  const units: RunUnit[] = [];
  /** The load as a unit saw it: its share of the requests; all of it for the main process when no unit counted any. */
  const loadOf = (u: CollectedUnit, share: number | undefined): LoadResult | undefined => {
    if (u.threadId > 0 || !run.load) return undefined;
    if (share === undefined) return u.id === mainId ? run.load : undefined;
    return share > 0 ? shareOfLoad(run.load, share) : undefined;
  };

  for (const u of live) {
    const samples = windowOf(u);
    const profile = u.id === mainId ? run.profiles.cpu : profiles.get(u.id)?.profile;
    const requests = served.get(u.id);
    const share = requests !== undefined && totalServed > 0 ? requests / totalServed : undefined;
    const load = loadOf(u, share);
    const unitRun: CollectedRun = { ...run, samples: u.samples, units: undefined, profiles: profile ? { cpu: profile } : {}, load, ...(u.id === mainId ? {} : { crash: undefined, stderrTail: [], startupMs: undefined, memoryAfterLoad: undefined }) };
    // Every unit with windows is judged on its own (one that served nothing, without load figures); only the ones
    // that served give the run's verdict (below).
    const result = u.id === mainId && (share === undefined || share === 1) ? mainResult : samples.length ? diagnoseProcess(unitRun) : undefined;
    if (result) diagnoses.set(u.id, result);
    const workerUrl = profiles.get(u.id)?.workerUrl;
    const cpu = profile ? doctorInput({ ...unitRun, samples: [] }).cpu : undefined;
    units.push({
      id: u.id,
      pid: u.pid,
      threadId: u.threadId,
      role: u.role,
      ...(u.parentId ? { parentId: u.parentId } : {}),
      title: unitTitle(u, workerUrl),
      ...(u.id === mainId ? { main: true } : {}),
      ...(requests !== undefined && requests > 0 ? { requests } : {}),
      ...(share !== undefined ? { requestShare: round(share, 3) } : {}),
      ...(samples.length ? { elu: round(mean(samples.map((s) => s.elu))!, 3), cpu: round(mean(samples.map((s) => s.cpu.user + s.cpu.system))!, 3) } : {}),
      ...(cpu && cpu.durationMs > 0 ? { busy: round((100 - cpu.idlePercent) / 100, 3) } : {}),
      ...(result ? { diagnosis: verdictOf(result.diagnosis) } : {}),
      seenAt: u.seenAt,
      ...(u.goneAt !== undefined ? { goneAt: u.goneAt } : {}),
    });
  }

  // The processes that did the work decide; with no per-route counts (a server the probe does not see), the main one.
  // A process that answered only a handful of requests (a downstream the app starts and calls now and then) served
  // the app, not the load, and cannot be judged on it: it needs as many requests as the doctor needs to judge a run.
  const deciders = processes.filter((u) => (served.get(u.id) ?? 0) >= thresholds.minRequests).map((u) => u.id);
  const decidedBy = deciders.length ? deciders : [mainId];
  const byId = new Map(units.map((u) => [u.id, u]));

  // A process whose worker threads are all busy while requests wait for them.
  for (const pid of decidedBy) {
    const owner = diagnoses.get(pid);
    const ownerUnit = live.find((u) => u.id === pid);
    if (!owner || !ownerUnit) continue;
    const ownerProfile = pid === mainId ? run.profiles.cpu : profiles.get(pid)?.profile;
    const ownerShare = byId.get(pid)?.requestShare;
    const ownerInput = doctorInput({ ...run, samples: ownerUnit.samples, profiles: ownerProfile ? { cpu: ownerProfile } : {}, load: run.load && ownerShare !== undefined && ownerShare < 1 ? shareOfLoad(run.load, ownerShare) : run.load });
    const threadUnits = live.filter((u) => u.threadId > 0 && u.pid === ownerUnit.pid);
    const threads: ThreadEvidence[] = threadUnits.map((u) => {
        const profile = profiles.get(u.id)?.profile;
        return { label: describeUnit(byId.get(u.id)!), input: doctorInput({ ...run, samples: u.samples, profiles: profile ? { cpu: profile } : {}, load: undefined }) };
      });
    const pool = analyseWorkerPool(ownerInput, threads);
    if (!pool) continue;
    const { score: _score, ...finding } = pool;
    const poolFinding: Finding = { ...finding, advice: loadDiagnosisAdvice()['worker-pool-saturated'] ?? '' };
    // Waiting and queueing are what a saturated pool looks like from the main thread: its effects, not its cause. So
    // are late timers on a main loop that was itself mostly idle (the analyser required that): the pool's threads
    // hold the cores it would run on.
    const effects = new Set(['io-bound', 'overloaded', 'event-loop-blocked']);
    const others = owner.diagnosis.findings.map((f) =>
      f.severity === 'problem' && effects.has(f.kind) ? { ...f, severity: 'warning' as const, explanation: `${f.explanation} This is most likely a consequence of the saturated worker threads.` } : f,
    );
    const diagnosis: Diagnosis = { ...owner.diagnosis, verdict: 'worker-pool-saturated', findings: [poolFinding, ...others.filter((f) => f.kind !== 'healthy')] };
    return { diagnosis, summary: { ...mainResult.summary, verdict: diagnosis.verdict }, units: { units, decidedBy: [pid, ...threadUnits.map((u) => u.id)] } };
  }

  // Otherwise the most severe verdict among the deciders (ties: the one that served most).
  const ranked = decidedBy
    .map((id) => ({ id, result: diagnoses.get(id), unit: byId.get(id)! }))
    .filter((d): d is { id: UnitId; result: RunDiagnosis; unit: RunUnit } => d.result !== undefined)
    // "Not enough data" says nothing about the app: it never outranks a unit that was judged.
    .sort((a, b) => Number(a.result.diagnosis.verdict === 'insufficient-data') - Number(b.result.diagnosis.verdict === 'insufficient-data') || SEVERITY_RANK[a.unit.diagnosis!.severity] - SEVERITY_RANK[b.unit.diagnosis!.severity] || (b.unit.requestShare ?? 0) - (a.unit.requestShare ?? 0));
  const chosen = ranked[0];
  if (!chosen || chosen.id === mainId) return { ...mainResult, units: { units, decidedBy } };
  const where = `In ${describeUnit(chosen.unit)}${chosen.unit.requestShare !== undefined ? `, which served ${Math.round(chosen.unit.requestShare * 100)}% of the requests` : ''}: `;
  const diagnosis: Diagnosis = { ...chosen.result.diagnosis, findings: chosen.result.diagnosis.findings.map((f) => ({ ...f, explanation: where + f.explanation })) };
  return {
    diagnosis,
    summary: { ...mainResult.summary, verdict: diagnosis.verdict, ...(chosen.result.summary.loopMsPerRequest !== undefined ? { loopMsPerRequest: chosen.result.summary.loopMsPerRequest } : {}) },
    units: { units, decidedBy },
  };
}

