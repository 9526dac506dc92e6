// Event loop blocked: timers fire late because JavaScript runs synchronously for long stretches. Told apart from a
// loop that is late only because many cheap requests queue for it (overload), and from one late because each request
// costs a few milliseconds (a hot path, analyse-hot-path.ts): what blocks is one stretch of 10 ms or more, per
// request or from a job of its own.
import type { Evidence } from '../contract/diagnosis.js';
import { ms, named, pct } from './format.js';
import type { AnalyserResult, DiagnosisInput, ScoredFinding } from './input.js';
import { loopBusy, loopBusyEvidence } from './loop-busy.js';
import { loopDelay, type LoopDelay } from './loop-delay.js';
import { appOwnDelay, cpuWaitEvidence } from './cpu-wait.js';
import { requestCost, routeName, type RequestCost } from './request-cost.js';
import { round } from '../numbers.js';
import { thresholds as T } from './thresholds.js';
import { enoughWindows, windowSpan } from './windows.js';

/** Where the delay comes from, in the terms of the thresholds. */
export type DelayCause = 'none' | 'blocking' | 'queueing-cheap' | 'queueing-costly';

/**
 * A job of its own that holds the loop now and then (a timer rebuilding an index every few seconds) can stall fewer
 * windows than T.stalledWindowShare and leave the median window quiet. It is still blocking when the stalls recur and
 * the CPU profile shows JavaScript running that long in one go; one stall alone may be the machine's doing (the OS
 * descheduling the app), which the profile does not show as a stretch. Stretches are trusted only on a loop that
 * idles (at saturation cheap requests merge into one run).
 */
function recurringStalls(input: DiagnosisInput, delay: LoopDelay): boolean {
  const stretches = input.cpu?.stretches;
  return delay.stalledWindows >= T.recurringStalls && (stretches?.longCount ?? 0) >= T.recurringStalls && loopBusy(input).share < T.stretchesTrustedBelowBusy;
}

export function delayCause(input: DiagnosisInput, cost: RequestCost = requestCost(input)): DelayCause {
  const delay = loopDelay(input.samples);
  const recurring = recurringStalls(input, delay);
  const late = delay.p99 >= T.delayWarningMs || delay.stalledShare >= T.stalledWindowShare || recurring;
  // One request's synchronous first turn is measured by the probe; work after an await is not in it, so a late loop
  // whose requests cost 10 ms or more each is held by them too.
  const stretch = Math.max(cost.syncStretchMs ?? 0, late ? cost.costlyRequestMs : 0);
  if (stretch >= T.blockingRequestMs) return 'blocking';
  if (!late) return 'none';
  // Requests served in turn: C in flight at t ms each delay the loop's timers by about C x t.
  const queueing = (input.concurrency ?? 1) * cost.costlyRequestMs;
  const explained = Math.max(delay.p99, delay.highP99, recurring ? delay.stallP99 : 0) <= T.queueingFactor * queueing;
  if (explained) return cost.costlyRequestMs < T.cheapRequestMs ? 'queueing-cheap' : 'queueing-costly';
  return 'blocking';
}

