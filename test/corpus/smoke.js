'use strict';
// Smoke check of the corpus servers (plain node + autocannon; it does not run Checkup and makes no diagnosis):
// each server starts on the PORT it is given, logs one line, answers each of its story-load requests once with the
// expected status, survives a short autocannon burst of its story load, and exits on SIGTERM leaving no child
// process behind. A case with `services` gets fresh database servers (test/helpers/databases.mjs) and their
// environment; a case with `crashesUnderLoad` must answer its requests one at a time and then die in the burst.
//
//   node test/corpus/smoke.js                 every case
//   node test/corpus/smoke.js koa-n-plus-one  only the named cases
//   SMOKE_BURST_SEC=1 node test/corpus/smoke.js
const http = require('node:http');
const { spawn, execFileSync } = require('node:child_process');
const autocannon = require('autocannon');
const { loadCases } = require('./cases.js');
// ESM, loaded with require(esm) (Node 20.19 and later).
const { freePort } = require('../../scripts/free-port.js');

const BURST_SEC = Number(process.env.SMOKE_BURST_SEC || 2);
// Node 22.18+ and 24 strip TypeScript types themselves; Node 20 cannot, so a server.ts runs there through tsx (a
// devDependency), which is enough to check that the server works but is not how the corpus scores it.
const nodeStripsTypes = Boolean(process.features && process.features.typescript);
function nodeArgs(c) {
  if (c.entry.endsWith('.ts') && !nodeStripsTypes) return ['--import', require.resolve('tsx'), c.entry];
  return [c.entry];
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function childrenOf(pid) {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).split('\n').map((s) => s.trim()).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

// A process that has exited but not been reaped (a zombie) counts as gone.
function alive(pid) {
  try {
    const stat = require('node:fs').readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}

function once(port, r) {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method: r.method || 'GET', path: r.path, headers: { ...(r.headers || {}), connection: 'close' }, agent: false, timeout: 10000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
      res.on('error', () => resolve('reset'));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve(err.message === 'timeout' ? 'timeout' : 'reset'));
    if (r.body !== undefined) req.end(r.body);
    else req.end();
  });
}

function burst(port, load) {
  const opts = {
    url: `http://127.0.0.1:${port}`,
    connections: load.connections,
    pipelining: load.pipelining,
    duration: BURST_SEC,
    timeout: 10,
    requests: load.requests.map((r) => ({ method: r.method || 'GET', path: r.path, headers: r.headers, body: r.body })),
  };
  if (load.rate) {
    opts.overallRate = load.rate;
    opts.connections = Math.min(opts.connections, load.rate);
  }
  return new Promise((resolve, reject) => autocannon(opts, (err, result) => (err ? reject(err) : resolve(result))));
}

async function withServices(c, run) {
  if (c.services.length === 0) return run({});
  const { startDatabases } = await import('../helpers/databases.mjs');
  const dbs = await startDatabases(c.services);
  try {
    return await run(Object.assign({}, ...Object.values(dbs).map((db) => db.env)));
  } finally {
    await Promise.all(Object.values(dbs).map((db) => db.stop()));
  }
}

