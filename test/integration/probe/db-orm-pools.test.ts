// The ORMs' own pools, with real parts: PostgreSQL and MariaDB from Debian's packages, the real npm Sequelize 6
// (sequelize-pool 7), knex 3 (tarn 3, over mysql2) and a pg Pool's connect() (TypeORM's way of querying), each pool of
// two connections loaded at 10 requests in flight. The expected findings are written in the fixture before any run:
// a pool exhausted, its size read from the ORM's own setting, and the wait for a connection timed at the pool itself.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { startDatabase } from '../../helpers/databases.mjs';
import { fixturesDir } from '../target/target-helpers.js';

type Db = Awaited<ReturnType<typeof startDatabase>>;
const app = join(fixturesDir, 'databases', 'orm-pool-app.cjs');
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

interface Report {
  diagnosis: {
    findings: Array<{ kind: string; explanation: string; evidence: Array<{ label: string; value: number }> }>;
    requestTime?: {
      latencyMeanMs: number;
      waits: Array<{ kind: string; system?: string; msPerRequest: number }>;
      connections: Array<{ system: string; peakOpen: number; poolSize?: number; poolSettings?: string[]; checkoutWaitMsPerRequest?: number }>;
    };
  };
}

async function run(mode: string): Promise<Report> {
  const out = mkdtempSync(join(tmpdir(), 'checkup-orm-pool-'));
  const json = await runCli(['run', '--json', '--out', out, '-d', '3', '--warmup', '1', '-c', '10', '--no-profile', '--no-heap', '--path', '/report', '--', 'node', app, mode], env);
  expect(json.code, json.stderr).toBe(0);
  return JSON.parse(json.stdout) as Report;
}

describe("the ORMs' own pools through checkup run", () => {
  for (const [mode, system, setting] of [
    ['sequelize', 'postgres', "Sequelize's `pool.max`"],
    ['knex', 'mysql', "knex's `pool.max`"],
    ['checkout', 'postgres', "pg's `max`"],
  ] as const) {
    it(`${mode}: names the pool of 2 by its own setting and times the wait for a connection at the pool`, async () => {
      const report = await run(mode);
      const finding = report.diagnosis.findings.find((f) => f.kind === 'db-pool-exhausted');
      expect(finding, JSON.stringify(report.diagnosis.findings.map((f) => f.kind))).toBeDefined();
      expect(finding!.explanation).toContain(`The pool holds 2 connections (${setting}`);
      expect(finding!.explanation).toContain('Timed at the pool');
      const conn = report.diagnosis.requestTime!.connections.find((c) => c.system === system)!;
      expect(conn.poolSize).toBe(2);
      expect(conn.poolSettings).toEqual([setting]);
      // Ten requests share two connections, each holding one for a 20 ms query: most of a request is the wait for one,
      // several times the query's own time, and less than the whole latency.
      const query = report.diagnosis.requestTime!.waits.find((w) => w.system === system)!.msPerRequest;
      expect(conn.checkoutWaitMsPerRequest).toBeGreaterThan(2 * query);
      expect(conn.checkoutWaitMsPerRequest).toBeLessThan(report.diagnosis.requestTime!.latencyMeanMs * 1.1);
    }, 90_000);
  }
});
