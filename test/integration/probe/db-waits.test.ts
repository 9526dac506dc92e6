// Database waits end to end, with real parts: PostgreSQL, MariaDB and Redis from Debian's packages, the real npm
// drivers (pg, mysql2, ioredis), and `checkup run` loading a small server with one known problem per mode (its
// problems are written down in the fixture, before any run). Short loads: the verdicts are what is asserted, with the
// culprit line, the query shapes, and that no query value reaches the session.
import { readdirSync, readFileSync, statSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli } from '../../helpers/cli.js';
import { startDatabase } from '../../helpers/databases.mjs';
import { fixturesDir } from '../target/target-helpers.js';

type Db = Awaited<ReturnType<typeof startDatabase>>;
const app = join(fixturesDir, 'databases', 'db-app.cjs');
let pg: Db;
let maria: Db;
let redis: Db;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  [pg, maria, redis] = await Promise.all([startDatabase('postgres'), startDatabase('mariadb'), startDatabase('redis')]);
  env = { PGPORT: String(pg.port), MYSQL_PORT: String(maria.port), REDIS_PORT: String(redis.port) };
}, 180_000);
afterAll(async () => {
  await Promise.all([pg, maria, redis].filter(Boolean).map((db) => db.stop()));
});

interface Report {
  diagnosis: {
    verdict: string;
    findings: Array<{ kind: string; title: string; explanation: string; culprits: Array<{ functionName: string; url: string; line: number }> }>;
    requestTime?: { latencyMeanMs: number; waits: Array<{ kind: string; system?: string; msPerRequest: number; callsPerRequest: number }>; queries: Array<{ shape: string; functionName: string; perRequest: number }> };
  };
  session: string;
}

