// A query sent from a library's callback after it checked a connection out (TypeORM 0.2's way, later-orm here) is the
// app line's that asked for the connection: real MariaDB, real mysql2 pool, real load. Expected before the run:
// the query's site is loadReport (checkout-site-app.cjs:12), not later-orm's index.js. And a query queued on a single
// connection of the `mysql` package goes out from the driver's callback: its site is listItems
// (mysql-one-connection-app.cjs:12), not mysql's Connection.js.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { startDatabase } from '../../helpers/databases.mjs';
import { fixturesDir } from '../target/target-helpers.js';

let maria: Awaited<ReturnType<typeof startDatabase>>;
beforeAll(async () => {
  maria = await startDatabase('mariadb');
}, 180_000);
afterAll(async () => {
  await maria?.stop();
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
});
