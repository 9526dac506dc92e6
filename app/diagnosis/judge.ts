// The judgement of one process's measured window: every analyser over the doctor's input, causes over their effects,
// and the verdict. Pure: data in, diagnosis out. The doctor's door (index.ts) builds the input from what a run collected.
import type { Diagnosis, Finding, FindingKind, RunFigures, Severity } from '../contract/diagnosis.js';
import { analyseCrash } from './analyse-crash.js';
import { analyseDatabase } from './analyse-database.js';
import { DATABASE_CLIENTS, heaviestPackage } from './package-cost.js';
import { withoutUnexplainedIo } from './unexplained-io.js';
import { analyseTransactions } from './analyse-transactions.js';
import { requestTime } from './request-time.js';
import { analyseDelay } from './analyse-delay.js';
import { analyseGc, gcShare } from './analyse-gc.js';
import { analyseHotPath } from './analyse-hot-path.js';
import { analyseIo } from './analyse-io.js';
import { analyseListeners } from './analyse-listeners.js';
import { analyseLoadErrors } from './analyse-load-errors.js';
import { loadShedding } from './load-shedding.js';
import { analyseMemory } from './analyse-memory.js';
import { analyseStartup } from './analyse-startup.js';
import { analyseThreadpool } from './analyse-threadpool.js';
import { fewBecauseSlow } from './slow-requests.js';
import { ms, pct } from './format.js';
import type { AdviceTexts, AnalyserResult, DiagnosisInput, ScoredFinding } from './input.js';
import { loopBusy, loopBusyEvidence } from './loop-busy.js';
import { loopDelay } from './loop-delay.js';
import { cpuWaitEvidence } from './cpu-wait.js';
import { enoughWindows } from './windows.js';
import { requestCost } from './request-cost.js';
import { round } from '../numbers.js';
import { THRESHOLDS_VERSION, thresholds as T } from './thresholds.js';

export type { AdviceTexts, DiagnosisInput } from './input.js';

/** The headline figures every face shows, rounded as the evidence rounds them. */
export function runFigures(input: DiagnosisInput): RunFigures {
  const load = input.load;
  return {
    delayP99Ms: round(loopDelay(input.samples).p99),
    ...(load ? { requestsPerSecond: Math.round(load.requestsPerSecond), loopMsPerRequest: round(requestCost(input).loopMsPerRequest, 3) } : {}),
  };
}

/** Most severe first: how findings, and the units of a run, are ordered. */
export const SEVERITY_RANK: Record<Severity, number> = { problem: 0, warning: 1, info: 2 };

/**
 * Root causes explain their symptoms: a listener leak grows memory and slows emits; a growing heap makes GC work
 * harder. When the cause is a problem, its symptoms stay listed but as warnings, so the verdict names the cause.
 */
const consequences: Partial<Record<FindingKind, FindingKind[]>> = {
  'listener-leak': ['memory-leak', 'event-loop-blocked', 'gc-pressure', 'hot-path'],
  'memory-leak': ['gc-pressure'],
  // GC pauses stop the loop too, and allocation is what makes such requests costly: the allocation is the cause.
  'gc-pressure': ['event-loop-blocked', 'hot-path'],
  'target-crashed': ['load-errors'],
  // Requests queued for the pool wait (io-bound's picture), pile up (overload) and time out.
  'threadpool-saturated': ['io-bound', 'overloaded', 'load-errors'],
  'database-bound': ['load-errors'],
  // Requests queued for a connection wait while the loop idles (io-bound's picture, its "queue inside the app"); the
  // outbound call a transaction is held across is the pool's holder, named in its finding.
  'db-pool-exhausted': ['load-errors', 'io-bound'],
};

/**
 * A bottleneck sets the latency; work elsewhere that is not saturated does not. Requests queued for the database's
 * connections (busier than the loop, which keeps idle time) wait for them whatever the loop's work per request costs:
 * that work stays listed, as a warning, and the verdict names the pool.
 */
const bottlenecks: Partial<Record<FindingKind, FindingKind[]>> = {
  'db-pool-exhausted': ['hot-path'],
  // A query that holds most of a request (slow-query's own line) sets its latency while the loop keeps idle time: the
  // loop's work per request is then not what users wait for (a row lock's UPDATE at 93 % of a request, the loop half
  // busy). With the loop saturated both are bottlenecks and both stay problems.
  'slow-query': ['hot-path'],
};

