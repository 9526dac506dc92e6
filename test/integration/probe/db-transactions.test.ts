// Transactions held across other waits, end to end with real parts: PostgreSQL and MariaDB from Debian's packages,
// the real pg and mysql2 drivers, and `checkup run` loading tx-app.cjs, whose expected findings are written in the
// fixture before any run. A transaction that awaits an HTTP call or a pbkdf2 hash is named by the line that opened
// it and the line of the wait; the same work with the call after COMMIT is not.
// The ORMs' own pools, with the same servers: the real npm Sequelize 6 (sequelize-pool 7), knex 3 (tarn 3, over mysql2)
// and a pg Pool's connect() (TypeORM's way of querying), each pool of two connections loaded at 10 requests in flight
// (orm-pool-app.cjs). The expected findings are written in the fixture before any run: a pool exhausted, its size
// read from the ORM's own setting, and the wait for a connection timed at the pool itself.
// The database's root cause when requests queue for a connection, with the same servers: a single mysql2 connection
// in front of a table scan, and an N+1 behind a pg Pool of one. The pool's wait is real in both, and both are called
// by what holds the connection, at the app's line that runs the query (test/fixtures/targets/db-cause: each fixture's
// expected verdict is written in its header). Short loads.
// And a query sent from a library's callback after it checked a connection out (TypeORM 0.2's way, later-orm here), on
// the same MariaDB: it is the app line's that asked for the connection. Expected before the run: the query's site is
// loadReport (checkout-site-app.cjs:12), not later-orm's index.js. And a query queued on a single connection of the
// `mysql` package, or on a pg Client used alone, goes out from the driver's callback: its site is listItems
// (mysql-one-connection-app.cjs:12) or readStock (pg-one-client-app.cjs:11), not the driver's file.
// All of them share one start of each database server (started once for this file, stopped after it): their apps'
// tables and databases have names of their own (txapp, dbcause, np_*; the checkout-site app creates none), so none
// sees another's rows.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { startDatabase } from '../../helpers/databases.mjs';
import { fixturesDir } from '../target/target-helpers.js';

type Db = Awaited<ReturnType<typeof startDatabase>>;
const app = join(fixturesDir, 'databases', 'tx-app.cjs');
const poolApp = join(fixturesDir, 'databases', 'orm-pool-app.cjs');
/** The fixture's line (1-based) holding `text`: the expected culprits are read from the app, not written twice. */
const lineOf = (text: string) => readFileSync(app, 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;
let pg: Db;
let maria: Db;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  [pg, maria] = await Promise.all([startDatabase('postgres'), startDatabase('mariadb')]);
  env = { PGPORT: String(pg.port), MYSQL_PORT: String(maria.port) };
}, 180_000);
afterAll(async () => {
  await Promise.all([pg, maria].filter(Boolean).map((db) => db.stop()));
});

interface Finding {
  kind: string;
  explanation: string;
  culprits: Array<{ functionName: string; url: string; line: number; calledFrom?: string }>;
}

interface Routes {
  routes?: Array<{ route: string; waits: Array<{ kind: string; system?: string; callsPerRequest: number }> }>;
}

async function runJson(mode: string, paths: string[]): Promise<{ findings: Finding[]; requestTime?: Routes }> {
  const out = mkdtempSync(join(tmpdir(), 'checkup-tx-'));
  const result = await runCli(['run', '--json', '--out', out, '-d', '3', '--warmup', '1', '-c', '4', '--no-profile', '--no-heap', ...paths.flatMap((p) => ['--path', p]), '--', 'node', app, mode], env);
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { diagnosis: { findings: Finding[]; requestTime?: Routes } }).diagnosis;
}

const run = async (mode: string, path: string): Promise<Finding[]> => (await runJson(mode, [path])).findings;

/**
 * The held-http app's one run, read by the two tests below. Every path of the app runs the same handler (placeOrder),
 * so a load over /order and /order/again holds the transaction as a load over /order alone does, and gives the
 * per-route split its two routes: one run where there were two, made by the first test that asks.
 */
let heldHttp: ReturnType<typeof runJson> | undefined;
const heldHttpRun = () => (heldHttp ??= runJson('held-http', ['/order', '/order/again']));