export function analyseDelay(input: DiagnosisInput): AnalyserResult {
  const { samples } = input;
  if (!enoughWindows(samples)) return { insufficient: `only ${samples.length} probe windows were recorded` };
  const cost = requestCost(input);
  const cause = delayCause(input, cost);
  if (cause === 'none' || cause === 'queueing-costly') return { findings: [] };
  const delay = loopDelay(samples);
  if (cause === 'queueing-cheap') return { findings: [overloaded(input, cost)] };

  const busy = loopBusy(input);
  const late = samples.filter((s) => appOwnDelay(s).p99 >= T.delayWarningMs);
  const span = windowSpan(late, input.measureStartAt);
  const culprits = (input.cpu?.culprits ?? []).slice(0, T.culpritCount);
  const heaviest = cost.routes[0];
  const perRequest = Math.max(cost.syncStretchMs ?? 0, cost.costlyRequestMs) >= T.blockingRequestMs;
  const evidence: Evidence[] = [
    { label: 'Event-loop delay p99 (median of windows)', value: round(delay.p99), unit: 'ms', series: 'delay.p99', threshold: T.delayProblemMs, ...span },
    { label: 'Longest event-loop delay', value: round(delay.max), unit: 'ms', series: 'delay.max' },
    { label: 'Windows in which the loop completed no turn', value: delay.blockedWindows, unit: 'windows', series: 'delay.p99' },
    { label: `Windows with delay p99 of ${T.stalledWindowMs} ms or more`, value: round(100 * delay.stalledShare), unit: '%', series: 'delay.p99', threshold: 100 * T.stalledWindowShare },
    ...(cost.syncStretchMs !== undefined ? [{ label: 'Synchronous time of one request (costliest route, mean)', value: round(cost.syncStretchMs, 2), unit: 'ms', series: 'routes' as const, threshold: T.blockingRequestMs }] : []),
    { label: 'Event-loop time per request', value: round(cost.loopMsPerRequest, 3), unit: 'ms', series: busy.source === 'profile' ? 'profile' : 'elu' },
    // On a loop that never idles, back-to-back requests merge into one run of samples: the figure would mislead.
    ...(input.cpu?.stretches && busy.share < T.stretchesTrustedBelowBusy ? [{ label: 'Longest synchronous stretch in the CPU profile', value: round(input.cpu.stretches.longestMs), unit: 'ms', series: 'profile' as const }] : []),
    loopBusyEvidence(busy),
    ...cpuWaitEvidence(samples),
  ];
  const top = culprits[0];
  const problem = delay.p99 >= T.delayProblemMs || delay.stalledShare >= T.stalledWindowShare || perRequest || recurringStalls(input, delay);
  const where =
    heaviest && heaviest.syncMeanMs >= T.blockingRequestMs
      ? ` Each ${routeName(heaviest)} request holds the loop ${ms(heaviest.syncMeanMs)} (${pct(heaviest.loopShare)} of its busy time), and every other request waits behind it.`
      : perRequest
        ? ` Each request${cost.costlyRequestMs !== cost.loopMsPerRequest ? ' (but the quick ones)' : ''} costs the loop ${ms(cost.costlyRequestMs)}, and every other request waits behind it.`
        : ' While it runs synchronous JavaScript, every other request waits.';
  const finding: ScoredFinding = {
    kind: 'event-loop-blocked',
    severity: problem ? 'problem' : 'warning',
    title: 'The event loop is blocked',
    explanation:
      `Timers fired ${ms(delay.p99)} late at p99 (up to ${ms(delay.max)})` +
      (delay.blockedWindows ? `, and in ${delay.blockedWindows} of ${delay.windows} windows the loop did not complete a single turn` : '') +
      `, with the loop busy ${pct(busy.share)} of the time.` +
      where +
      (top ? ` Most of that CPU time is spent in ${named(top)}.` : ''),
    evidence,
    culprits,
    score: Math.max(delay.p99 / T.delayProblemMs, (cost.syncStretchMs ?? 0) / T.blockingRequestMs, delay.stalledShare / T.stalledWindowShare),
  };
  return { findings: [finding] };
}

/** The delay is queueing: more cheap requests in flight than the loop serves at once. Never the verdict. */
function overloaded(input: DiagnosisInput, cost: RequestCost): ScoredFinding {
  const delay = loopDelay(input.samples);
  const busy = loopBusy(input);
  return {
    kind: 'overloaded',
    severity: 'info',
    title: 'More load than the server can take',
    explanation:
      `Timers fired ${ms(delay.p99)} late at p99, but each request costs the loop only ${ms(cost.loopMsPerRequest)}: ` +
      `with ${input.concurrency ?? 'many'} requests in flight they simply queue for it. The code is not the problem; ` +
      'the latency is the price of this much concurrency on one process.',
    evidence: [
      { label: 'Event-loop delay p99 (median of windows)', value: round(delay.p99), unit: 'ms', series: 'delay.p99' },
      { label: 'Event-loop time per request', value: round(cost.loopMsPerRequest, 3), unit: 'ms', series: busy.source === 'profile' ? 'profile' : 'elu', threshold: T.cheapRequestMs },
      { label: 'Requests in flight (connections x pipelining)', value: input.concurrency ?? 0, unit: 'requests', series: 'load.rps' },
      loopBusyEvidence(busy),
    ],
    culprits: [],
    score: 0,
  };
}
