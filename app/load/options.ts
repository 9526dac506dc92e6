// Recipe load spec -> autocannon options for each phase. Pure: no I/O, so it is unit-tested directly.
import type { LoadSpec } from '../contract/recipe.js';
import type { AutocannonOptions } from './autocannon.js';
import { originOf, type LoadTarget } from '../contract/load-address.js';
import { journeyCycle, type CycleRequest } from '../contract/journey-plan.js';

/**
 * Options for one autocannon run, minus the histogram sinks the worker adds (functions cannot cross threads). With
 * journeys, `cycle` holds them as data; the worker turns it into `requests` with hooks (journey-hooks.ts).
 */
export type PhaseOptions = Omit<AutocannonOptions, 'histograms'> & { cycle?: CycleRequest[] };

export interface LoadPlan {
  /** Undefined when warmupSec is 0. */
  warmup?: PhaseOptions;
  measure: PhaseOptions;
  /** Connections actually opened in the measured phase (autocannon lowers them for small amounts and rates). */
  connections: number;
}

/** Written in a request's path or body, replaced by a unique id in every request the load sends. */
const UNIQUE_ID = '[<id>]';

function base(spec: LoadSpec, target: LoadTarget): PhaseOptions {
  const origin = originOf({ ...target, protocol: target.protocol ?? spec.protocol });
  const cycle = spec.journeys ? journeyCycle(spec.journeys) : undefined;
  const requests = (cycle ?? spec.requests).map((r) => ({
    method: r.method.toUpperCase(),
    path: r.path,
    headers: { ...r.headers },
    ...(r.body !== undefined ? { body: r.body } : {}),
  }));
  let connections = spec.connections;
  // A write that must be unique (a sign-up, a slug from a title) would fail after its first request with one body for
  // the whole run: autocannon's `[<id>]` gives every request its own id. Only where the user wrote it.
  const uniqueIds = requests.some((r) => r.path.includes(UNIQUE_ID) || r.body?.includes(UNIQUE_ID));
  const options: PhaseOptions = {
    url: origin + (requests[0]?.path ?? '/'),
    connections,
    pipelining: spec.pipelining,
    timeout: spec.timeoutSec,
    requests,
    sampleInt: 1000,
    ...(cycle ? { cycle } : {}),
    ...(uniqueIds ? { idReplacement: true } : {}),
  };
  if (spec.rate !== undefined) {
    // `rate` is the overall request rate across all connections (autocannon's overallRate). autocannon opens at
    // most `rate` connections then. Its coordinated-omission correction assumes an expected interval of
    // ceil(1 / rate) ms, which is 1 ms for any rate, and so invents latency samples; we record raw latencies instead.
    options.overallRate = spec.rate;
    options.ignoreCoordinatedOmission = true;
    connections = Math.min(connections, spec.rate);
    options.connections = connections;
  }
  return options;
}

export function planLoad(spec: LoadSpec, target: LoadTarget): LoadPlan {
  const measure = base(spec, target);
  if (spec.amount !== undefined) {
    // autocannon splits `amount` over the connections and refuses more connections than requests.
    measure.amount = spec.amount;
    measure.connections = Math.min(measure.connections, spec.amount);
  } else {
    measure.duration = timerFor(spec.durationSec);
  }
  const plan: LoadPlan = { measure, connections: measure.connections };
  if (spec.warmupSec > 0) plan.warmup = { ...base(spec, target), duration: timerFor(spec.warmupSec) };
  return plan;
}

/**
 * autocannon ends a run only at a 1 s sample, after its duration timer has set a stop flag. When the timer and the
 * sample fall due in the same millisecond their order is arbitrary, and the run then goes on a whole extra second
 * (seen here: a 2 s run lasting 3 s). Arming the timer half a second before the boundary makes every run end at
 * exactly ceil(seconds) samples; load continues until that sample, so nothing is cut short.
 */
function timerFor(seconds: number): number {
  return Math.ceil(seconds) - 0.5;
}