async function check(c, serviceEnv) {
  const problems = [];
  const port = await freePort();
  const t0 = Date.now();
  const child = spawn(process.execPath, nodeArgs(c), { cwd: c.dir, env: { ...process.env, ...serviceEnv, PORT: String(port), NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const ready = await Promise.race([
    (async () => {
      while (!/listening on http:\/\/127\.0\.0\.1:(\d+)/.test(out)) await sleep(20);
      return Number(/listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)[1]);
    })(),
    exited.then(() => null),
    sleep(c.services.length ? 10000 : 5000).then(() => undefined),
  ]);
  const startMs = Date.now() - t0;
  const report = { name: c.name, startMs };
  if (ready === null || ready === undefined) {
    problems.push(ready === null ? `exited before listening: ${err.trim().split('\n').slice(-3).join(' | ')}` : 'did not log a listening line within 5 s');
    child.kill('SIGKILL');
    return { ...report, problems };
  }
  if (ready !== port) problems.push(`listens on ${ready}, not on PORT=${port}`);
  // A server that seeds its own tables may take a few seconds more; the others must start in 2 s.
  // A server.ts run through tsx (Node 20) pays for tsx's own start as well.
  const startLimitMs = c.services.length ? 8000 : nodeArgs(c)[0] === '--import' ? 5000 : 2000;
  if (startMs > startLimitMs) problems.push(`start-up took ${startMs} ms`);
  if (out.trim().split('\n').length !== 1) problems.push(`logged ${out.trim().split('\n').length} lines on stdout`);

  const statuses = [];
  for (const [i, r] of c.load.requests.entries()) {
    const got = await once(port, r);
    statuses.push(got);
    const want = c.expectedStatus ? c.expectedStatus[i] : '2xx';
    const ok = want === '2xx' ? typeof got === 'number' && got >= 200 && got < 300 : got === want;
    if (!ok) problems.push(`${r.method || 'GET'} ${r.path}: status ${got}, expected ${want}`);
  }
  report.statuses = statuses;

  const result = await burst(port, c.load);
  report.burst = { requests: result.requests.total, rps: Math.round(result.requests.average), '2xx': result['2xx'], non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts };
  // failsUnderLoad: requests that pass one at a time but fail under the story's concurrency (a load-shedding guard).
  const expectsFailures = c.failsUnderLoad === true || Boolean(c.expectedStatus && c.expectedStatus.some((s) => s === 'reset' || s >= 400));
  if (result.requests.total === 0 && result['2xx'] === 0) problems.push('no request completed in the burst');
  // A crash may come in the burst (refused requests follow) or just after it; the exit is checked below.
  if (!expectsFailures && !c.crashesUnderLoad && (result.non2xx > 0 || result.errors > 0)) problems.push(`burst had ${result.non2xx} non-2xx and ${result.errors} errors`);
  if (expectsFailures && result.non2xx + result.errors === 0) problems.push('burst had no failures although the story expects some');

  if (c.crashesUnderLoad) {
    // The story's load kills the process: it must be gone (not by our signal) within a few seconds of the burst.
    const exit = await Promise.race([exited, sleep(5000).then(() => null)]);
    if (!exit) {
      problems.push('still running 5 s after the burst although the story says the load kills it');
      child.kill('SIGKILL');
    } else {
      report.crash = exit.code ?? exit.signal;
      if (exit.code === 0) problems.push('exited with code 0 in the burst; a crash exits otherwise');
      const last = err.trim().split('\n').filter(Boolean);
      report.crashLine = last.find((l) => /^\w*(Error|Exception)\b/.test(l)) || last[last.length - 1];
    }
    return { ...report, children: 0, problems };
  }
  const kids = childrenOf(child.pid);
  report.children = kids.length;
  child.kill('SIGTERM');
  const exit = await Promise.race([exited, sleep(5000).then(() => null)]);
  if (!exit) {
    problems.push('did not exit within 5 s of SIGTERM');
    child.kill('SIGKILL');
  } else if (exit.code !== 0) problems.push(`exit code ${exit.code}${exit.signal ? ` (signal ${exit.signal})` : ''} after SIGTERM`);
  await sleep(300);
  const left = kids.filter(alive);
  if (left.length) {
    problems.push(`child process(es) left behind: ${left.join(', ')}`);
    for (const pid of left) process.kill(pid, 'SIGKILL');
  }
  return { ...report, problems };
}

async function main() {
  const only = process.argv.slice(2);
  const cases = loadCases({ requireSplit: false }).filter((c) => only.length === 0 || only.includes(c.name));
  if (only.length && cases.length !== only.length) throw new Error(`unknown case(s): ${only.filter((n) => !cases.some((c) => c.name === n)).join(', ')}`);
  let failed = 0;
  for (const c of cases) {
    const r = await withServices(c, (env) => check(c, env));
    if (r.problems.length) failed++;
    const b = r.burst ? `burst ${r.burst.requests} req (${r.burst['2xx']} 2xx, ${r.burst.non2xx} non-2xx, ${r.burst.errors} errors)` : '';
    const crash = r.crash !== undefined ? `  crashed (${r.crash}): ${r.crashLine}` : '';
    console.log(`${r.problems.length ? 'FAIL' : 'ok  '} ${c.name.padEnd(32)} start ${String(r.startMs).padStart(4)} ms  statuses ${JSON.stringify(r.statuses || [])}  ${b}  children ${r.children ?? '-'}${crash}`);
    for (const p of r.problems) console.log(`       - ${p}`);
  }
  console.log(`${cases.length - failed}/${cases.length} cases passed`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
