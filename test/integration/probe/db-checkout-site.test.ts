// A query sent from a library's callback after it checked a connection out (TypeORM 0.2's way, later-orm here) is the
// app line's that asked for the connection: real MariaDB, real mysql2 pool, real load. Expected before the run:
// the query's site is loadReport (checkout-site-app.cjs:12), not later-orm's index.js. And a query queued on a single
// connection of the `mysql` package, or on a pg Client used alone, goes out from the driver's callback: its site is
// listItems (mysql-one-connection-app.cjs:12) or readStock (pg-one-client-app.cjs:11), not the driver's file.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { startDatabase } from '../../helpers/databases.mjs';
import { fixturesDir } from '../target/target-helpers.js';

let maria: Awaited<ReturnType<typeof startDatabase>>;
let pg: Awaited<ReturnType<typeof startDatabase>>;
beforeAll(async () => {
  [maria, pg] = await Promise.all([startDatabase('mariadb'), startDatabase('postgres')]);
}, 180_000);
afterAll(async () => {
  await Promise.all([maria?.stop(), pg?.stop()]);
});

interface Report {
  diagnosis: { requestTime?: { queries: Array<{ shape: string; functionName: string; url: string; line: number; calledFrom?: string }> } };
}

describe('a query sent after the checkout, from a library callback', () => {
  it("is charged to the app line that checked the connection out", async () => {
    const out = mkdtempSync(join(tmpdir(), 'checkup-checkout-site-'));
    const app = join(fixturesDir, 'databases', 'checkout-site-app.cjs');
    const r = await runCli(['run', '--json', '--out', out, '-d', '2', '--warmup', '1', '-c', '8', '--no-profile', '--no-heap', '--path', '/report', '--', 'node', app], { MYSQL_PORT: String(maria.port) });
    expect(r.code, r.stderr).toBe(0);
    const queries = (JSON.parse(r.stdout) as Report).diagnosis.requestTime!.queries;
    const report = queries.find((q) => q.shape.startsWith('select ? as ok'));
    expect(report, JSON.stringify(queries)).toBeDefined();
    expect(report).toMatchObject({ functionName: 'loadReport', line: 12, url: expect.stringContaining('checkout-site-app.cjs') });
  }, 120_000);

  it("a query queued on mysql's single connection is charged to the app line that asked", async () => {
    const out = mkdtempSync(join(tmpdir(), 'checkup-mysql-queued-site-'));
    const app = join(fixturesDir, 'databases', 'mysql-one-connection-app.cjs');
    const r = await runCli(['run', '--json', '--out', out, '-d', '2', '--warmup', '1', '-c', '8', '--no-profile', '--no-heap', '--path', '/items', '--', 'node', app], { MYSQL_PORT: String(maria.port) });
    expect(r.code, r.stderr).toBe(0);
    const queries = (JSON.parse(r.stdout) as Report).diagnosis.requestTime!.queries;
    const items = queries.find((q) => q.shape.startsWith('select ? as ok'));
    expect(items, JSON.stringify(queries)).toBeDefined();
    expect(items).toMatchObject({ functionName: 'listItems', line: 12, url: expect.stringContaining('mysql-one-connection-app.cjs') });
  }, 120_000);

  it('a query queued on a pg Client used alone is charged to the app line that asked', async () => {
    const out = mkdtempSync(join(tmpdir(), 'checkup-pg-queued-site-'));
    const app = join(fixturesDir, 'databases', 'pg-one-client-app.cjs');
    const r = await runCli(['run', '--json', '--out', out, '-d', '2', '--warmup', '1', '-c', '8', '--no-profile', '--no-heap', '--path', '/stock', '--', 'node', app], { PGPORT: String(pg.port) });
    expect(r.code, r.stderr).toBe(0);
    const queries = (JSON.parse(r.stdout) as Report).diagnosis.requestTime!.queries;
    const stock = queries.find((q) => q.shape.startsWith('select $1 as ok') || q.shape.startsWith('select ? as ok') || q.shape.startsWith('select 1 as ok'));
    expect(stock, JSON.stringify(queries)).toBeDefined();
    expect(stock).toMatchObject({ functionName: 'readStock', line: 11, url: expect.stringContaining('pg-one-client-app.cjs') });
  }, 120_000);
});
