// When requests wait for a database connection, what holds the connections decides the verdict: a slow query or an
// N+1 leads (the queue is their consequence, said in both findings), quick queries on a pool too small make the pool
// the cause. Judged on real runs of the db-cause fixtures (recorded sessions) and on the same figures moved across
// the lines.
import { describe, expect, it } from 'vitest';
import { judge } from '../../../app/diagnosis/judge.js';
import { queuedPools, waitingPools } from '../../../app/diagnosis/db-pool-queue.js';
import type { DbConnections } from '../../../app/diagnosis/db-samples.js';
import { thresholds as T } from '../../../app/diagnosis/thresholds.js';
import { recordedInput } from '../../helpers/recorded-session.js';

const byKind = (d: ReturnType<typeof judge>, kind: string) => d.findings.find((f) => f.kind === kind);

describe('the database root cause behind a queue for a connection', () => {
  it('a single connection in front of a table scan: the scan leads at the app line, the wait is its consequence', () => {
    const d = judge(recordedInput('db-one-conn-scan'));
    expect(d.verdict).toBe('slow-query');
    const lead = byKind(d, 'slow-query')!;
    expect(lead.culprits[0]).toMatchObject({ via: 'searchItems', category: 'app' });
    expect(lead.explanation).toMatch(/wait [\d.]+ ms for the single MySQL\/MariaDB connection because each holds it/);
    const pool = byKind(d, 'db-pool-exhausted');
    expect(pool?.severity).toBe('warning');
    expect(pool?.explanation).toMatch(/consequence of queries that read whole tables/);
  });

  it('one connection shared by quick lookups and a report one request in ten runs: the connection leads, the report is beside it', () => {
    const input = recordedInput('db-shared-conn-report');
    // The median request is quick (the lookups that found the connection free): the queue shows in the mean and tail.
    expect(input.load!.latency.p50).toBeLessThan(T.ioLatencyP50Ms);
    const d = judge(input);
    expect(d.verdict).toBe('db-pool-exhausted');
    expect(byKind(d, 'db-pool-exhausted')!.explanation).toMatch(/All 1 of the app's MySQL\/MariaDB connections were busy/);
    const report = byKind(d, 'slow-query');
    expect(report?.severity).toBe('warning');
    expect(report?.culprits[0]).toMatchObject({ functionName: 'salesByCategory' });
    expect(report?.explanation).toMatch(/runs in \d+ of every 100 requests and holds the single MySQL\/MariaDB connection/);
  });

  it('an N+1 behind a pg pool of one: the N+1 leads, neither the driver hot path nor the pool', () => {
    const d = judge(recordedInput('db-pg-one-nplus1'));
    expect(d.verdict).toBe('n-plus-one');
    expect(byKind(d, 'n-plus-one')!.culprits[0]).toMatchObject({ functionName: 'loadLines' });
    expect(byKind(d, 'hot-path')?.severity).not.toBe('problem');
    expect(byKind(d, 'db-pool-exhausted')?.severity).not.toBe('problem');
  });

  it("an N+1 whose client work fills the loop (a busy machine): the client's hot path is the N+1's consequence", () => {
    const input = recordedInput('db-pg-one-nplus1-busy');
    // The same run's profile, by package (packageCosts; the recording keeps the CPU evidence without them).
    input.cpu!.packages = [
      { name: 'pg-protocol', percent: 43.5, callers: [], consolePercent: 0 },
      { name: 'express', percent: 8.5, callers: [], consolePercent: 0 },
    ];
    const d = judge(input);
    expect(d.verdict).toBe('n-plus-one');
    const hot = byKind(d, 'hot-path');
    expect(hot?.severity).toBe('warning');
    expect(hot?.explanation).toMatch(/consequence of the same query run many times/);
    // The same package's cost without an N+1 to explain it stays a problem.
    const other = judge({ ...input, cpu: { ...input.cpu!, packages: [{ name: 'handlebars', percent: 43.5, callers: [], consolePercent: 0 }] } });
    expect(byKind(other, 'hot-path')?.severity).toBe('problem');
  });

  it('quick queries on a pool of one: the pool is the cause, the loop work beside it a warning', () => {
    const d = judge(recordedInput('db-mysql-pool1-fast'));
    expect(d.verdict).toBe('db-pool-exhausted');
    expect(byKind(d, 'db-pool-exhausted')!.culprits[0]).toMatchObject({ via: 'readStock' });
    expect(byKind(d, 'hot-path')?.severity).toBe('warning');
  });

  it('a right-sized pool reads no database finding', () => {
    const d = judge(recordedInput('db-pg-pool-healthy'));
    expect(d.findings.filter((f) => ['db-pool-exhausted', 'slow-query', 'n-plus-one', 'database-bound'].includes(f.kind) && f.severity === 'problem')).toEqual([]);
  });
});

describe('queuedPools and waitingPools', () => {
  const one = (allBusyShare: number): DbConnections => ({ system: 'mysql', peakOpen: 1, busyShare: allBusyShare, allBusyShare, lost: 0 });
  const figures = { meanLatencyMs: 150, ownWorkMs: 20, loopBusy: 0.4, concurrency: 10, requests: 100 };

  it('the pool is where requests queue when its connections are busier than a loop with idle time', () => {
    expect(queuedPools([one(0.95)], figures)).toHaveLength(1);
    expect(queuedPools([one(T.dbAllBusyShare - 0.01)], figures)).toHaveLength(0);
    expect(queuedPools([one(0.95)], { ...figures, loopBusy: T.dbPoolLoopBusyMax + 0.01 })).toHaveLength(0);
    expect(queuedPools([one(0.9)], { ...figures, loopBusy: 0.84 })).toHaveLength(1);
    expect(queuedPools([one(0.8)], { ...figures, loopBusy: 0.82 })).toHaveLength(0);
    expect(queuedPools([one(0.95)], { ...figures, meanLatencyMs: 39 })).toHaveLength(0);
    expect(queuedPools([one(0.95)], { ...figures, concurrency: 1 })).toHaveLength(0);
    // Slow enough to matter on average: a queue behind a rare long hold keeps the median quick, the mean long.
    expect(queuedPools([one(0.95)], { ...figures, meanLatencyMs: T.ioLatencyP50Ms - 1, ownWorkMs: 5 })).toHaveLength(0);
    expect(queuedPools([one(0.95)], { ...figures, meanLatencyMs: T.ioLatencyP50Ms + 1, ownWorkMs: 5 })).toHaveLength(1);
  });

  it('requests wait behind the connections too when the loop and the connections together fill the time', () => {
    expect(waitingPools([one(0.78)], { ...figures, loopBusy: 0.8 })).toHaveLength(1);
    expect(waitingPools([one(0.78)], { ...figures, loopBusy: 0.2 })).toHaveLength(0);
    expect(waitingPools([one(T.dbQueueMinAllBusy - 0.01)], { ...figures, loopBusy: 0.99 })).toHaveLength(0);
  });
});
