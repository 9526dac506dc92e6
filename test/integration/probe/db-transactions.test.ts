// Transactions held across other waits, end to end with real parts: PostgreSQL and MariaDB from Debian's packages,
// the real pg and mysql2 drivers, and `checkup run` loading tx-app.cjs, whose expected findings are written in the
// fixture before any run. A transaction that awaits an HTTP call or a pbkdf2 hash is named by the line that opened
// it and the line of the wait; the same work with the call after COMMIT is not.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { startDatabase } from '../../helpers/databases.mjs';
import { fixturesDir } from '../target/target-helpers.js';

type Db = Awaited<ReturnType<typeof startDatabase>>;
const app = join(fixturesDir, 'databases', 'tx-app.cjs');
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

async function run(mode: string, path: string): Promise<Finding[]> {
  const out = mkdtempSync(join(tmpdir(), 'checkup-tx-'));
  const result = await runCli(['run', '--json', '--out', out, '-d', '3', '--warmup', '1', '-c', '4', '--no-profile', '--no-heap', '--path', path, '--', 'node', app, mode], env);
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { diagnosis: { findings: Finding[] } }).diagnosis.findings;
}

describe('a transaction held across other waits', () => {
  it('names the BEGIN line and the outbound HTTP call made with the transaction open (pg)', async () => {
    const findings = await run('held-http', '/order');
    const finding = findings.find((f) => f.kind === 'db-transaction-held');
    expect(finding, JSON.stringify(findings.map((f) => f.kind))).toBeDefined();
    expect(finding!.culprits[0]).toMatchObject({ functionName: 'placeOrder', line: 49, url: expect.stringContaining('tx-app.cjs') });
    expect(finding!.culprits[1]).toMatchObject({ calledFrom: 'chargeCard', line: 38 });
    expect(finding!.explanation).toMatch(/holds its PostgreSQL connection .* while its 4 queries take .*waits on an outbound HTTP call/);
  }, 180_000);

  it('names beginTransaction and the pbkdf2 hash made with the transaction open (mysql2)', async () => {
    const findings = await run('held-hash', '/signup');
    const finding = findings.find((f) => f.kind === 'db-transaction-held');
    expect(finding, JSON.stringify(findings.map((f) => f.kind))).toBeDefined();
    expect(finding!.culprits[0]).toMatchObject({ functionName: 'openSignup', line: 88 });
    expect(finding!.culprits[1]).toMatchObject({ calledFrom: 'hashPassword', line: 81 });
    expect(finding!.explanation).toContain('work in the threadpool (crypto.pbkdf2)');
  }, 180_000);

  it('says nothing of the same transaction with the call made after COMMIT', async () => {
    const findings = await run('healthy', '/order');
    expect(findings.map((f) => f.kind)).not.toContain('db-transaction-held');
  }, 180_000);
});
