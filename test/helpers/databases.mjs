// Real database servers for tests and for the real-app corpus: PostgreSQL 15, MariaDB and Redis from Debian's
// packages, each in its own temporary folder, on a free port of 127.0.0.1, stopped and removed afterwards.
//
//   const pg = await startDatabase('postgres');   // { kind, host, port, user, password, database, url, env, ... }
//   ...
//   await pg.stop();
//
// Every server runs under db-guard.mjs, which stops it as soon as this process goes away (stop(), a crash, SIGINT,
// even SIGKILL of the test runner), so no server outlives the run that started it.
//
// As a command: `node test/helpers/databases.mjs postgres mariadb redis` starts them, prints one JSON line with
// their addresses and the environment variables for each, and keeps them until SIGINT/SIGTERM or stdin closes.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, openSync, closeSync, readFileSync, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const guardScript = join(here, 'db-guard.mjs');
const PG_BIN = '/usr/lib/postgresql/15/bin';
// A cold start on this 2-core machine takes 1-3 s (see test/integration/databases.test.ts); a busy machine can be
// several times slower, so wait generously before calling a server broken.
const READY_TIMEOUT_MS = 60_000;

/** A free TCP port on 127.0.0.1 (the OS picks it; closed again before the server binds it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function systemUser(name) {
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`system user ${name} not found (is the Debian package installed?)`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

const isRoot = () => process.getuid?.() === 0;

function chownTree(path, { uid, gid }) {
  execFileSync('chown', ['-R', `${uid}:${gid}`, path]);
}

function run(command, args, { ids, logPath }) {
  const fd = openSync(logPath, 'a');
  const child = spawn(command, args, { stdio: ['ignore', fd, fd], ...(ids ?? {}) });
  closeSync(fd);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} failed (${code ?? signal}); its output:\n${readFileSync(logPath, 'utf8').slice(-4000)}`));
    });
  });
}

/**
 * A new server's data folder at `data`, copied from one initialised once per kind (and per installed server binary):
 * initdb and mariadb-install-db write the same files every time and take 2-5 s on this machine, a copy under half a
 * second, and the suite starts a server in every database test file. The templates live in the temporary folder
 * (during a test run the suite's own, removed with it). Each is made in a folder of its own and renamed into place,
 * so that two test files starting the same kind at once never copy a half-made one. `init(folder)` initialises an
 * empty folder; `owner` (root only) is the user the server runs as, who must own the folder it initialises.
 */
async function initialisedData(kind, binary, data, init, owner) {
  const templates = join(tmpdir(), 'checkup-db-templates');
  const template = join(templates, `${kind}-${Math.round(statSync(binary).mtimeMs)}`);
  if (!existsSync(template)) {
    mkdirSync(templates, { recursive: true });
    const making = mkdtempSync(join(templates, `making-${kind}-`));
    try {
      if (owner) chownTree(making, owner);
      await init(join(making, 'data'));
      try {
        renameSync(join(making, 'data'), template);
      } catch (err) {
        // Another file made the same template meanwhile: theirs is as good.
        if (!existsSync(template)) throw err;
      }
    } finally {
      rmSync(making, { recursive: true, force: true });
    }
  }
  // -a keeps the owner (postgres) and the modes (PostgreSQL refuses a data folder others can read).
  execFileSync('cp', ['-a', template, data]);
}

const live = new Set();

function stopAllNow() {
  // Last resort on exit: closing the guard's stdin is enough, the guard stops its server even after we are gone.
  for (const db of live) db.guard.stdin.destroy();
}
process.once('exit', stopAllNow);

function launch({ kind, dir, logPath, stopSignal, ids, command, args }) {
  const fd = openSync(logPath, 'a');
  const guard = spawn(
    process.execPath,
    [guardScript, dir, stopSignal, ids ? String(ids.uid) : '-', ids ? String(ids.gid) : '-', command, ...args],
    { stdio: ['pipe', fd, fd], cwd: dir },
  );
  closeSync(fd);
  const exited = new Promise((resolve) => guard.on('exit', (code, signal) => resolve({ code, signal })));
  return { kind, guard, exited };
}

