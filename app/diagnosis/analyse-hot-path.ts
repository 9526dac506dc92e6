// A hot path: every request costs the loop more than it should, and most of that cost is in one function of the
// user's (or a library call it makes). Not blocked for long at a time, not waiting: busy with avoidable work. A loop
// busy with many cheap requests is not this; it is healthy.
import type { Culprit, Evidence } from '../contract/diagnosis.js';
import { delayCause } from './analyse-delay.js';
import { ms, named, pct } from './format.js';
import type { AnalyserResult, DiagnosisInput } from './input.js';
import { loopBusy, loopBusyEvidence } from './loop-busy.js';
import { requestCost, routeName } from './request-cost.js';
import { round } from '../numbers.js';
import { thresholds as T } from './thresholds.js';
import { enoughWindows } from './windows.js';
import { FRAMEWORK_PACKAGES, PACKAGE_LOGGING, heaviestPackage, remedyFor } from './package-cost.js';
import { CONSOLE_MIN_PERCENT } from './hotspots/rules/console-logging.js';
import { enoughRequests, meanLatencyMs, unfinishedRequests, unfinishedWords } from './slow-requests.js';
import type { RequestCost } from './request-cost.js';

/** A share of the profile's time (0..100) as a share of the loop's busy time (its non-idle time), 0..1. */
function ofBusyTime(input: DiagnosisInput, percent: number): number {
  const busy = input.cpu ? 100 - input.cpu.idlePercent : 0;
  return busy > 0 ? Math.min(1, percent / busy) : 0;
}

/**
 * Where the avoidable work sits: the function that holds T.hotShare or more of the loop's busy time, itself and what
 * it calls, while doing a real part of it itself (T.hotSelfShare: not a route handler that only dispatches). Of those,
 * the innermost (the smallest share): a scan in allowedWidgets that calls hasPermission for every item splits its own
 * time between the two, and the fix is in allowedWidgets. One function with most of the time to itself is found the
 * same way.
 */
export function hottestWork(input: DiagnosisInput): { culprit: Culprit; share: number } | undefined {
  const found = (input.cpu?.culprits ?? [])
    .filter((c) => ofBusyTime(input, c.selfPercent) >= T.hotSelfShare && ofBusyTime(input, c.totalPercent) >= T.hotShare)
    .map((culprit) => ({ culprit, share: ofBusyTime(input, culprit.totalPercent) }))
    .sort((a, b) => a.share - b.share);
  return found[0];
}

export function analyseHotPath(input: DiagnosisInput): AnalyserResult {
  // Requests slower than the run (none finished, every connection held one) are judged on what they cost so far.
  const unfinished = unfinishedRequests(input);
  if (!input.load || (!enoughRequests(input) && !unfinished)) return { insufficient: 'too few requests completed to judge their cost' };
  const result = hotPathFindings(input);
  if (!unfinished || !result.findings) return result;
  return { findings: result.findings.map((f) => ({ ...f, explanation: f.explanation + unfinishedWords(input, unfinished) })) };
}

function hotPathFindings(input: DiagnosisInput): AnalyserResult {
  if (!input.load) return { findings: [] };
  if (!enoughWindows(input.samples)) return { insufficient: `only ${input.samples.length} probe windows were recorded` };
  const cost = requestCost(input);
  // A blocked loop is told by analyse-delay; this is the cost of requests that do not block for long.
  if (delayCause(input, cost) === 'blocking') return { findings: [] };
  if (cost.costlyRequestMs < T.hotRequestMs) return { findings: [] };
  const work = hottestWork(input);
  if (!work) return packageHotPath(input, cost);
  const { culprit: top, share } = work;
  const busy = loopBusy(input);
  const latency = meanLatencyMs(input);
  if (busy.share < T.hotMinBusy) {
    if (cost.costlyRequestMs < T.hotMinLatencyShare * latency) return { findings: [] };
    // On a mostly idle loop, background work (timers, JIT compilation, the probe's own windows) is a large part of
    // the busy time shared out over few requests; the probe's direct measure of a request's synchronous time must
    // show a costly request too.
    if (cost.syncStretchMs !== undefined && cost.syncStretchMs < T.hotRequestMs) return { findings: [] };
  }

  const perRequestInTop = cost.costlyRequestMs * share;
  // The function's time may be mostly inside one package it calls (a template compiled per request): say which.
  const held = input.cpu?.packages?.find((p) => !FRAMEWORK_PACKAGES.has(p.name) && p.callers.some((c) => c.url === top.url && c.line === top.line) && ofBusyTime(input, p.percent) >= T.hotPackageShare);
  // The profile's leading pattern (serialisation, regular expressions, listeners...) is named as what the function
  // mostly does only when it is at least half the function's share: a 3 % pattern is not what 55 % of the time is.
  const leading = input.cpu?.hotspots?.[0];
  const pattern = leading && leading.percent >= top.totalPercent / 2 ? leading : undefined;
  const route = cost.routes[0];
  const evidence: Evidence[] = [
    { label: 'Event-loop time per request', value: round(cost.costlyRequestMs, 3), unit: 'ms', series: 'profile', threshold: T.hotRequestMs },
    { label: `Of it in ${top.functionName || '(anonymous)'} and what it calls`, value: round(100 * share), unit: '%', series: 'profile', threshold: 100 * T.hotShare },
    { label: 'Process CPU per request', value: round(cost.cpuMsPerRequest, 3), unit: 'ms', series: 'cpu' },
    ...(route ? [{ label: `Synchronous time per ${routeName(route)} request`, value: round(route.syncMeanMs, 3), unit: 'ms', series: 'routes' as const }] : []),
    ...(leading ? [{ label: leading.title, value: round(leading.percent), unit: '% of profile', series: 'profile' as const }] : []),
    loopBusyEvidence(busy),
  ];
  return {
    findings: [
      {
        kind: 'hot-path',
        severity: 'problem',
        title: 'Requests spend their time in one function',
        explanation:
          `Each request costs the event loop ${ms(cost.costlyRequestMs)}, ${pct(share)} of it in ${named(top)} and what it calls ` +
          `(${ms(perRequestInTop)} per request)` +
          (pattern ? `, mostly ${pattern.title.charAt(0).toLowerCase() + pattern.title.slice(1)}` : '') +
          '. That work is repeated for every request: make it cheaper and the server serves more with less latency.' +
          (held ? ` Most of it is inside ${held.name} (${pct(ofBusyTime(input, held.percent))} of the loop's busy time): ${remedyFor(held.name)}.` : '') +
          (route && cost.routes.length > 1 && route.loopShare >= 0.5 ? ` The ${routeName(route)} route takes ${pct(route.loopShare)} of the loop's time.` : ''),
        evidence,
        culprits: [top, ...(input.cpu?.culprits ?? []).filter((c) => c !== top)].slice(0, T.culpritCount),
        score: Math.min(cost.costlyRequestMs / T.hotRequestMs, 10) * share,
      },
    ],
  };
}

