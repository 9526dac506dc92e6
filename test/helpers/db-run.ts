// Synthetic runs with database windows whose truth is known (the unit tests of the database findings).
import type { DbQueryStats, ProbeSample } from '../../app/contract/metrics.js';
import type { DiagnosisInput } from '../../app/diagnosis/input.js';
import { syntheticRun } from './synthetic-run.js';

export const app = { functionName: 'loadComments', url: 'file:///srv/app/posts.js', line: 32, column: 5 };
export const driver = { functionName: '_send', url: 'file:///srv/app/node_modules/pg/lib/connection.js', line: 175, column: 24 };

/** An idle-loop run of `requests` requests at `latencyMs`, each running the given queries, spread over its windows. */
export function runWith(opts: { requests: number; latencyMs: number; queries: Array<Partial<DbQueryStats> & { perRequest: number; meanMs: number; noIndexShare?: number }>; allBusyShare?: number; peakOpen?: number; concurrency?: number; lost?: number; failed?: number; poolSize?: number; checkoutWaitMsPerRequest?: number }): DiagnosisInput {
  const input = syntheticRun({ scenario: 'healthy-idle', noise: 0 });
  const n = input.samples.length;
  const samples: ProbeSample[] = input.samples.map((s, i) => ({
    ...s,
    elu: 0.1,
    db: {
      queries: opts.queries.map(({ noIndexShare, ...q }) => ({ system: 'postgres', shape: 'select ?', ...app, ...q, count: (q.perRequest * opts.requests) / n, totalMs: (q.perRequest * q.meanMs * opts.requests) / n, maxMs: q.meanMs * 2, errors: 0, inFlight: 0, ...(noIndexShare ? { noIndex: (noIndexShare * q.perRequest * opts.requests) / n } : {}) }) as DbQueryStats),
      connections: [{ system: 'postgres', open: opts.peakOpen ?? 10, peakOpen: opts.peakOpen ?? 10, peakBusy: opts.peakOpen ?? 10, busyConnMs: 0, allBusyMs: (opts.allBusyShare ?? 0.1) * s.windowMs, ...(i === n - 1 && opts.lost ? { lost: opts.lost } : {}), ...(opts.poolSize ? { poolSize: opts.poolSize } : {}), ...(opts.checkoutWaitMsPerRequest ? { checkouts: opts.requests / n, checkoutWaitMs: (opts.checkoutWaitMsPerRequest * opts.requests) / n, checkoutMaxMs: opts.checkoutWaitMsPerRequest * 2 } : {}) }],
    },
  }));
  const load = { ...input.load!, requestsTotal: opts.requests, non2xx: opts.failed ?? 0, latency: { ...input.load!.latency, mean: opts.latencyMs, p50: opts.latencyMs, p90: opts.latencyMs * 1.2, p99: opts.latencyMs * 1.5 } };
  return { ...input, samples, load, ...(opts.concurrency ? { concurrency: opts.concurrency } : {}) };
}