describe('a transaction held across other waits', () => {
  it('names the BEGIN line and the outbound HTTP call made with the transaction open (pg)', async () => {
    const { findings } = await heldHttpRun();
    const finding = findings.find((f) => f.kind === 'db-transaction-held');
    expect(finding, JSON.stringify(findings.map((f) => f.kind))).toBeDefined();
    expect(finding!.culprits[0]).toMatchObject({ functionName: 'placeOrder', line: lineOf("await client.query('BEGIN')"), url: expect.stringContaining('tx-app.cjs') });
    expect(finding!.culprits[1]).toMatchObject({ calledFrom: 'chargeCard', line: lineOf('.get({ host') });
    expect(finding!.explanation).toMatch(/holds its PostgreSQL connection .* while its 4 queries take .*waits on an outbound HTTP call/);
  }, 180_000);

  it('splits the waits by route: each route its database queries, its outbound HTTP call and its pool checkouts', async () => {
    const routes = (await heldHttpRun()).requestTime?.routes ?? [];
    // The app's payment service runs in the same process: its /charge route answers after a 40 ms timer.
    expect(routes.map((r) => r.route).sort(), JSON.stringify(routes)).toEqual(['GET /charge', 'GET /order', 'GET /order/again']);
    expect(routes.find((r) => r.route === 'GET /charge')!.waits).toEqual([expect.objectContaining({ kind: 'timer', callsPerRequest: 1 })]);
    for (const r of routes.filter((x) => x.route !== 'GET /charge')) {
      // One charge per order, four queries in its transaction, one connection checked out of pg's pool per order.
      expect(r.waits.find((w) => w.kind === 'http')?.callsPerRequest).toBeCloseTo(1, 0);
      expect(r.waits.find((w) => w.kind === 'database' && w.system === 'postgres')?.callsPerRequest).toBeCloseTo(4, 0);
      expect(r.waits.find((w) => w.kind === 'checkout')?.callsPerRequest).toBeCloseTo(1, 0);
    }
  }, 180_000);

  it('names beginTransaction and the pbkdf2 hash made with the transaction open (mysql2)', async () => {
    const findings = await run('held-hash', '/signup');
    const finding = findings.find((f) => f.kind === 'db-transaction-held');
    expect(finding, JSON.stringify(findings.map((f) => f.kind))).toBeDefined();
    expect(finding!.culprits[0]).toMatchObject({ functionName: 'openSignup', line: lineOf('await conn.beginTransaction()') });
    expect(finding!.culprits[1]).toMatchObject({ calledFrom: 'hashPassword', line: lineOf('crypto.pbkdf2(password') });
    expect(finding!.explanation).toContain('work in the threadpool (crypto.pbkdf2)');
  }, 180_000);

  it('says nothing of the same transaction with the call made after COMMIT', async () => {
    const findings = await run('healthy', '/order');
    expect(findings.map((f) => f.kind)).not.toContain('db-transaction-held');
  }, 180_000);
});

describe('transactions opened by an ORM', () => {
  it('names sequelize.transaction() and the timer awaited inside it (Sequelize on PostgreSQL)', async () => {
    const findings = await run('sequelize', '/order');
    const finding = findings.find((f) => f.kind === 'db-transaction-held');
    expect(finding, JSON.stringify(findings.map((f) => f.kind))).toBeDefined();
    expect(finding!.culprits[0]).toMatchObject({ functionName: 'placeOrderSequelize', line: lineOf('await sequelize.transaction('), url: expect.stringContaining('tx-app.cjs') });
    expect(finding!.culprits[1]).toMatchObject({ functionName: 'awaitFraudCheck' });
    expect(finding!.explanation).toContain('waits on a timer');
  }, 180_000);

  it('names knex.transaction() and the pbkdf2 hash awaited inside it (knex on MariaDB)', async () => {
    const findings = await run('knex', '/signup');
    const finding = findings.find((f) => f.kind === 'db-transaction-held');
    expect(finding, JSON.stringify(findings.map((f) => f.kind))).toBeDefined();
    expect(finding!.culprits[0]).toMatchObject({ functionName: 'openSignupKnex', line: lineOf('await knex.transaction(') });
    expect(finding!.culprits[1]).toMatchObject({ calledFrom: 'hashPassword' });
  }, 180_000);
});

