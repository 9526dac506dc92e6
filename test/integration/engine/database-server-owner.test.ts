// The database server's CPU, found as a user who cannot read the server's descriptors: a developer runs Checkup as
// themselves, while Debian's PostgreSQL runs as its own `postgres` user. The listener cannot be placed through
// /proc/<pid>/fd then, and the server's processes are those of the user owning the listening socket. Run for real:
// the harness's PostgreSQL (as `postgres`), Checkup's reader in a child process as `nobody`, a query that keeps the
// server busy in between. Switching users needs root (as the suite runs here and in CI); otherwise the test says so.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../../app/paths.js';
import { findServers } from '../../../app/engine/database-servers.js';
import { startDatabase } from '../../helpers/databases.mjs';
import pg from 'pg';

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

/** The built reader and the one module it imports, copied where `nobody` may read them (the checkout may not be). */
function readableCopy(): { dir: string; url: string } {
  const dir = mkdtempSync(join(tmpdir(), 'checkup-owner-'));
  chmodSync(dir, 0o755);
  for (const part of [['engine', 'database-servers.js'], ['target', 'proc-stat.js']]) {
    mkdirSync(join(dir, part[0]!), { recursive: true, mode: 0o755 });
    copyFileSync(join(rootDir, 'out', 'app', ...part), join(dir, ...part));
    chmodSync(join(dir, ...part), 0o644);
  }
  return { dir, url: pathToFileURL(join(dir, 'engine', 'database-servers.js')).href };
}

// The child reads the server's CPU, waits for a line on stdin (the query done, at least a second later), reads it
// again and prints what it found and what the server used.
const childScript = (reader: string) => `
const { findServers, serverCpuSnapshot, serverCpu } = await import(${JSON.stringify(reader)});
const found = findServers([{ system: 'postgres', port: Number(process.argv[1]) }]);
const start = serverCpuSnapshot(found);
const t0 = Date.now();
console.log('ready');
process.stdin.once('data', async () => {
  await new Promise((r) => setTimeout(r, Math.max(0, 1100 - (Date.now() - t0))));
  const end = serverCpuSnapshot(found);
  console.log(JSON.stringify({ uid: process.getuid(), found, cpu: start && end ? serverCpu(found, start, end) : [] }));
  process.exit(0);
});`;

describe.skipIf(!asRoot)('the database server found by its owner, for a user who cannot read its descriptors', () => {
  let db: { port: number; stop(): Promise<void> };
  let reader: { dir: string; url: string };
  beforeAll(async () => {
    reader = readableCopy();
    db = await startDatabase('postgres');
  });
  afterAll(async () => {
    await db?.stop();
    if (reader) rmSync(reader.dir, { recursive: true, force: true });
  });

  it("counts the PostgreSQL server's processes, as `nobody`, while a query keeps it busy", async (ctx) => {
    const nodeRuns = spawnSync(process.execPath, ['-e', '0'], { uid: NOBODY, gid: NOBODY, cwd: '/' });
    if (nodeRuns.status !== 0) ctx.skip(`nobody cannot run ${process.execPath} on this machine (${nodeRuns.error?.message ?? nodeRuns.stderr})`);
    // As root the listener itself is found, for comparison.
    expect(findServers([{ system: 'postgres', port: db.port }])).toMatchObject([{ found: 'listener' }]);

    const child = spawn(process.execPath, ['--input-type=module', '-e', childScript(reader.url), String(db.port)], { uid: NOBODY, gid: NOBODY, stdio: ['pipe', 'pipe', 'pipe'], cwd: '/' });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((done) => child.on('close', done));
    for (let i = 0; i < 300 && !out.includes('ready') && child.exitCode === null; i++) await new Promise((r) => setTimeout(r, 20));
    expect(out, err).toContain('ready');

    const client = new pg.Client({ host: '127.0.0.1', port: db.port, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      await client.query('SELECT count(*) FROM generate_series(1, 3000000)');
    } finally {
      await client.end();
    }
    child.stdin.write('done\n');
    expect(await exited, err).toBe(0);
    const result = JSON.parse(out.split('\n').find((l) => l.startsWith('{'))!);
    expect(result.uid).toBe(NOBODY);
    expect(result.found).toMatchObject([{ system: 'postgres', port: db.port, found: 'owner' }]);
    expect(result.found[0].listener).toBeUndefined();
    const [server] = result.cpu;
    // The postmaster and its helpers at least; the query's backend too (reaped or alive, it is the owner's).
    expect(server.processes).toBeGreaterThanOrEqual(2);
    expect(server.cores).toBeGreaterThan(0);
  });
});

describe.skipIf(asRoot)('the database server found by its owner', () => {
  it('needs root to run the reader as another user: skipped', () => {
    expect(asRoot).toBe(false);
  });
});
