// The app's own load shedding: 503 and 429 answers that a policy of the app chose (@fastify/under-pressure, a rate
// limiter, a request timeout), told from failures by the app's log (its error code and stack) and by the status. Names
// the policy, the resource that most likely crossed its line (from the probe's own figures over the window) and where
// the answer is produced (the policy's frame in the logged stack).
import type { Culprit, Evidence } from '../contract/diagnosis.js';
import type { AppLogGroup } from './app-log.js';
import type { DiagnosisInput } from './input.js';
import { loopBusy } from './loop-busy.js';
import { loopDelay } from './loop-delay.js';
import { parseStackFrames, responsibleFrame } from './stack-frames.js';
import { errorStacks } from './error-sites.js';
import { classifyFrame } from '../profile/model/classify.js';
import { round } from '../numbers.js';
import { thresholds as T } from './thresholds.js';

export interface Shedding {
  /** "@fastify/under-pressure", "a rate limiter", "a request timeout". */
  policy: string;
  status: string;
  /** The log group that says so, when the app logged it. */
  logged?: AppLogGroup;
  /** The resource that most likely crossed the policy's line, in words, with its figure. */
  resource?: string;
  where?: Culprit;
  evidence: Evidence[];
}

interface Signature {
  policy: string;
  status: string;
  /** The package whose frame produces the answer. */
  pkg?: string;
  matches: (g: AppLogGroup) => boolean;
  /** A policy that watches the process's resources (heap, loop delay, utilisation). */
  watchesResources: boolean;
}

const SIGNATURES: Signature[] = [
  { policy: '@fastify/under-pressure', status: '503', pkg: '@fastify/under-pressure', matches: (g) => g.code === 'FST_UNDER_PRESSURE', watchesResources: true },
  { policy: 'a rate limiter', status: '429', matches: (g) => /RATE_?LIMIT/i.test(g.code ?? '') || g.status === 429, watchesResources: false },
  { policy: 'a request timeout', status: '503', matches: (g) => /response timeout/i.test(g.message) || (g.code === 'ETIMEDOUT' && g.status === 503), watchesResources: false },
];

/** The frame of the policy's package in a logged stack, else the first of the app's or a dependency's. */
function whereAnswered(stack: string | undefined, pkg: string | undefined): Culprit | undefined {
  if (!stack) return undefined;
  const frames = parseStackFrames(stack);
  const own = pkg ? frames.find((f) => classifyFrame(f.functionName, f.url).package === pkg) : undefined;
  if (own) {
    const c = classifyFrame(own.functionName, own.url);
    return { ...own, selfPercent: 100, totalPercent: 100, category: c.category, ...(c.package ? { package: c.package } : {}), measure: 'stack' };
  }
  return responsibleFrame(frames);
}

/** Which of the process's resources stood out over the window: the one a resource-watching policy most likely saw. */
function resourceOf(input: DiagnosisInput): { words: string; evidence: Evidence[] } {
  const delay = loopDelay(input.samples).p99;
  const busy = loopBusy(input).share;
  const heapPeak = Math.max(0, ...input.samples.map((s) => s.memory.heapUsed));
  const heapMb = round(heapPeak / (1024 * 1024));
  const evidence: Evidence[] = [
    { label: 'Heap used at its peak', value: heapMb, unit: 'MB', series: 'memory.heapUsed' },
    { label: 'Event-loop delay p99', value: round(delay), unit: 'ms', series: 'delay.p99' },
    { label: 'Event-loop busy', value: round(100 * busy), unit: '%', series: 'elu' },
  ];
  // The policy's log does not say which of its limits was crossed: the figure furthest above its ordinary level is
  // the likeliest (the heap against its first window, the delay and the utilisation against the doctor's own lines).
  const heapStart = input.samples[0]?.memory.heapUsed ?? heapPeak;
  const candidates = [
    { ratio: heapStart > 0 ? heapPeak / heapStart / 2 : 0, words: `the heap (${heapMb} MB used at its peak, from ${round(heapStart / (1024 * 1024))} MB)` },
    { ratio: delay / T.delayProblemMs, words: `the event-loop delay (p99 ${round(delay)} ms)` },
    { ratio: busy / T.busyElu, words: `the event-loop utilisation (${Math.round(100 * busy)} %)` },
  ].sort((a, b) => b.ratio - a.ratio);
  return { words: `most likely ${candidates[0]!.words}; the log does not say which limit`, evidence };
}

export function loadShedding(input: DiagnosisInput): Shedding | undefined {
  const load = input.load;
  if (!load) return undefined;
  const statuses = load.statusCodes;
  const groups = input.appLog?.groups ?? [];
  for (const sig of SIGNATURES) {
    const logged = groups.find(sig.matches);
    if (!logged) continue;
    const resource = sig.watchesResources ? resourceOf(input) : undefined;
    const where = whereAnswered(logged.stack, sig.pkg);
    return { policy: sig.policy, status: String(logged.status ?? sig.status), logged, ...(resource ? { resource: resource.words } : {}), ...(where ? { where } : {}), evidence: resource?.evidence ?? [] };
  }
  // No log to say so, but the framework's error path carried the policy's own error (the probe's hooks read its stack,
  // in the policy's package): @fastify/under-pressure passes one error it made at start-up to fastify's handler.
  const stacks = errorStacks(input.samples);
  for (const sig of SIGNATURES) {
    if (!sig.pkg) continue;
    const stack = stacks.find((st) => parseStackFrames(st).some((f) => classifyFrame(f.functionName, f.url).package === sig.pkg));
    if (!stack || !(statuses[sig.status] ?? 0)) continue;
    const resource = sig.watchesResources ? resourceOf(input) : undefined;
    const where = whereAnswered(stack, sig.pkg);
    return { policy: sig.policy, status: sig.status, ...(resource ? { resource: resource.words } : {}), ...(where ? { where } : {}), evidence: resource?.evidence ?? [] };
  }
  // No log to say so: 429 is a rate limiter's answer by definition. Where it is produced, from the CPU profile: when
  // the refusals are most of the answers and one app function wrote most of the answers written from the app's own
  // frames, that function answered them (a limiter middleware answers from its own frame).
  const refused = statuses['429'] ?? 0;
  if (refused > 0) {
    const answers = Object.values(statuses).reduce((n, k) => n + k, 0);
    const [writer] = input.cpu?.answerWriters ?? [];
    const where = writer && refused >= answers / 2 && writer.selfPercent >= 50 ? writer : undefined;
    return {
      policy: 'a rate limiter',
      status: '429',
      ...(where ? { where } : {}),
      evidence: where ? [{ label: `Of the answers written from the app's functions, by ${where.functionName}`, value: where.selfPercent, unit: '%', series: 'profile', threshold: 50 }] : [],
    };
  }
  return undefined;
}
