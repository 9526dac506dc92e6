// Journeys as data: a weighted mix of short request sequences, flattened into the one cycle of requests autocannon
// sends on every connection. Pure, so that it crosses into the load worker as plain data; the worker builds the
// autocannon hooks (setupRequest, onResponse) from it, as functions cannot cross threads.
import type { Journey, JourneyStep, RequestSpec } from './recipe.js';

/** One request of the cycle: what to send, what to read from its answer, and whether it begins a journey. */
export interface CycleRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Name -> dotted path into this request's JSON answer. */
  capture?: Record<string, string>;
  /** Whether `{{name}}` placeholders are to be filled in (some part of it holds one). */
  fills?: boolean;
  /** The first step of a journey: the values captured by the journey before are forgotten here. */
  startsJourney?: boolean;
  /** The journey's name, or "journey N". */
  journey: string;
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The capture names a text uses. */
function placeholdersIn(text: string | undefined): string[] {
  return text ? [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!) : [];
}

function stepPlaceholders(step: RequestSpec): string[] {
  return [...placeholdersIn(step.path), ...placeholdersIn(step.body), ...Object.values(step.headers ?? {}).flatMap(placeholdersIn)];
}

/**
 * The journeys' steps that use a value no earlier step of the same journey captures, as "journeys.N.steps.K: {{x}}",
 * for an error that names the field. A value can only come from an answer already read on the same connection.
 */
export function uncapturedPlaceholders(journeys: readonly Pick<Journey, 'steps'>[]): string[] {
  const out: string[] = [];
  journeys.forEach((journey, i) => {
    const known = new Set<string>();
    journey.steps.forEach((step, k) => {
      for (const name of stepPlaceholders(step)) if (!known.has(name)) out.push(`load.journeys.${i}.steps.${k}: {{${name}}} is not captured by an earlier step`);
      for (const name of Object.keys(step.capture ?? {})) known.add(name);
    });
  });
  return out;
}

/** The most journeys in one cycle: a longer cycle only delays the mix's first repetition. */
const MAX_CYCLE = 200;

/**
 * The order journeys are started in, by smooth weighted round-robin (nginx's): each turn every journey gains its
 * weight and the one with the most goes next, losing the total. Weights 3 and 1 give A A B A: interleaved rather
 * than in blocks, so that a short run sees the mix. Weights are divided by their common divisor, and scaled down
 * (never below 1) when the cycle would exceed MAX_CYCLE journeys.
 */
export function journeyOrder(weights: readonly number[]): number[] {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const divisor = weights.reduce((g, w) => gcd(g, w), 0) || 1;
  let reduced = weights.map((w) => w / divisor);
  const sum = reduced.reduce((a, b) => a + b, 0);
  if (sum > MAX_CYCLE) reduced = reduced.map((w) => Math.max(1, Math.round((w * MAX_CYCLE) / sum)));
  const total = reduced.reduce((a, b) => a + b, 0);
  const current = reduced.map(() => 0);
  const order: number[] = [];
  for (let turn = 0; turn < total; turn++) {
    let best = 0;
    for (let i = 0; i < reduced.length; i++) {
      current[i]! += reduced[i]!;
      if (current[i]! > current[best]!) best = i;
    }
    current[best]! -= total;
    order.push(best);
  }
  return order;
}

function cycleRequest(step: JourneyStep, journey: string, startsJourney: boolean): CycleRequest {
  const fills = stepPlaceholders(step).length > 0;
  return {
    method: step.method.toUpperCase(),
    path: step.path,
    headers: { ...step.headers },
    ...(step.body !== undefined ? { body: step.body } : {}),
    ...(step.capture && Object.keys(step.capture).length ? { capture: { ...step.capture } } : {}),
    ...(fills ? { fills } : {}),
    ...(startsJourney ? { startsJourney } : {}),
    journey,
  };
}

/** The cycle of requests every connection sends: the journeys in weighted order, their steps in sequence. */
export function journeyCycle(journeys: readonly Journey[]): CycleRequest[] {
  const names = journeys.map((j, i) => j.name ?? `journey ${i + 1}`);
  return journeyOrder(journeys.map((j) => j.weight)).flatMap((i) => journeys[i]!.steps.map((step, k) => cycleRequest(step, names[i]!, k === 0)));
}

/** Every distinct request of the load, placeholders read as a sample value, for checking paths against routes. */
export function requestsOfLoad(load: { requests: readonly RequestSpec[]; journeys?: readonly Journey[] | undefined }): Array<Pick<RequestSpec, 'method' | 'path'>> {
  if (!load.journeys) return [...load.requests];
  return load.journeys.flatMap((j) => j.steps.map((s) => ({ method: s.method, path: s.path.replace(PLACEHOLDER, '1') })));
}