interface Report {
  diagnosis: {
    findings: Array<{ kind: string; explanation: string; evidence: Array<{ label: string; value: number }>; culprits: Array<{ functionName: string; url: string; line: number; measure: string; role?: string }> }>;
    requestTime?: {
      latencyMeanMs: number;
      waits: Array<{ kind: string; system?: string; msPerRequest: number }>;
      connections: Array<{ system: string; peakOpen: number; poolSize?: number; poolSettings?: string[]; poolMadeAt?: { url: string; line: number }; checkoutWaitMsPerRequest?: number }>;
    };
  };
}

async function runPool(mode: string): Promise<Report> {
  const out = mkdtempSync(join(tmpdir(), 'checkup-orm-pool-'));
  const json = await runCli(['run', '--json', '--out', out, '-d', '3', '--warmup', '1', '-c', '10', '--no-profile', '--no-heap', '--path', '/report', '--', 'node', poolApp, mode], env);
  expect(json.code, json.stderr).toBe(0);
  return JSON.parse(json.stdout) as Report;
}

describe("the ORMs' own pools through checkup run", () => {
  // The line that made each pool (where its size is set), found in the fixture by its text.
  const poolLineOf = (text: string) => readFileSync(poolApp, 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;
  for (const [mode, system, setting, madeBy] of [
    ['sequelize', 'postgres', "Sequelize's `pool.max`", 'new Sequelize('],
    ['knex', 'mysql', "knex's `pool.max`", "require('knex')("],
    ['checkout', 'postgres', "pg's `max`", 'new Pool('],
  ] as const) {
    it(`${mode}: names the pool of 2 by its own setting, at the line that made it, and times the wait for a connection at the pool`, async () => {
      const report = await runPool(mode);
      const finding = report.diagnosis.findings.find((f) => f.kind === 'db-pool-exhausted');
      expect(finding, JSON.stringify(report.diagnosis.findings.map((f) => f.kind))).toBeDefined();
      expect(finding!.explanation).toContain(`The pool holds 2 connections (${setting}, as the app set it at `);
      expect(finding!.explanation).toContain(`orm-pool-app.cjs:${poolLineOf(madeBy)}), all of them open`);
      expect(finding!.explanation).toContain('Timed at the pool');
      expect(finding!.culprits[0]).toMatchObject({ line: poolLineOf(madeBy), measure: 'stack', role: `makes the pool and sets its size (${setting.replace(/`/g, '')})` });
      expect(finding!.culprits[0]!.url).toMatch(/orm-pool-app\.cjs$/);
      expect(finding!.culprits[1]?.functionName).toMatch(/^readReport/);
      const conn = report.diagnosis.requestTime!.connections.find((c) => c.system === system)!;
      expect(conn.poolSize).toBe(2);
      expect(conn.poolSettings).toEqual([setting]);
      expect(conn.poolMadeAt?.line).toBe(poolLineOf(madeBy));
      // Ten requests share two connections, each holding one for a 20 ms query: most of a request is the wait for one,
      // several times the query's own time, and less than the whole latency.
      const query = report.diagnosis.requestTime!.waits.find((w) => w.system === system)!.msPerRequest;
      expect(conn.checkoutWaitMsPerRequest).toBeGreaterThan(2 * query);
      expect(conn.checkoutWaitMsPerRequest).toBeLessThan(report.diagnosis.requestTime!.latencyMeanMs * 1.1);
    }, 90_000);
  }
});

interface CauseFinding {
  kind: string;
  severity: string;
  explanation: string;
  culprits: Array<{ functionName: string; line: number; via?: string; category: string }>;
}

async function runCause(fixture: string, path: string): Promise<{ verdict: string; findings: CauseFinding[] }> {
  const out = mkdtempSync(join(tmpdir(), 'checkup-dbcause-'));
  const args = ['run', '--json', '--out', out, '-d', '4', '--warmup', '1', '-c', '10', '--no-heap', '--path', path, '--', 'node', join(fixturesDir, 'db-cause', fixture)];
  const result = await runCli(args, env);
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { diagnosis: { verdict: string; findings: CauseFinding[] } }).diagnosis;
}

const summary = (d: { findings: CauseFinding[] }) => JSON.stringify(d.findings.map((f) => [f.kind, f.severity, f.culprits[0]?.functionName, f.culprits[0]?.via]));

describe('what holds the connection requests wait for', () => {
  it("a single mysql2 connection in front of a table scan: the scan leads, at the app's line, the wait its consequence", async () => {
    const d = await runCause('db-one-conn-scan.cjs', '/search?q=42');
    expect(d.verdict, summary(d)).toBe('slow-query');
    const lead = d.findings.find((f) => f.kind === 'slow-query')!;
    // The query left from the driver's callback, queued behind the one before: its line is still the app's.
    expect(lead.culprits[0], summary(d)).toMatchObject({ category: 'app', via: 'searchItems' });
    expect(lead.explanation).toMatch(/for the single MySQL\/MariaDB connection because each holds it/);
    expect(d.findings.find((f) => f.kind === 'db-pool-exhausted')?.severity ?? 'warning').toBe('warning');
  }, 120_000);

  it('an N+1 behind a pg Pool of one: the N+1 leads, the pool is not the cause', async () => {
    const d = await runCause('db-pg-one-nplus1.cjs', '/orders');
    expect(d.verdict, summary(d)).toBe('n-plus-one');
    expect(d.findings.find((f) => f.kind === 'n-plus-one')!.culprits[0], summary(d)).toMatchObject({ functionName: 'loadLines' });
    expect(d.findings.find((f) => f.kind === 'db-pool-exhausted')?.severity ?? 'warning').toBe('warning');
  }, 120_000);
});

describe('a query sent after the checkout, from a library callback', () => {
  it('is charged to the app line that checked the connection out', async () => {
    const out = mkdtempSync(join(tmpdir(), 'checkup-checkout-site-'));
    const siteApp = join(fixturesDir, 'databases', 'checkout-site-app.cjs');
    const r = await runCli(['run', '--json', '--out', out, '-d', '2', '--warmup', '1', '-c', '8', '--no-profile', '--no-heap', '--path', '/report', '--', 'node', siteApp], env);
    expect(r.code, r.stderr).toBe(0);
    const queries = (JSON.parse(r.stdout) as { diagnosis: { requestTime?: { queries: Array<{ shape: string; functionName: string; url: string; line: number }> } } }).diagnosis.requestTime!.queries;
    const report = queries.find((q) => q.shape.startsWith('select ? as ok'));
    expect(report, JSON.stringify(queries)).toBeDefined();
    expect(report).toMatchObject({ functionName: 'loadReport', line: 12, url: expect.stringContaining('checkout-site-app.cjs') });
  }, 120_000);

  // A single connection's queue: the query goes out later, from the driver's callback for the one before it.
  it.each([
    ['mysql package connection', 'mysql-one-connection-app.cjs', '/items', 'listItems', 12],
    ['pg Client used alone', 'pg-one-client-app.cjs', '/stock', 'readStock', 11],
  ])('a query queued on a %s is charged to the app line that asked', async (_what, file, path, functionName, line) => {
    const out = mkdtempSync(join(tmpdir(), 'checkup-queued-site-'));
    const r = await runCli(['run', '--json', '--out', out, '-d', '2', '--warmup', '1', '-c', '8', '--no-profile', '--no-heap', '--path', path, '--', 'node', join(fixturesDir, 'databases', file)], env);
    expect(r.code, r.stderr).toBe(0);
    const queries = (JSON.parse(r.stdout) as { diagnosis: { requestTime?: { queries: Array<{ shape: string; functionName: string; url: string; line: number }> } } }).diagnosis.requestTime!.queries;
    const query = queries.find((q) => /^select (\?|\$1|1) as ok/.test(q.shape));
    expect(query, JSON.stringify(queries)).toBeDefined();
    expect(query).toMatchObject({ functionName, line, url: expect.stringContaining(file) });
  }, 120_000);
});