/** Whether the cause is a bottleneck now: the pool's rule sees the loop's idle time itself; a slow query needs it. */
function bottleneckNow(cause: FindingKind, input: DiagnosisInput): boolean {
  return cause === 'db-pool-exhausted' || loopBusy(input).share < T.busyElu;
}

/** The package a hot path is in: its first culprit's, or, for one spread over a package's functions, that package. */
function hotPackage(finding: ScoredFinding, input: DiagnosisInput): string | undefined {
  return finding.culprits.length ? finding.culprits[0]!.package : heaviestPackage(input.cpu?.packages)?.name;
}

/** Requests that time out or lose their connection under a problem that slows the server are its effect. */
const SLOWING: ReadonlySet<FindingKind> = new Set(['event-loop-blocked', 'hot-path', 'gc-pressure', 'memory-leak', 'listener-leak']);

function failuresAreSlowness(input: DiagnosisInput): boolean {
  const load = input.load;
  return Boolean(load && load.timeouts + load.errors > load.non2xx);
}

/**
 * The app refuses requests by a policy that watches its own resources (@fastify/under-pressure: the heap, the loop's
 * delay and utilisation): the refusals are the guard doing its job, and what pushed the resource past its line (a
 * blocked loop, a hot path, a leak) is the cause.
 */
function shedsOnResources(input: DiagnosisInput, cause: FindingKind, sheds: () => boolean): boolean {
  // A hot path pushes the loop's utilisation only when the loop is saturated by it.
  if (cause === 'hot-path' && loopBusy(input).share < T.busyElu) return false;
  return sheds();
}

function applyCausality(findings: ScoredFinding[], input: DiagnosisInput): void {
  let shedding: boolean | undefined;
  const sheds = () => (shedding ??= loadShedding(input)?.resource !== undefined);
  for (const cause of findings.filter((f) => f.severity === 'problem')) {
    const effects = [...(consequences[cause.kind] ?? []), ...(SLOWING.has(cause.kind) && (failuresAreSlowness(input) || shedsOnResources(input, cause.kind, sheds)) ? (['load-errors'] as const) : [])];
    for (const effect of findings) {
      if (effect !== cause && effect.severity === 'problem' && effects.includes(effect.kind)) {
        effect.severity = 'warning';
        effect.explanation += ` This is most likely a consequence of the ${cause.title.toLowerCase().replace(/^the /, '')}.`;
      }
      // A hot path led by a database client under an N+1 is the client's work per query, which the N+1 multiplies.
      if (effect !== cause && effect.severity === 'problem' && cause.kind === 'n-plus-one' && effect.kind === 'hot-path' && DATABASE_CLIENTS.has(hotPackage(effect, input) ?? '')) {
        effect.severity = 'warning';
        effect.explanation += ' Most of it is the database client handling each query: a consequence of the same query run many times per request.';
      }
      if (effect !== cause && effect.severity === 'problem' && bottlenecks[cause.kind]?.includes(effect.kind) && bottleneckNow(cause.kind, input)) {
        effect.severity = 'warning';
        effect.explanation += ` It is not what sets the latency now: ${cause.title.toLowerCase().replace(/^the /, '')}, and the loop has time to spare.`;
      }
    }
  }
}

