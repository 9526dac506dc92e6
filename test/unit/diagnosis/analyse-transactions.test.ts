// The transaction finding on synthetic windows whose truth is known: a transaction that waits on something else for
// longer than its own queries is named with both lines; one that does not, or waits on nothing else, is not.
import { describe, expect, it } from 'vitest';
import type { DbTransactionStats, ProbeSample, TransactionOutsideWait } from '../../../app/contract/metrics.js';
import { analyseTransactions } from '../../../app/diagnosis/analyse-transactions.js';
import { dbTransactions } from '../../../app/diagnosis/db-samples.js';
import type { DiagnosisInput } from '../../../app/diagnosis/input.js';
import { judge } from '../../../app/diagnosis/judge.js';
import { syntheticRun } from '../../helpers/synthetic-run.js';

const opener = { system: 'postgres' as const, shape: 'BEGIN', functionName: 'placeOrder', url: 'file:///srv/app/orders.js', line: 12, column: 5 };
const charge: Omit<TransactionOutsideWait, 'count' | 'totalMs'> = { kind: 'http', method: 'request', functionName: 'chargeCard', url: 'file:///srv/app/payments.js', line: 30, column: 3 };

/** `perWindow` transactions in each window, each held `heldMs`, `queryMs` of it in its queries, `outsideMs` waiting on `wait`. */
function runWith(opts: { perWindow: number; heldMs: number; queryMs: number; outsideMs: number; wait?: Omit<TransactionOutsideWait, 'count' | 'totalMs'>; allBusyShare?: number }): DiagnosisInput {
  const input = syntheticRun({ scenario: 'healthy-idle', noise: 0 });
  const samples: ProbeSample[] = input.samples.map((s) => {
    const tx: DbTransactionStats = {
      ...opener,
      count: opts.perWindow,
      heldMs: opts.heldMs * opts.perWindow,
      maxHeldMs: opts.heldMs * 1.5,
      queryMs: opts.queryMs * opts.perWindow,
      queries: 4 * opts.perWindow,
      outside: opts.outsideMs > 0 ? [{ ...(opts.wait ?? charge), count: opts.perWindow, totalMs: opts.outsideMs * opts.perWindow }] : [],
    };
    return {
      ...s,
      elu: 0.1,
      db: {
        queries: [{ ...opener, count: opts.perWindow, totalMs: opts.queryMs * opts.perWindow, maxMs: opts.queryMs, errors: 0, inFlight: 0 }],
        connections: [{ system: 'postgres', open: 10, peakOpen: 10, peakBusy: 10, busyConnMs: 0, allBusyMs: (opts.allBusyShare ?? 0.1) * s.windowMs }],
        transactions: [tx],
      },
    };
  });
  const requests = opts.perWindow * samples.length;
  const load = { ...input.load!, requestsTotal: requests, latency: { ...input.load!.latency, mean: opts.heldMs + 2, p50: opts.heldMs + 2 } };
  return { ...input, samples, load };
}

describe('analyseTransactions', () => {
  it('names the line that opened the transaction and the wait made inside it, with the time held against its queries', () => {
    const [finding] = analyseTransactions(runWith({ perWindow: 5, heldMs: 50, queryMs: 6, outsideMs: 42 })).findings!;
    expect(finding).toMatchObject({ kind: 'db-transaction-held', severity: 'warning' });
    expect(finding!.culprits.map((c) => c.functionName)).toEqual(['placeOrder', 'chargeCard']);
    expect(finding!.explanation).toMatch(/holds its PostgreSQL connection 50 ms on average .* while its 4 queries take 6 ms: for 42 ms of it the request waits on an outbound HTTP call from chargeCard/);
    expect(finding!.explanation).toContain('before BEGIN or after COMMIT');
  });

  it('is a problem when the held connection is one the other requests queue for', () => {
    const [finding] = analyseTransactions(runWith({ perWindow: 5, heldMs: 50, queryMs: 6, outsideMs: 42, allBusyShare: 0.95 })).findings!;
    expect(finding!.severity).toBe('problem');
    expect(judge(runWith({ perWindow: 5, heldMs: 50, queryMs: 6, outsideMs: 42, allBusyShare: 0.95 })).findings.map((f) => f.kind)).toContain('db-transaction-held');
  });

  it('names the threadpool call by its API and another connection by its query', () => {
    const pbkdf2 = { kind: 'threadpool', method: 'crypto.pbkdf2', functionName: 'hashPassword', url: 'file:///srv/app/users.js', line: 8, column: 3 };
    expect(analyseTransactions(runWith({ perWindow: 5, heldMs: 80, queryMs: 10, outsideMs: 68, wait: pbkdf2 })).findings![0]!.explanation).toContain('work in the threadpool (crypto.pbkdf2) from hashPassword');
    const other = { kind: 'mysql', method: 'select * from audit where id = ?', functionName: 'audit', url: 'file:///srv/app/audit.js', line: 4, column: 3 };
    expect(analyseTransactions(runWith({ perWindow: 5, heldMs: 40, queryMs: 10, outsideMs: 28, wait: other })).findings![0]!.explanation).toContain('a query on another MySQL/MariaDB connection (`select * from audit where id = ?`)');
  });

  it('says nothing of a transaction that waits on nothing else, or on something shorter than its own queries or than 5 ms', () => {
    expect(analyseTransactions(runWith({ perWindow: 5, heldMs: 8, queryMs: 7.5, outsideMs: 0 })).findings).toEqual([]);
    expect(analyseTransactions(runWith({ perWindow: 5, heldMs: 30, queryMs: 20, outsideMs: 9 })).findings).toEqual([]);
    expect(analyseTransactions(runWith({ perWindow: 5, heldMs: 6, queryMs: 1, outsideMs: 4 })).findings).toEqual([]);
    // The time outside is counted no more than the transaction was open without a query (waits made together overlap).
    expect(analyseTransactions(runWith({ perWindow: 5, heldMs: 20, queryMs: 12, outsideMs: 40 })).findings).toEqual([]);
  });

  it('says nothing of a run with no transactions, and sums windows per opening line', () => {
    expect(analyseTransactions(syntheticRun({ scenario: 'io' }))).toEqual({ findings: [] });
    const input = runWith({ perWindow: 2, heldMs: 50, queryMs: 6, outsideMs: 42 });
    const [summed] = dbTransactions(input.samples);
    expect(summed).toMatchObject({ functionName: 'placeOrder', count: 2 * input.samples.length, queries: 8 * input.samples.length });
    expect(summed!.outside).toEqual([expect.objectContaining({ functionName: 'chargeCard', count: 2 * input.samples.length })]);
  });
});