async function waitForLog(logPath, pattern, exited, what) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let gone = null;
  exited.then((x) => (gone = x));
  for (;;) {
    const text = existsSync(logPath) ? readFileSync(logPath, 'utf8') : '';
    if (pattern.test(text)) return;
    if (gone) throw new Error(`${what} exited before it was ready (${JSON.stringify(gone)}); its log:\n${text.slice(-4000)}`);
    if (Date.now() > deadline) throw new Error(`${what} not ready after ${READY_TIMEOUT_MS} ms; its log:\n${text.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function startPostgres(dir, port, options) {
  const ids = isRoot() ? systemUser('postgres') : undefined;
  if (ids) chownTree(dir, ids);
  const data = join(dir, 'data');
  const logPath = join(dir, 'postgres.log');
  await initialisedData('postgres', join(PG_BIN, 'initdb'), data, (folder) => run(join(PG_BIN, 'initdb'), ['-D', folder, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'], { ids, logPath }), ids);
  const settings = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: dir,
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    max_connections: '200',
    // For the people measuring the corpus: per-statement times are there when they want them.
    shared_preload_libraries: 'pg_stat_statements',
    ...(options.settings ?? {}),
  };
  const args = ['-D', data, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const db = launch({ kind: 'postgres', dir, logPath, stopSignal: 'SIGINT', ids, command: join(PG_BIN, 'postgres'), args });
  await waitForLog(logPath, /database system is ready to accept connections/, db.exited, 'postgres');
  const user = 'postgres';
  const database = 'postgres';
  return {
    ...db,
    host: '127.0.0.1',
    port,
    user,
    password: '',
    database,
    socketDir: dir,
    logPath,
    url: `postgres://${user}@127.0.0.1:${port}/${database}`,
    env: { PGHOST: '127.0.0.1', PGPORT: String(port), PGUSER: user, PGDATABASE: database },
    psql: (sql, db2 = database) =>
      execFileSync(join(PG_BIN, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', user, '-d', db2, '-v', 'ON_ERROR_STOP=1', '-qAt', '-c', sql], { encoding: 'utf8' }),
  };
}

async function startMariadb(dir, port, options) {
  const data = join(dir, 'data');
  const logPath = join(dir, 'mariadb.log');
  const socket = join(dir, 'mysqld.sock');
  const asUser = isRoot() ? ['--user=root'] : [];
  await initialisedData('mariadb', '/usr/sbin/mariadbd', data, async (folder) => {
    mkdirSync(folder);
    await run('mariadb-install-db', ['--no-defaults', `--datadir=${folder}`, ...asUser, '--auth-root-authentication-method=normal', '--skip-test-db', '--skip-name-resolve'], { logPath });
  });
  const args = [
    '--no-defaults',
    `--datadir=${data}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    `--socket=${socket}`,
    `--pid-file=${join(dir, 'mariadb.pid')}`,
    `--tmpdir=${dir}`,
    ...asUser,
    '--skip-name-resolve',
    '--skip-log-bin',
    '--innodb-flush-log-at-trx-commit=0',
    '--innodb-buffer-pool-size=128M',
    '--max-connections=300',
    ...(options.args ?? []),
  ];
  const db = launch({ kind: 'mariadb', dir, logPath, stopSignal: 'SIGTERM', command: '/usr/sbin/mariadbd', args });
  await waitForLog(logPath, /ready for connections/, db.exited, 'mariadbd');
  const user = 'root';
  return {
    ...db,
    host: '127.0.0.1',
    port,
    user,
    password: '',
    database: 'mysql',
    socket,
    logPath,
    url: `mysql://${user}@127.0.0.1:${port}/mysql`,
    env: { MYSQL_HOST: '127.0.0.1', MYSQL_PORT: String(port), MYSQL_USER: user, MYSQL_PWD: '' },
    sql: (statement) =>
      execFileSync('mariadb', ['--no-defaults', '-h', '127.0.0.1', '-P', String(port), '-u', user, '-N', '-B', '-e', statement], { encoding: 'utf8' }),
  };
}

async function startRedis(dir, port, options) {
  const logPath = join(dir, 'redis.log');
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--unixsocket', join(dir, 'redis.sock'), ...(options.args ?? [])];
  const db = launch({ kind: 'redis', dir, logPath, stopSignal: 'SIGTERM', command: '/usr/bin/redis-server', args });
  await waitForLog(logPath, /Ready to accept connections/, db.exited, 'redis-server');
  return {
    ...db,
    host: '127.0.0.1',
    port,
    logPath,
    url: `redis://127.0.0.1:${port}`,
    env: { REDIS_HOST: '127.0.0.1', REDIS_PORT: String(port), REDIS_URL: `redis://127.0.0.1:${port}` },
  };
}

const starters = { postgres: startPostgres, mariadb: startMariadb, redis: startRedis };

/**
 * Start one server. kind: 'postgres' | 'mariadb' | 'redis'. options.settings (postgres: -c name=value),
 * options.args (mariadbd / redis-server extra arguments). Resolves once it accepts connections; `startMs` says how
 * long that took, `stop()` ends it and removes its folder.
 */
export async function startDatabase(kind, options = {}) {
  const start = starters[kind];
  if (!start) throw new Error(`unknown database kind ${kind} (postgres, mariadb or redis)`);
  const began = performance.now();
  const dir = mkdtempSync(join(tmpdir(), `checkup-${kind}-`));
  const port = options.port ?? (await freePort());
  let db;
  try {
    db = await start(dir, port, options);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  live.add(db);
  let stopped;
  db.dir = dir;
  db.startMs = Math.round(performance.now() - began);
  db.pid = db.guard.pid;
  db.stop = () =>
    (stopped ??= (async () => {
      db.guard.stdin.end();
      await db.exited;
      live.delete(db);
      rmSync(dir, { recursive: true, force: true });
    })());
  return db;
}

/** Start several at once; if one fails, the others are stopped before the error is thrown. */
export async function startDatabases(kinds, options = {}) {
  const results = await Promise.allSettled(kinds.map((k) => startDatabase(k, options[k])));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    await Promise.all(results.filter((r) => r.status === 'fulfilled').map((r) => r.value.stop()));
    throw failed.reason;
  }
  return Object.fromEntries(results.map((r, i) => [kinds[i], r.value]));
}

const describe = (db) => ({ kind: db.kind, host: db.host, port: db.port, url: db.url, dir: db.dir, startMs: db.startMs, env: db.env });

async function main(kinds) {
  if (kinds.length === 0) kinds = ['postgres', 'mariadb', 'redis'];
  const dbs = await startDatabases(kinds);
  process.stdout.write(JSON.stringify(Object.fromEntries(Object.entries(dbs).map(([k, v]) => [k, describe(v)]))) + '\n');
  const stopAll = () => Promise.all(Object.values(dbs).map((d) => d.stop())).then(() => process.exit(0));
  process.once('SIGINT', stopAll);
  process.once('SIGTERM', stopAll);
  process.stdin.on('end', stopAll);
  process.stdin.resume();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((err) => {
    process.stderr.write(`${err.stack || err}\n`);
    process.exit(1);
  });
}
