// `checkup attach` to a server whose database pools connected and ran queries before the attach (real PostgreSQL and
// MariaDB from Debian's packages, the real pg and mysql2 pools): the connections already open are taken over, so the
// N+1 of its /posts route is found with its app line, the connections counted, the pools' sizes read and the waits
// split by route; the app opens no new connection for it, and still answers after the detach.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { startDatabase } from '../../helpers/databases.mjs';
import { NODE20, NODE22, NODE24 } from '../../helpers/node-binaries.js';
import { fixturesDir } from '../target/target-helpers.js';

/** loadComments' query line, read from the fixture (a line written here went stale when the fixture grew). */
const queryLine = readFileSync(join(fixturesDir, 'databases', 'db-attach-app.cjs'), 'utf8').split('\n').findIndex((l) => l.includes("select body from comments where post_id = $1")) + 1;

type Db = Awaited<ReturnType<typeof startDatabase>>;
let pg: Db;
let maria: Db;
let app: ChildProcess | undefined;
let output = '';

beforeAll(async () => {
  [pg, maria] = await Promise.all([startDatabase('postgres'), startDatabase('mariadb')]);
}, 180_000);
afterEach(() => {
  if (app && app.exitCode === null) app.kill('SIGKILL');
  app = undefined;
  output = '';
});
afterAll(async () => {
  await Promise.all([pg, maria].filter(Boolean).map((db) => db.stop()));
});

function startApp(node: string): Promise<{ pid: number; port: number }> {
  const file = join(fixturesDir, 'databases', 'db-attach-app.cjs');
  app = spawn(node, [file], { env: { ...process.env, PGPORT: String(pg.port), MYSQL_PORT: String(maria.port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  app.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  app.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the app did not listen: ' + output)), 60_000);
    app!.stdout!.on('data', () => {
      const m = /listening (\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ pid: app!.pid!, port: Number(m[1]) });
      }
    });
    app!.once('exit', () => reject(new Error('the app exited: ' + output)));
  });
}

const count = (text: string, line: string) => text.split('\n').filter((l) => l === line).length;

function getJson(port: number, path: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, timeout: 5000 }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d));
      res.on('end', () => resolve(JSON.parse(body)));
    }).on('error', reject);
  });
}

function status(port: number, path: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    get({ host: '127.0.0.1', port, path, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    }).on('error', () => resolve(undefined));
  });
}

interface AttachReport {
  status: string;
  diagnosis: {
    findings: Array<{ kind: string; culprits: Array<{ functionName: string; url: string; line: number }> }>;
    requestTime?: {
      waits: Array<{ kind: string; system?: string; callsPerRequest: number }>;
      connections: Array<{ system: string; peakOpen: number; poolSize?: number }>;
      routes?: Array<{ route: string; waits: Array<{ system?: string; callsPerRequest: number }> }>;
    };
  };
}

describe('checkup attach to an app whose pools connected before it', () => {
  // The open sockets are listed the same way on every Node the app may run (process._getActiveHandles()).
  for (const [label, node] of [['Node 20', NODE20], ['Node 22', NODE22], ['Node 24', NODE24]] as const) {
    it(`takes over the open connections on ${label}: the N+1 with its line, the connections, the pool sizes, the waits per route`, async () => {
      const { pid, port } = await startApp(node);
      expect(count(output, 'pg connect')).toBe(4);
      expect(count(output, 'mysql connect')).toBe(3);
      const out = mkdtempSync(join(tmpdir(), 'checkup-db-attach-'));
      const r = await runCli(['attach', String(pid), '--json', '--out', out, '-d', '4', '--warmup', '1', '-c', '4', '--no-profile', '--no-heap', '--path', '/posts', '--path', '/posts', '--path', '/report']);
      expect(r.code, r.stderr).toBe(0);
      const report = JSON.parse(r.stdout) as AttachReport;
      expect(report.status).toBe('complete');
      // No connection was opened for the attach: every query seen went through one that was open before it.
      expect(count(output, 'pg connect')).toBe(4);
      expect(count(output, 'mysql connect')).toBe(3);

      const finding = report.diagnosis.findings.find((f) => f.kind === 'n-plus-one');
      expect(finding, JSON.stringify({ kinds: report.diagnosis.findings.map((f) => f.kind), requestTime: report.diagnosis.requestTime })).toBeDefined();
      expect(finding!.culprits[0]).toMatchObject({ functionName: 'loadComments', url: expect.stringContaining('db-attach-app.cjs'), line: queryLine });
      const rt = report.diagnosis.requestTime!;
      const pgConn = rt.connections.find((c) => c.system === 'postgres');
      const myConn = rt.connections.find((c) => c.system === 'mysql');
      expect(pgConn?.peakOpen).toBeGreaterThanOrEqual(1);
      expect(pgConn?.peakOpen).toBeLessThanOrEqual(4);
      expect(pgConn?.poolSize).toBe(4);
      expect(myConn?.peakOpen).toBeGreaterThanOrEqual(1);
      expect(myConn?.peakOpen).toBeLessThanOrEqual(3);
      expect(myConn?.poolSize).toBe(3);
      // Two requests in three go to /posts (11 queries each: the doctor judges the mix), one to /report (one query).
      expect(rt.waits.find((w) => w.system === 'postgres')?.callsPerRequest).toBeGreaterThan(3);
      expect(rt.waits.find((w) => w.system === 'mysql')?.callsPerRequest).toBeGreaterThan(0.15);

      // Split by route: /posts made the PostgreSQL queries, /report the MySQL one.
      const posts = rt.routes?.find((x) => x.route === 'GET /posts');
      const reportRoute = rt.routes?.find((x) => x.route === 'GET /report');
      expect(posts?.waits.find((w) => w.system === 'postgres')?.callsPerRequest).toBeGreaterThan(8);
      expect(posts?.waits.find((w) => w.system === 'mysql')).toBeUndefined();
      expect(reportRoute?.waits.find((w) => w.system === 'mysql')?.callsPerRequest).toBeGreaterThan(0.8);
      expect(reportRoute?.waits.find((w) => w.system === 'postgres')).toBeUndefined();

      // Detached: the app still answers through the same connections.
      expect(await status(port, '/posts')).toBe(200);
      expect(await status(port, '/report')).toBe(200);
      expect(count(output, 'pg connect')).toBe(4);
    }, 240_000);
  }

  // A user attaches to a long-running server again and again: each attach used to leave two 'close' listeners on every
  // database connection, until Node warned of a listener leak on them (and the doctor believed it) at the sixth.
  it('leaves the connections as many close listeners as it found, attach after attach (Node 20)', async () => {
    const { port } = await startApp(NODE20);
    const before = await getJson(port, '/close-listeners');
    expect((before as unknown[]).length).toBe(7);
    for (let i = 0; i < 3; i++) {
      const out = mkdtempSync(join(tmpdir(), 'checkup-db-reattach-'));
      const r = await runCli(['attach', String(app!.pid), '--json', '--out', out, '-d', '1', '--warmup', '0', '-c', '2', '--no-profile', '--no-heap', '--path', '/posts']);
      expect(r.code, r.stderr).toBe(0);
      expect(await getJson(port, '/close-listeners')).toEqual(before);
    }
    expect(output).not.toContain('MaxListenersExceededWarning');
  }, 240_000);
});