function healthyFinding(input: DiagnosisInput): ScoredFinding {
  const busy = loopBusy(input);
  const elu = busy.share;
  const delay = loopDelay(input.samples).p99;
  const load = input.load;
  const cost = requestCost(input);
  const saturated = elu >= T.busyElu;
  return {
    kind: 'healthy',
    severity: 'info',
    title: 'No problem found',
    explanation:
      (load ? `The app served ${Math.round(load.requestsPerSecond).toLocaleString('en-US')} requests/s at ${ms(load.latency.p99)} p99 latency, each costing the event loop ${ms(cost.loopMsPerRequest)}. ` : '') +
      `The event loop stayed responsive (delay p99 ${ms(delay)}) ` +
      (saturated
        ? cost.loopMsPerRequest < T.cheapRequestMs
          ? `while busy ${pct(elu)} of the time with cheap requests: the app is simply using its CPU. To serve more, make the hottest functions cheaper or run more processes.`
          : `while busy ${pct(elu)} of the time, its ${ms(cost.loopMsPerRequest)} per request spread over many functions with none the doctor could name: the app is using its CPU. To serve more, make the hottest functions cheaper (the flame graph shows where the ${ms(cost.loopMsPerRequest)} go) or run more processes.`
        : `and was busy only ${pct(elu)} of the time: there is headroom left.`),
    evidence: [
      { label: 'Event-loop delay p99 (median of windows)', value: round(delay), unit: 'ms', series: 'delay.p99', threshold: T.delayWarningMs },
      loopBusyEvidence(busy),
      ...(load ? [{ label: 'Event-loop time per request', value: round(cost.loopMsPerRequest, 3), unit: 'ms', series: busy.source === 'profile' ? ('profile' as const) : ('elu' as const), threshold: T.hotRequestMs }] : []),
      { label: 'Time in garbage collection', value: round(gcShare(input) * 100), unit: '%', series: input.cpu && input.cpu.durationMs > 0 ? 'profile' : 'gc.share', threshold: T.gcWarningShare * 100 },
      ...(load ? [{ label: 'Requests per second', value: Math.round(load.requestsPerSecond), unit: 'req/s', series: 'load.rps' as const }] : []),
      ...cpuWaitEvidence(input.samples),
    ],
    culprits: (input.cpu?.culprits ?? []).slice(0, 3),
    score: 0,
  };
}

export function judge(input: DiagnosisInput, advice: AdviceTexts = {}): Diagnosis {
  const analysers: Array<[string, (i: DiagnosisInput) => AnalyserResult]> = [
    ['crash', analyseCrash],
    ['listeners', analyseListeners],
    ['memory', analyseMemory],
    ['delay', analyseDelay],
    ['hot-path', analyseHotPath],
    ['gc', analyseGc],
    ['io', analyseIo],
    ['threadpool', analyseThreadpool],
    ['database', analyseDatabase],
    ['transactions', analyseTransactions],
    ['load-errors', analyseLoadErrors],
    ['startup', analyseStartup],
  ];
  const findings: ScoredFinding[] = [];
  const insufficient: string[] = [];
  for (const [, analyse] of analysers) {
    const result = analyse(input);
    if (result.insufficient !== undefined) insufficient.push(result.insufficient);
    else findings.push(...result.findings);
  }
  withoutUnexplainedIo(findings);
  applyCausality(findings, input);

  const judgedNothing = !enoughWindows(input.samples);
  if (!findings.some((f) => f.severity === 'problem')) {
    if (judgedNothing || (input.load && input.load.requestsTotal < T.minRequests && !fewBecauseSlow(input))) {
      findings.push({
        kind: 'insufficient-data',
        severity: 'problem',
        title: 'Not enough data to judge',
        explanation: `The run collected too little to reach a verdict: ${[...new Set(insufficient)].join('; ') || 'too few requests completed'}. Run the load for longer.`,
        evidence: [
          { label: 'Probe windows', value: input.samples.length, unit: 'windows', series: 'delay.p99', threshold: T.minSamples },
          ...(input.load ? [{ label: 'Requests completed', value: input.load.requestsTotal, unit: 'requests', series: 'load.rps' as const, threshold: T.minRequests }] : []),
        ],
        culprits: [],
        score: 0.5,
      });
    } else {
      findings.push(healthyFinding(input));
    }
  }

  findings.sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || b.score - a.score);
  const verdict: FindingKind = findings.find((f) => f.severity === 'problem')?.kind ?? 'healthy';
  // The verdict's own finding leads, also when it is "healthy" among notes of equal rank.
  const lead = findings.findIndex((f) => f.kind === verdict);
  if (lead > 0) findings.unshift(...findings.splice(lead, 1));
  const timeOfRequest = requestTime(input, findings.flatMap((f) => (f.readLate ? [f.readLate] : [])));
  return {
    figures: runFigures(input),
    ...(timeOfRequest ? { requestTime: timeOfRequest } : {}),
    verdict,
    findings: findings.map(({ score: _score, readLate: _late, ...f }): Finding => ({ ...f, advice: advice[f.kind] ?? '' })),
    analyser: THRESHOLDS_VERSION,
  };
}