async function run(mode: string, path: string, connections = 4, seconds = 3, exitCode = 0): Promise<{ report: Report; stdout: string; stderr: string }> {
  const out = mkdtempSync(join(tmpdir(), 'checkup-db-'));
  const args = ['run', '--out', out, '-d', String(seconds), '--warmup', '1', '-c', String(connections), '--no-profile', '--no-heap', '--path', path, '--', 'node', app, mode];
  const json = await runCli([...args.slice(0, 1), '--json', ...args.slice(1)], env);
  expect(json.code, json.stderr).toBe(exitCode);
  return { report: JSON.parse(json.stdout) as Report, stdout: json.stdout, stderr: json.stderr };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

const kinds = (r: Report) => r.diagnosis.findings.map((f) => f.kind);
const DB_KINDS = ['n-plus-one', 'slow-query', 'db-pool-exhausted', 'database-bound'];

describe('database waits through checkup run', () => {
  it('says which query MariaDB read without an index, with its line, and not once the column is indexed', async () => {
    const scanned = (await run('table-scan', '/article', 4, 3)).report;
    const finding = scanned.diagnosis.findings.find((f) => f.kind === 'slow-query');
    expect(finding, JSON.stringify(scanned.diagnosis.findings.map((f) => [f.kind, f.title]))).toBeDefined();
    expect(finding!.explanation).toMatch(/without an index/);
    expect(finding!.culprits[0]).toMatchObject({ functionName: 'findArticleBySlug', url: expect.stringContaining('db-app.cjs') });
    const indexed = (await run('table-scan-indexed', '/article', 4, 3)).report;
    expect(kinds(indexed)).not.toContain('slow-query');
    expect(indexed.diagnosis.findings.map((f) => f.explanation).join(' ')).not.toMatch(/without an index/);
  }, 120_000);

  it('names an N+1 and the line that runs it, and keeps every query value out of the session', async () => {
    // 21 queries a request are slow on a busy 2-core machine: a longer load so that enough requests complete.
    const { report } = await run('n-plus-one', '/posts', 4, 6);
    const finding = report.diagnosis.findings.find((f) => f.kind === 'n-plus-one');
    expect(finding, JSON.stringify(report.diagnosis.findings.map((f) => f.title))).toBeDefined();
    expect(finding!.culprits[0]).toMatchObject({ functionName: 'loadComments', url: expect.stringContaining('db-app.cjs') });
    const top = report.diagnosis.requestTime!.queries[0]!;
    expect(top.shape).toBe('select body from comments where post_id = ?');
    expect(top.perRequest).toBeGreaterThan(15);
    expect(report.diagnosis.requestTime!.waits).toContainEqual(expect.objectContaining({ kind: 'database', system: 'postgres' }));
    for (const file of filesUnder(report.session)) expect(readFileSync(file, 'latin1'), file).not.toContain('hunter2');
  }, 180_000);

  it('names a loop of two queries per row although no request finishes within the run', async () => {
    // No successful request is still an error of the run (exit 1, its code), with the diagnosis beside it.
    const { report, stdout, stderr } = await run('n-plus-one-per-row', '/posts', 4, 3, 1);
    expect(stdout + stderr).toContain('CHK_NO_SUCCESSFUL_REQUESTS');
    const finding = report.diagnosis.findings.find((f) => f.kind === 'n-plus-one');
    expect(finding, JSON.stringify(report.diagnosis.findings.map((f) => [f.kind, f.explanation]))).toBeDefined();
    expect(report.diagnosis.verdict).toBe('n-plus-one');
    expect(finding!.explanation).toMatch(/No request finished in the .* measured: the 8 in flight \(the load's 4 and the warm-up's, still running\) are counted/);
    expect(finding!.explanation).toMatch(/2 query shapes again and again/);
    expect(finding!.culprits.slice(0, 2).map((c) => c.functionName).sort()).toEqual(['loadSlowAuthor', 'loadSlowComments']);
  }, 180_000);

  it('names a slow query over a big table without an index', async () => {
    const { report } = await run('slow-query', '/events');
    expect(kinds(report)).toContain('slow-query');
    const finding = report.diagnosis.findings.find((f) => f.kind === 'slow-query')!;
    expect(finding.explanation).toContain('select count(*)::int as n from events where owner = ?');
    expect(finding.culprits[0]!.functionName).toBe('countOwnerEvents');
    // The count reads 300,000 rows in PostgreSQL: its server, on this machine, is found behind the port the app
    // connected to and its CPU read over the measured window (PostgreSQL serves each connection from a process).
    const machine = JSON.parse(readFileSync(join(report.session, 'session.json'), 'utf8')).machine;
    const server = machine.databases.find((d: { system: string }) => d.system === 'postgres');
    expect(server).toMatchObject({ port: pg.port, found: 'listener' });
    expect(server.processes).toBeGreaterThan(1);
    expect(server.cores).toBeGreaterThan(0.05);
  }, 240_000);

  it('tells a pool of one connection from a slow database (mysql2)', async () => {
    const { report } = await run('small-pool', '/report', 8);
    expect(report.diagnosis.verdict).toBe('db-pool-exhausted');
    // First the line that set the pool's size (mysql.createPool with connectionLimit 1), then the query holding it.
    const poolLine = readFileSync(app, 'utf8').split('\n').findIndex((l) => l.includes('connectionLimit: 1 })')) + 1;
    expect(report.diagnosis.findings[0]!.culprits[0]).toMatchObject({ line: poolLine, measure: 'stack' });
    expect(report.diagnosis.findings[0]!.culprits[1]!.functionName).toBe('readReport');
    // The pool's own query() checks out with a callback: the wait for its one connection is timed at the pool, a part
    // of the request's time of its own (8 clients on 1 connection: most of a request).
    const checkout = report.diagnosis.requestTime!.waits.find((w) => w.kind === 'checkout');
    expect(checkout?.system).toBe('mysql');
    expect(checkout!.msPerRequest).toBeGreaterThan(0.3 * report.diagnosis.requestTime!.latencyMeanMs);
  }, 180_000);

  it('tells a write waiting for a row lock from a slow plan: the same row read by the same filter is fast (pg)', async () => {
    const { report } = await run('row-lock', '/ticket', 16, 3);
    const context = JSON.stringify(report.diagnosis.findings.map((f) => [f.kind, f.title]));
    expect(report.diagnosis.verdict, context).toBe('database-bound');
    const lock = report.diagnosis.findings.find((f) => f.title === 'Requests wait for a row lock')!;
    expect(lock.explanation).toMatch(/UPDATE counters SET n = n \+ \? WHERE id = \?/i);
    expect(lock.explanation).toMatch(/reads the same rows of counters \(WHERE id = \?\)/);
    const line = readFileSync(app, 'utf8').split('\n').findIndex((l) => l.includes("'update counters set n = n + 1")) + 1;
    expect(lock.culprits[0]).toMatchObject({ functionName: 'takeNumber', line });
  }, 180_000);

  it("tells a row lock with no read of the row: the PostgreSQL server idles while the updates wait (pg)", async () => {
    const { report } = await run('row-lock-unread', '/ticket', 16, 3);
    const context = JSON.stringify(report.diagnosis.findings.map((f) => [f.kind, f.title]));
    expect(report.diagnosis.verdict, context).toBe('database-bound');
    const lock = report.diagnosis.findings.find((f) => f.title === 'Requests wait for a row lock')!;
    expect(lock.explanation).toMatch(/PostgreSQL server on this machine worked [\d.]+ ms of CPU in all against the writes'/);
    const line = readFileSync(app, 'utf8').split('\n').findIndex((l) => l.includes("'update counters set n = n + 1 where id = $1 returning n'")) + 1;
    expect(lock.culprits[0]).toMatchObject({ functionName: 'takeNumberUnread', line });
  }, 180_000);

  it('finds nothing wrong with one fast Redis read per request, and still accounts for it (ioredis)', async () => {
    const { report } = await run('healthy', '/profile');
    expect(kinds(report).filter((k) => DB_KINDS.includes(k))).toEqual([]);
    const wait = report.diagnosis.requestTime!.waits.find((w) => w.system === 'redis');
    // One GET per request; the queries are summed over the probe's windows in the measured load, which can miss up to
    // one 250 ms window at each end of a 3 s load (up to 17 %): 0.887 was seen under the whole suite.
    expect(wait?.callsPerRequest).toBeGreaterThan(0.8);
    expect(wait?.callsPerRequest).toBeLessThan(1.2);
    expect(report.diagnosis.requestTime!.queries[0]).toMatchObject({ shape: 'GET', functionName: 'readProfile' });
  }, 180_000);

  it('blames the database, not the app, when the database goes away mid-run', async () => {
    const out = mkdtempSync(join(tmpdir(), 'checkup-db-gone-'));
    const { child, done } = startCli(['run', '--json', '--out', out, '-d', '4', '--warmup', '1', '-c', '4', '--no-profile', '--no-heap', '--path', '/posts', '--', 'node', app, 'n-plus-one'], env);
    let stopping: Promise<void> | undefined;
    child.stderr!.on('data', (d: Buffer) => {
      if (!stopping && d.toString().includes('measuring 1/')) stopping = pg.stop();
    });
    const result = await done;
    await stopping;
    expect(result.code, result.stderr + result.stdout.slice(0, 2000)).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    const lost = report.diagnosis.findings.find((f) => f.title === 'The database connection was lost');
    expect(lost, JSON.stringify(report.diagnosis.findings.map((f) => f.title))).toBeDefined();
    expect(report.diagnosis.verdict).not.toBe('target-crashed');
  }, 180_000);
});
