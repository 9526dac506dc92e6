// Requests queueing for a pg Pool of two because each request holds its connection inside a transaction across an
// outbound call (db-cause/db-pg-pool2-tx-gateway.cjs, expectation written in its header before any run), on a real
// PostgreSQL from Debian's packages with the real pg driver. The queries are quick and the connections idle most of
// the time between them: the queue is read from the wait timed at the pool, and its holder is the transaction.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { startDatabase } from '../../helpers/databases.mjs';
import { fixturesDir } from '../target/target-helpers.js';

const app = join(fixturesDir, 'db-cause', 'db-pg-pool2-tx-gateway.cjs');
const lineOf = (text: string) => readFileSync(app, 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;
const out = mkdtempSync(join(tmpdir(), 'checkup-pool-tx-'));
let pg: Awaited<ReturnType<typeof startDatabase>>;

beforeAll(async () => {
  pg = await startDatabase('postgres');
}, 180_000);
afterAll(async () => {
  await pg?.stop();
  rmSync(out, { recursive: true, force: true });
});

interface Finding {
  kind: string;
  severity: string;
  explanation: string;
  culprits: Array<{ functionName: string; line: number; calledFrom?: string }>;
}

describe('a pool of two held by transactions across an outbound call', () => {
  it('is db-pool-exhausted, led by the BEGIN line and the call made inside the transaction', async () => {
    const args = ['run', '--json', '--out', out, '-d', '4', '--warmup', '1', '-c', '10', '--no-heap', '--path', '/book', '--', 'node', app];
    const result = await runCli(args, { PGPORT: String(pg.port) });
    expect(result.code, result.stderr).toBe(0);
    const d = (JSON.parse(result.stdout) as { diagnosis: { verdict: string; findings: Finding[] } }).diagnosis;
    const summary = JSON.stringify(d.findings.map((f) => [f.kind, f.severity, f.culprits[0]?.functionName, f.culprits[0]?.line]));
    expect(d.verdict, summary).toBe('db-pool-exhausted');
    const pool = d.findings.find((f) => f.kind === 'db-pool-exhausted')!;
    expect(pool.culprits[0], summary).toMatchObject({ functionName: 'reserveSeat', line: lineOf("client.query('BEGIN')") });
    expect(pool.culprits[1], summary).toMatchObject({ calledFrom: 'confirmWithGateway', line: lineOf('.get({ host') });
    expect(pool.explanation).toMatch(/transactions? kept open across an outbound HTTP call/);
    // The call's wait is the queue's holder, not a wait of its own to fix first.
    expect(d.findings.find((f) => f.kind === 'io-bound')?.severity ?? 'warning').toBe('warning');
  }, 150_000);
});