/**
 * No function holds the cost, but one dependency does, spread over many of its functions: a hot path named by the
 * package, the app line that calls into it and what is known to help. A share alone is a warning, beside the verdict:
 * on the held-out real apps (bench/results/realapps-heldout-round8-node20.json) a third of the loop in one ORM or
 * query builder was the common case, healthy and expensive-but-necessary pages alike, and as a problem it took the
 * verdict from them and from the database's own findings. It is a problem when the package's own time per request
 * reaches the line of a blocked loop (blockingRequestMs): each request then holds the loop that long in that package
 * however it is split, which caps the server below 100 requests/s per core (Sequelize building models from an N+1's
 * rows, 663 ms per request, on the development app).
 */
function packageHotPath(input: DiagnosisInput, cost: RequestCost): AnalyserResult {
  const top = heaviestPackage(input.cpu?.packages);
  if (!top) return { findings: [] };
  const share = ofBusyTime(input, top.percent);
  if (share < T.hotPackageShare) return { findings: [] };
  const busy = loopBusy(input);
  if (busy.share < T.hotMinBusy && cost.costlyRequestMs < T.hotMinLatencyShare * meanLatencyMs(input)) return { findings: [] };
  const caller = top.callers[0];
  const perRequest = cost.costlyRequestMs * share;
  // The package's console writes (an ORM printing every query) said apart at the console-logging hotspot's own line
  // (a twentieth of all CPU): the cheapest fix there is.
  const logs = top.consolePercent >= CONSOLE_MIN_PERCENT;
  const culprits: Culprit[] = [...top.callers.map((c) => ({ ...c, package: top.name })), ...(input.cpu?.culprits ?? []).filter((c) => c.package === top.name)].slice(0, T.culpritCount);
  return {
    findings: [
      {
        kind: 'hot-path',
        severity: perRequest >= T.blockingRequestMs ? 'problem' : 'warning',
        title: 'Requests spend their time in one package',
        explanation:
          `Each request costs the event loop ${ms(cost.costlyRequestMs)}, ${pct(share)} of it inside ${top.name} and what it calls (${ms(perRequest)} per request), ` +
          `spread over many of its functions` +
          (caller ? `; the app calls into it from ${named(caller)}` : '') +
          `. What is known to help: ${remedyFor(top.name)}.` +
          (logs ? ` ${pct(ofBusyTime(input, top.consolePercent))} of the loop's busy time is ${top.name} writing its own log to the console: ${PACKAGE_LOGGING[top.name] ?? 'turn its logging down on the request path'}.` : ''),
        evidence: [
          { label: 'Event-loop time per request', value: round(cost.costlyRequestMs, 3), unit: 'ms', series: 'profile', threshold: T.hotRequestMs },
          { label: `Of it in ${top.name} and what it calls`, value: round(100 * share), unit: '%', series: 'profile', threshold: round(100 * T.hotPackageShare) },
          ...(input.cpu?.packages ?? []).filter((p) => p !== top).slice(0, 2).map((p) => ({ label: `Of it in ${p.name}`, value: round(100 * ofBusyTime(input, p.percent)), unit: '%', series: 'profile' as const })),
          loopBusyEvidence(busy),
        ],
        culprits,
        score: Math.min(cost.costlyRequestMs / T.hotRequestMs, 10) * share,
      },
    ],
  };
}
