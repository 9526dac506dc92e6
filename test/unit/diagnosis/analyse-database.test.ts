// The database findings on synthetic windows whose truth is known: the figures are set, the verdict must follow, and
// the same figures just short of a line must not.
import { describe, expect, it } from 'vitest';
import { analyseDatabase, poolAdvice } from '../../../app/diagnosis/analyse-database.js';
import type { DiagnosisInput } from '../../../app/diagnosis/input.js';
import { judge } from '../../../app/diagnosis/judge.js';
import { syntheticRun } from '../../helpers/synthetic-run.js';
import { driver, runWith } from '../../helpers/db-run.js';

const kinds = (input: DiagnosisInput) => (analyseDatabase(input).findings ?? []).map((f) => f.kind);

describe('analyseDatabase', () => {
  it('says nothing of a run with no database', () => {
    expect(analyseDatabase(syntheticRun({ scenario: 'io' }))).toEqual({ findings: [] });
  });

  it('names an N+1 by its shape and the app line, not the driver, and not a query run twice', () => {
    const nPlusOne = runWith({ requests: 500, latencyMs: 60, queries: [{ shape: 'select body from comments where post_id = ?', perRequest: 20, meanMs: 2.5 }, { ...driver, shape: 'select body from comments where post_id = ?', perRequest: 0.1, meanMs: 2.5 }] });
    const finding = analyseDatabase(nPlusOne).findings![0]!;
    expect(finding.kind).toBe('n-plus-one');
    expect(finding.culprits[0]).toMatchObject({ functionName: 'loadComments', line: 32 });
    expect(finding.explanation).toContain('select body from comments where post_id = ?');
    expect(kinds(runWith({ requests: 500, latencyMs: 60, queries: [{ perRequest: 2, meanMs: 20 }] }))).not.toContain('n-plus-one');
    // Twenty runs made together (the latency holds only two of them) are not one after another.
    expect(kinds(runWith({ requests: 500, latencyMs: 6, queries: [{ perRequest: 20, meanMs: 3 }] }))).not.toContain('n-plus-one');
  });

  it('counts a loop that runs several shapes per row as one N+1, and not shapes that are each run once', () => {
    // A list of 20 articles, each with its tags, author and favourite count fetched on its own: no shape alone holds a
    // third of the request, together they hold 60 %.
    const perRow = ['tags', 'author', 'favourites'].map((t, i) => ({ shape: `select * from ${t} where article_id = ?`, line: 40 + i, perRequest: 20, meanMs: 2 }));
    const finding = analyseDatabase(runWith({ requests: 300, latencyMs: 200, queries: perRow })).findings![0]!;
    expect(finding.kind).toBe('n-plus-one');
    expect(finding.explanation).toMatch(/3 query shapes again and again, 60 queries in all/);
    expect(finding.culprits.map((c) => c.line).sort()).toEqual([40, 41, 42]);
    const onceEach = ['a', 'b', 'c', 'd'].map((t) => ({ shape: `select * from ${t}`, perRequest: 1, meanMs: 30 }));
    expect(kinds(runWith({ requests: 300, latencyMs: 200, queries: onceEach }))).not.toContain('n-plus-one');
  });

  it('judges requests slower than the run: none finished, every connection held one, the queries they ran are counted', () => {
    const input = runWith({ requests: 0, latencyMs: 0, concurrency: 10, queries: [{ shape: 'select * from tags where article_id = ?', perRequest: 0, meanMs: 60 }] });
    // 10 requests in flight over the windows' span ran queries of 60 ms holding 60 % of their time.
    const spanMs = input.samples.reduce((n, s) => n + s.windowMs, 0);
    const perWindowMs = (0.6 * 10 * spanMs) / input.samples.length;
    const withQueries = { ...input, load: { ...input.load!, durationSec: 10, errors: 0, timeouts: 0 }, samples: input.samples.map((s) => ({ ...s, db: { ...s.db!, queries: s.db!.queries.map((q) => ({ ...q, count: perWindowMs / 60, totalMs: perWindowMs })) } })) };
    const finding = analyseDatabase(withQueries).findings![0]!;
    expect(finding.kind).toBe('n-plus-one');
    expect(finding.explanation).toMatch(/No request finished in the [\d.]+ s measured: the 10 in flight are counted/);
    expect(finding.explanation).toMatch(/60 % of the request's time/);
    expect(judge(withQueries).verdict).toBe('n-plus-one');
    // The same run with failures, or with no load in flight, is not judged this way.
    expect(analyseDatabase({ ...withQueries, load: { ...withQueries.load, errors: 5 } }).insufficient).toBeDefined();
    expect(analyseDatabase({ ...withQueries, concurrency: undefined }).insufficient).toBeDefined();
  });

  it('makes a slow query run once per row the N+1, the slow query a warning beside it', () => {
    const perRow = runWith({ requests: 60, latencyMs: 3200, queries: [{ shape: 'select * from comments where post_id = ?', perRequest: 20, meanMs: 150 }] });
    const found = analyseDatabase(perRow).findings!;
    expect(found.find((f) => f.kind === 'n-plus-one')?.severity).toBe('problem');
    expect(found.find((f) => f.kind === 'slow-query')?.severity).toBe('warning');
    expect(judge(perRow).verdict).toBe('n-plus-one');
  });

  it("judges an N+1 behind a busy pool by the time a request was served, its wait for a connection aside", () => {
    // 20 runs of 2.5 ms per request: 50 ms of a 200 ms request, of which 120 ms waiting for a pooled connection.
    const queries = [{ shape: 'select body from comments where post_id = ?', perRequest: 20, meanMs: 2.5 }];
    expect(kinds(runWith({ requests: 300, latencyMs: 200, queries }))).not.toContain('n-plus-one');
    const finding = analyseDatabase(runWith({ requests: 300, latencyMs: 200, queries, checkoutWaitMsPerRequest: 120 })).findings!.find((f) => f.kind === 'n-plus-one')!;
    expect(finding.explanation).toMatch(/62.5 % of the request's time/);
    expect(finding.explanation).toMatch(/Shares are of the 80 ms a request was served, its 120 ms wait for a pooled connection/);
    // A wait measured longer than the request (a busy loop delaying the pool's answer) never leaves less than the
    // request's own queries and loop work.
    expect(kinds(runWith({ requests: 300, latencyMs: 200, queries, checkoutWaitMsPerRequest: 400 }))).toContain('n-plus-one');
  });

  it('names queries MySQL read without an index by their share of the request, below the slow-query line too', () => {
    const bySlug = { system: 'mysql' as const, shape: 'select * from articles where slug = ?', perRequest: 1 };
    const author = { system: 'mysql' as const, shape: 'select name from authors where id = ?', line: 50, perRequest: 1, meanMs: 1 };
    const scanned = runWith({ requests: 300, latencyMs: 30, queries: [{ ...bySlug, meanMs: 15, noIndexShare: 1 }, author] });
    const finding = analyseDatabase(scanned).findings!.find((f) => f.kind === 'slow-query')!;
    expect(finding).toMatchObject({ title: 'Queries read whole tables', severity: 'problem' });
    expect(finding.explanation).toMatch(/read its table without an index on 300 of its 300 runs/);
    expect(finding.culprits[0]).toMatchObject({ functionName: 'loadComments', line: 32 });
    expect(judge(scanned).verdict).toBe('slow-query');
    // Requests too quick to matter: a warning.
    expect(analyseDatabase(runWith({ requests: 300, latencyMs: 12, queries: [{ ...bySlug, meanMs: 6, noIndexShare: 1 }, author] })).findings!.find((f) => f.kind === 'slow-query')?.severity).toBe('warning');
    // Not: the same query indexed, flagged on few of its runs, a small part of the request, or a read of a whole table.
    expect(kinds(runWith({ requests: 300, latencyMs: 30, queries: [{ ...bySlug, meanMs: 15 }, author] }))).not.toContain('slow-query');
    expect(kinds(runWith({ requests: 300, latencyMs: 30, queries: [{ ...bySlug, meanMs: 15, noIndexShare: 0.25 }, author] }))).not.toContain('slow-query');
    // A small part of the request: said as a warning when it is the slowest query the request runs (it grows with the
    // table), and not at all when another query is slower.
    expect(analyseDatabase(runWith({ requests: 300, latencyMs: 30, queries: [{ ...bySlug, meanMs: 5, noIndexShare: 1 }, author] })).findings!.find((f) => f.kind === 'slow-query')?.severity).toBe('warning');
    expect(judge(runWith({ requests: 300, latencyMs: 30, queries: [{ ...bySlug, meanMs: 5, noIndexShare: 1 }, author] })).verdict).not.toBe('slow-query');
    expect(kinds(runWith({ requests: 300, latencyMs: 30, queries: [{ ...bySlug, meanMs: 5, noIndexShare: 1 }, { ...author, meanMs: 8 }] }))).not.toContain('slow-query');
    expect(kinds(runWith({ requests: 300, latencyMs: 30, queries: [{ ...bySlug, shape: 'select name from tags', meanMs: 15, noIndexShare: 1 }, author] }))).not.toContain('slow-query');
  });

  it('names a slow query, and not a fast one', () => {
    expect(kinds(runWith({ requests: 200, latencyMs: 160, queries: [{ perRequest: 1, meanMs: 150 }] }))).toContain('slow-query');
    expect(kinds(runWith({ requests: 200, latencyMs: 45, queries: [{ perRequest: 1, meanMs: 40 }] }))).not.toContain('slow-query');
  });

  it('tells a pool too small (every connection busy, requests far longer than their queries) from a busy one', () => {
    const small = { requests: 300, latencyMs: 80, queries: [{ perRequest: 1, meanMs: 18 }], peakOpen: 1, concurrency: 8 };
    expect(kinds(runWith({ ...small, allBusyShare: 0.95 }))).toContain('db-pool-exhausted');
    expect(kinds(runWith({ ...small, allBusyShare: 0.5 }))).not.toContain('db-pool-exhausted');
    expect(kinds(runWith({ ...small, allBusyShare: 0.95, latencyMs: 25 }))).not.toContain('db-pool-exhausted');
    expect(kinds(runWith({ ...small, allBusyShare: 0.95, concurrency: 1 }))).not.toContain('db-pool-exhausted');
  });

  it("advises from the pool's real size when the driver showed it", () => {
    const small = { requests: 300, latencyMs: 80, queries: [{ perRequest: 1, meanMs: 18 }], peakOpen: 1, concurrency: 8, allBusyShare: 0.95 };
    const finding = analyseDatabase(runWith({ ...small, poolSize: 1 })).findings!.find((f) => f.kind === 'db-pool-exhausted')!;
    expect(finding.explanation).toContain("The pool holds 1 connection (pg's `max`, as the app set it)");
    expect(finding.explanation).toMatch(/try a pool of [2-8] /);
    expect(finding.evidence).toContainEqual(expect.objectContaining({ value: 1, unit: 'connections', label: "The pool's size, as the app set it" }));
    // Not read: the advice stays general, and no size is invented.
    const unread = analyseDatabase(runWith(small)).findings!.find((f) => f.kind === 'db-pool-exhausted')!;
    expect(unread.explanation).not.toContain('The pool holds');
    expect(unread.explanation).toContain('A larger pool');
  });

  it("sizes the advice by Little's law: requests in flight times the share of their time in queries", () => {
    expect(poolAdvice('mysql', 2, 2, 10, 50, 100)).toContain('about 5 would be in use at once');
    expect(poolAdvice('mysql', 2, 2, 10, 100, 100)).toContain('try a pool of 10 ');
    // A pool already larger than the load needs: the queries, not the size, are the lever.
    expect(poolAdvice('postgres', 10, 10, 10, 5, 100)).not.toContain('try a pool');
    expect(poolAdvice('postgres', 16, 4, undefined, 5, 100)).toContain('may open 16 connections');
  });

  it("names the setting the size was read from: the ORM's own, or each of several pools'", () => {
    expect(poolAdvice('postgres', 2, 2, 10, 100, 100, ["Sequelize's `pool.max`"])).toContain("(Sequelize's `pool.max`, as the app set it)");
    expect(poolAdvice('postgres', 12, 4, 10, 100, 100, ["pg's `max`", "knex's `pool.max`"])).toContain("(pg's `max` + knex's `pool.max`, as the app set it)");
    expect(poolAdvice('mysql', 2, 2, 10, 100, 100)).toContain('(`connectionLimit`, as the app set it)');
  });

  it('says requests wait on the database rather than calling an idle app healthy', () => {
    const waiting = runWith({ requests: 300, latencyMs: 40, queries: [{ perRequest: 3, meanMs: 10 }] });
    expect(kinds(waiting)).toEqual(['database-bound']);
    const diagnosis = judge(waiting);
    expect(diagnosis.verdict).toBe('database-bound');
    expect(diagnosis.findings.map((f) => f.kind)).not.toContain('io-bound');
    expect(diagnosis.requestTime?.waits).toContainEqual(expect.objectContaining({ kind: 'database', system: 'postgres', callsPerRequest: 3 }));
  });

  it('blames the database for the failures when it closed the connections', () => {
    const gone = runWith({ requests: 300, latencyMs: 10, queries: [{ perRequest: 3, meanMs: 1 }], lost: 4, failed: 200 });
    const diagnosis = judge(gone);
    expect(diagnosis.findings.find((f) => f.title === 'The database connection was lost')?.severity).toBe('problem');
    expect(kinds(runWith({ requests: 300, latencyMs: 10, queries: [{ perRequest: 3, meanMs: 1 }], lost: 4 }))).toEqual([]);
  });
});
