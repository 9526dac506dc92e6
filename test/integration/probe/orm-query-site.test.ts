// A query an ORM sends after awaits of its own (Sequelize's hooks and pool, knex's builder run when awaited), made
// through the app's repository helper that returns the ORM's promise without awaiting it: the query's line is the
// helper's, where the app called the ORM (real Sequelize 6 and knex 3 on a real PostgreSQL, real load).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { startDatabase } from '../../helpers/databases.mjs';
import { fixturesDir } from '../target/target-helpers.js';

const app = join(fixturesDir, 'databases', 'orm-helper-site-app.cjs');
let pg: Awaited<ReturnType<typeof startDatabase>>;

beforeAll(async () => {
  pg = await startDatabase('postgres');
}, 180_000);
afterAll(async () => {
  await pg?.stop();
});

/** The fixture's line (1-based) holding `text`. */
const lineOf = (text: string): number => readFileSync(app, 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;

describe("an ORM's query made through the app's helper", () => {
  it.each([
    ['sequelize', '/parcel', 'findParcel', 'return Parcel.findAll('],
    ['knex', '/invoices', 'findInvoices', "return knex('site_invoices')"],
  ])('%s: charged to the helper that called the ORM', async (mode, path, functionName, text) => {
    const out = mkdtempSync(join(tmpdir(), 'checkup-orm-site-'));
    const r = await runCli(['run', '--json', '--out', out, '-d', '2', '--warmup', '1', '-c', '4', '--no-profile', '--no-heap', '--path', path, '--', 'node', app, mode], { PGPORT: String(pg.port) });
    expect(r.code, r.stderr).toBe(0);
    const queries = (JSON.parse(r.stdout) as { diagnosis: { requestTime?: { queries: Array<{ shape: string; functionName: string; url: string; line: number }> } } }).diagnosis.requestTime!.queries;
    const query = queries.find((q) => /site_(parcels|invoices)/.test(q.shape) && /^select/i.test(q.shape));
    expect(query, JSON.stringify(queries)).toBeDefined();
    expect(query).toMatchObject({ functionName, line: lineOf(text), url: expect.stringContaining('orm-helper-site-app.cjs') });
  }, 120_000);
});
