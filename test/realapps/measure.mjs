// Measures one scenario WITHOUT Checkup, with plain tools: autocannon for the load, /proc for the CPU of the app's
// main thread, of its other threads (libuv threadpool, V8 and GC helpers) and of the database server, the app's own
// query log (Sequelize prints every statement) for queries per request, optionally `node --cpu-prof` for where the
// main thread's time goes.
//   node test/realapps/measure.mjs <scenario name> [--cpu-prof] [--node PATH]
import { readFileSync, readdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import CDP from 'chrome-remote-interface';
import { writeFileSync } from 'node:fs';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { startApp } from './run.mjs';
import { loadScenarios, resolveLogin } from './scenarios.mjs';

const TICK = 100; // USER_HZ on Linux

function cpuTicks(pid, tid) {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}
const threadName = (pid, tid) => {
  try {
    return readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
  } catch {
    return '?';
  }
};
function threads(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [];
  }
}
// schedstat: time on the CPU and time runnable but waiting for one (ns). On a machine shared with other jobs the
// second says how much of a thread's "idle" time was really waiting for a core, not for I/O.
function runQueueWaitNs(pid, tid) {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]);
  } catch {
    return 0;
  }
}
function snapshot(pid) {
  const out = {};
  for (const tid of threads(pid)) out[tid] = { name: threadName(pid, tid), ticks: cpuTicks(pid, tid), waitNs: runQueueWaitNs(pid, tid) };
  return out;
}
function processTicks(pid) {
  return threads(pid).reduce((s, tid) => s + cpuTicks(pid, tid), 0);
}
const childPids = (pid) => {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

export function topSelf(profilePath, appDir) {
  const profile = JSON.parse(readFileSync(profilePath, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const byPackage = new Map();
  const byFunction = new Map();
  for (const [id, n] of counts) {
    const f = byId.get(id).callFrame;
    const url = f.url.replace(`file://${appDir}/`, '').replace(appDir + '/', '');
    // A dependency is named by the folder after the last node_modules/ (a server in a subfolder has its own).
    const inModules = url.lastIndexOf('node_modules/');
    const rest = inModules >= 0 ? url.slice(inModules + 'node_modules/'.length).split('/') : [];
    const pkg = inModules >= 0 ? rest.slice(0, rest[0].startsWith('@') ? 2 : 1).join('/') : url ? (url.startsWith('node:') ? 'node core' : 'app') : f.functionName || '(native)';
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + n);
    const key = `${f.functionName || '(anonymous)'} ${url}:${f.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + n);
  }
  const top = (m, k) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([name, n]) => `${name} ${((100 * n) / total).toFixed(1)}%`);
  return { samples: total, packages: top(byPackage, 8), functions: top(byFunction, 10) };
}

export async function measure(scenario, { cpuProf = false, node, connections } = {}) {
  const profDir = cpuProf ? mkdtempSync(join(tmpdir(), 'realapps-prof-')) : undefined;
  let queryLines = 0;
  let inspectorUrl;
  const log = {
    write: (d) => {
      const text = String(d);
      queryLines += (text.match(/Executing \(/g) ?? []).length;
      inspectorUrl ??= text.match(/Debugger listening on (ws:\/\/\S+)/)?.[1];
    },
  };
  const running = await startApp(scenario.app, {
    patches: scenario.patches ?? [],
    config: scenario.config,
    node,
    // The profile covers the measured window only, taken through the inspector (apps that die on SIGTERM never
    // write a --cpu-prof file).
    nodeArgs: cpuProf ? ['--inspect=127.0.0.1:0'] : [],
    log,
  });
  try {
    const headers = { 'content-type': 'application/json', ...(await resolveLogin(scenario, running.url)) };
    const load = scenario.load;
    const opts = {
      url: running.url,
      connections: connections ?? load.connections,
      duration: load.durationSec,
      // Pages that take seconds on this busy machine still count: a generous timeout keeps them as answers.
      timeout: 60,
      idReplacement: true,
      requests: load.requests.map((r) => ({ method: r.method, path: r.path, headers: { ...headers, ...(r.headers ?? {}) }, body: r.body === undefined ? undefined : JSON.stringify(r.body) })),
    };
    // Warm-up: the JIT and the pool settle before the measured window.
    await autocannon({ ...opts, duration: load.warmupSec ?? 2 });
    const db = Object.values(running.dbs)[0];
    // The database server and all its processes (PostgreSQL runs one backend process per connection).
    const descendants = (pid) => childPids(pid).flatMap((c) => [c, ...descendants(c)]);
    const dbTicks = () => new Map(descendants(db.guard.pid).map((p) => [p, processTicks(p)]));
    // Statements the server executed (MariaDB's Questions counter), whatever ORM or logging the app has.
    const questions = async () => {
      if (db.kind === 'postgres') {
        const client = new pg.Client({ host: db.host, port: db.port, user: 'postgres', database: 'postgres' });
        await client.connect();
        // pg_stat_statements counts every statement of every database (the harness preloads it).
        const { rows } = await client.query('SELECT coalesce(sum(calls), 0)::bigint AS n FROM pg_stat_statements');
        await client.end();
        return Number(rows[0].n);
      }
      if (db.kind !== 'mariadb') return 0;
      const conn = await mysql.createConnection({ host: db.host, port: db.port, user: 'root', password: db.password ?? '' });
      const [[row]] = await conn.query("SHOW GLOBAL STATUS LIKE 'Questions'");
      await conn.end();
      return Number(row.Value);
    };
    const q0 = await questions();
    let session;
    if (cpuProf) {
      const port = Number(new URL(inspectorUrl).port);
      session = await CDP({ host: '127.0.0.1', port });
      await session.Profiler.enable();
      await session.Profiler.setSamplingInterval({ interval: 1000 });
      await session.Profiler.start();
    }
    const before = { app: snapshot(running.pid), db: dbTicks(), queries: queryLines, at: performance.now() };
    const result = await autocannon(opts);
    const wall = (performance.now() - before.at) / 1000;
    const after = { app: snapshot(running.pid), db: dbTicks(), queries: queryLines };
    const q1 = await questions();
    if (session) {
      const { profile } = await session.Profiler.stop();
      writeFileSync(join(profDir, 'load.cpuprofile'), JSON.stringify(profile));
      await session.close();
    }
    const requests = result.requests.total;
    let main = 0;
    let other = 0;
    const mainWaitMs = (after.app[running.pid].waitNs - before.app[running.pid].waitNs) / 1e6;
    const otherByName = {};
    for (const [tid, t] of Object.entries(after.app)) {
      const d = (t.ticks - (before.app[tid]?.ticks ?? 0)) * (1000 / TICK);
      if (Number(tid) === running.pid) main += d;
      else {
        other += d;
        otherByName[t.name] = (otherByName[t.name] ?? 0) + d;
      }
    }
    let dbMs = 0;
    for (const [pid, t] of after.db) dbMs += (t - (before.db.get(pid) ?? 0)) * (1000 / TICK);
    const facts = {
      node: execFileSync(node ?? process.execPath, ['--version'], { encoding: 'utf8' }).trim(),
      connections: opts.connections,
      durationSec: load.durationSec,
      requests,
      rps: Math.round((requests / wall) * 10) / 10,
      latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count])),
      appMainThreadCpuCores: Math.round((main / 1000 / wall) * 100) / 100,
      appMainThreadCpuMsPerRequest: requests ? Math.round((main / requests) * 100) / 100 : null,
      appMainThreadRunQueueWaitShare: Math.round((mainWaitMs / 1000 / wall) * 100) / 100,
      appOtherThreadsCpuCores: Math.round((other / 1000 / wall) * 100) / 100,
      appOtherThreadsByName: Object.fromEntries(Object.entries(otherByName).filter(([, v]) => v > 0).map(([k, v]) => [k, Math.round(v)])),
      databaseCpuCores: Math.round((dbMs / 1000 / wall) * 100) / 100,
      databaseCpuMsPerRequest: requests ? Math.round((dbMs / requests) * 100) / 100 : null,
      machineLoadAverage1m: Math.round(loadavg()[0] * 10) / 10,
      statementsPerRequest: requests ? Math.round(((q1 - q0 - 1) / requests) * 10) / 10 : null,
      loggedQueriesPerRequest: requests && after.queries > before.queries ? Math.round(((after.queries - before.queries) / requests) * 10) / 10 : undefined,
    };
    return { facts, running, profDir };
  } finally {
    await running.stop();
    if (profDir) {
      const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
      if (file) console.error(JSON.stringify(topSelf(join(profDir, file), running.cwd), null, 1));
    }
  }
}

async function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'cpu-prof': { type: 'boolean', default: false }, node: { type: 'string' }, connections: { type: 'string' } } });
  const scenarios = loadScenarios();
  for (const name of positionals) {
    const scenario = scenarios.find((s) => s.name === name);
    if (!scenario) throw new Error(`unknown scenario ${name}`);
    const { facts } = await measure(scenario, { cpuProf: values['cpu-prof'], node: values.node, connections: values.connections ? Number(values.connections) : undefined });
    console.log(JSON.stringify({ name, facts }));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err.stack || err);
    process.exit(1);
  });
}
