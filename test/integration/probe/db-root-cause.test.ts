// The database's root cause when requests queue for a connection, end to end on real PostgreSQL and MariaDB with the
// real drivers: a single mysql2 connection in front of a table scan, and an N+1 behind a pg Pool of one. The pool's
// wait is real in both, and both are called by what holds the connection, at the app's line that runs the query
// (test/fixtures/targets/db-cause: each fixture's expected verdict is written in its header). Short loads.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { startDatabase } from '../../helpers/databases.mjs';
import { fixturesDir } from '../target/target-helpers.js';

type Db = Awaited<ReturnType<typeof startDatabase>>;
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
  severity: string;
  explanation: string;
  culprits: Array<{ functionName: string; line: number; via?: string; category: string }>;
}

async function run(fixture: string, path: string): Promise<{ verdict: string; findings: Finding[] }> {
  const out = mkdtempSync(join(tmpdir(), 'checkup-dbcause-'));
  const args = ['run', '--json', '--out', out, '-d', '4', '--warmup', '1', '-c', '10', '--no-heap', '--path', path, '--', 'node', join(fixturesDir, 'db-cause', fixture)];
  const result = await runCli(args, env);
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { diagnosis: { verdict: string; findings: Finding[] } }).diagnosis;
}

const summary = (d: { findings: Finding[] }) => JSON.stringify(d.findings.map((f) => [f.kind, f.severity, f.culprits[0]?.functionName, f.culprits[0]?.via]));

describe('what holds the connection requests wait for', () => {
  it("a single mysql2 connection in front of a table scan: the scan leads, at the app's line, the wait its consequence", async () => {
    const d = await run('db-one-conn-scan.cjs', '/search?q=42');
    expect(d.verdict, summary(d)).toBe('slow-query');
    const lead = d.findings.find((f) => f.kind === 'slow-query')!;
    // The query left from the driver's callback, queued behind the one before: its line is still the app's.
    expect(lead.culprits[0], summary(d)).toMatchObject({ category: 'app', via: 'searchItems' });
    expect(lead.explanation).toMatch(/for the single MySQL\/MariaDB connection because each holds it/);
    expect(d.findings.find((f) => f.kind === 'db-pool-exhausted')?.severity ?? 'warning').toBe('warning');
  }, 120_000);

  it('an N+1 behind a pg Pool of one: the N+1 leads, the pool is not the cause', async () => {
    const d = await run('db-pg-one-nplus1.cjs', '/orders');
    expect(d.verdict, summary(d)).toBe('n-plus-one');
    expect(d.findings.find((f) => f.kind === 'n-plus-one')!.culprits[0], summary(d)).toMatchObject({ functionName: 'loadLines' });
    expect(d.findings.find((f) => f.kind === 'db-pool-exhausted')?.severity ?? 'warning').toBe('warning');
  }, 120_000);
});
