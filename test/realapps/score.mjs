// Scores the doctor on the real-app corpus, the way a user runs it: `checkup run --json` (bin/checkup.js) on each
// scenario, with the scenario's load and login in a recipe file, then the verdict and culprit compared with the
// expectation through the table in score-table.mjs (written before any scoring). Writes a small summary JSON and
// prints a table.
//   node test/realapps/score.mjs [--apps a,b] [--scenarios x,y] [--node PATH] [--out bench/results/<name>.json]
//     [--keep-sessions DIR]   keep each scenario's Checkup session in DIR (to read why a verdict came out)
//     [--repeat N]            score each scenario N times (a pass over the app's scenarios, N passes): the flip rate
//
// Per app (and per patch or configuration variant) the working copy, databases and seed come from run.mjs; the
// seeded app is then stopped and Checkup launches it itself with the command its setup names. An app that resets
// its data at every start (setups/<app>.mjs `resetsAtStart`) cannot be seeded before Checkup launches it: it is
// started and seeded by run.mjs with its inspector open on a free port, and Checkup attaches to it (`checkup
// attach ws://...`), which is the same checkup of an already running process.
import { spawn, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir, cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { wilsonInterval } from '../../out/bench/accuracy-record.js';
import { startApp } from './run.mjs';
import { loadScenarios } from './scenarios.mjs';
import { judgeCulprit, judgeVerdict, primaryCategory } from './score-table.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const checkup = join(repo, 'bin/checkup.js');
// A scenario's run: start-up, set-up, warm-up, the measured window, profiles and the diagnosis. Ten times the load's
// own length is far beyond a healthy run; a run that takes longer is recorded as stuck rather than waited for.
const runTimeoutMs = (load) => Math.max(240_000, 10_000 * ((load.durationSec ?? 10) + (load.warmupSec ?? 2)));

/** The scenario's load and login as a recipe file (docs/recipe-format.md). */
export function recipeFor(scenario) {
  const load = scenario.load;
  const body = (b) => (b === undefined ? undefined : typeof b === 'string' ? b : JSON.stringify(b));
  /** @type {{ version: number, readyTimeoutSec: number, load: Record<string, any> }} */
  const recipe = {
    version: 1,
    readyTimeoutSec: 180,
    load: {
      connections: load.connections,
      durationSec: load.durationSec,
      warmupSec: load.warmupSec ?? 2,
      // Pages that take seconds on a busy machine still count as answers, as in measure.mjs.
      timeoutSec: 60,
      requests: load.requests.map((r) => ({
        method: r.method ?? 'GET',
        path: r.path,
        ...(r.body !== undefined ? { body: body(r.body), headers: { 'content-type': 'application/json', ...(r.headers ?? {}) } } : r.headers ? { headers: r.headers } : {}),
      })),
    },
  };
  const s = scenario.session;
  if (s?.cookie) {
    // A cookie session: Checkup carries the cookies the login sets into every load request.
    recipe.load.setup = {
      requests: [{ method: s.request.method, path: s.request.path, body: JSON.stringify(s.request.body) }],
      cookies: [s.cookie],
      timeoutSec: 60,
    };
  } else if (s) {
    const [scheme] = s.format.split('{token}').map((x) => x.trim());
    recipe.load.setup = {
      requests: [{ method: s.request.method, path: s.request.path, body: JSON.stringify(s.request.body) }],
      // A bare token (format "{token}") has no scheme: the header carries the token alone.
      token: { from: s.tokenFrom, header: s.header, ...(scheme ? { scheme } : {}) },
      timeoutSec: 60,
    };
  }
  return recipe;
}

function runCheckup(args, timeoutMs) {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [checkup, ...args], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGINT'), timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      let report;
      try {
        report = JSON.parse(out);
      } catch {
        report = undefined;
      }
      resolvePromise({ code: code ?? signal, report, stderrTail: err.slice(-600) });
    });
  });
}

const round = (v, d = 1) => (typeof v === 'number' ? Math.round(v * 10 ** d) / 10 ** d : v);

/** What is kept of a run: the verdict, each finding's kind and first culprits, the load's key figures. */
function keep(report) {
  const d = report?.diagnosis;
  const load = report?.load;
  return {
    verdict: d?.verdict ?? null,
    findings: (d?.findings ?? []).map((f) => ({
      kind: f.kind,
      severity: f.severity,
      title: f.title,
      culprits: (f.culprits ?? []).slice(0, 3).map((c) => ({ function: c.functionName, file: String(c.url ?? '').replace(/^file:\/\//, '').replace(/^.*checkup-realapps\/[^/]+\//, ''), line: c.line, package: c.package, measure: c.measure, selfPercent: round(c.selfPercent) })),
    })),
    load: load ? { rps: round(load.requestsPerSecond), p50Ms: round(load.latency?.p50), p99Ms: round(load.latency?.p99), requests: load.requestsTotal, errors: load.errors, timeouts: load.timeouts, non2xx: load.non2xx } : null,
    error: report?.error ? { code: report.error.code, message: String(report.error.message ?? '').slice(0, 300) } : undefined,
  };
}

function readyInspector(log) {
  return new Promise((resolvePromise) => {
    const check = () => {
      const m = log.text.match(/Debugger listening on (ws:\/\/\S+)/);
      if (m) resolvePromise(m[1]);
      else setTimeout(check, 100);
    };
    check();
  });
}

async function scoreGroup(scenarios, { node, outDir, keepSessions, repeat = 1 }) {
  const [first] = scenarios;
  const setup = await import(join(here, 'setups', `${first.app}.mjs`));
  const attach = Boolean(setup.resetsAtStart);
  const log = { text: '', write: (d) => (log.text = (log.text + d).slice(-20_000)) };
  const began = performance.now();
  const running = await startApp(first.app, { patches: first.patches ?? [], config: first.config, node, nodeArgs: attach ? ['--inspect=127.0.0.1:0'] : [], log });
  const setupSec = round((performance.now() - began) / 1000);
  const results = [];
  try {
    let target;
    if (attach) target = await readyInspector(log);
    else {
      // Seeded: stop the app (the databases stay) so that Checkup starts it as a user would.
      await new Promise((r) => {
        running.child.once('exit', r);
        running.child.kill('SIGTERM');
      });
    }
    const { args, env = {}, cwd = '.' } = setup.command(running.cwd, running.dbs, { port: running.port });
    // Passes outermost: the runs of one scenario are a whole pass apart, on the same seeded app.
    const passes = Array.from({ length: repeat }, (_, i) => i + 1).flatMap((pass) => scenarios.map((scenario) => ({ scenario, pass })));
    for (const { scenario, pass } of passes) {
      const recipePath = join(outDir, `${scenario.name}.recipe.json`);
      writeFileSync(recipePath, JSON.stringify(recipeFor(scenario), null, 2));
      const sessions = keepSessions ?? join(outDir, 'sessions');
      const common = ['--json', `--recipe=${recipePath}`, `--out=${sessions}`, `--note=realapps ${scenario.name}`];
      const argv = attach
        ? ['attach', target, ...common]
        : ['run', ...common, '--cwd', join(running.cwd, cwd), ...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]), '--', node ?? process.execPath, ...args];
      const t0 = performance.now();
      const { code, report, stderrTail } = await runCheckup(argv, runTimeoutMs(scenario.load));
      const kept = keep(report);
      const verdictJudged = kept.verdict ? judgeVerdict(scenario.expected, kept.verdict) : { hit: false, specific: false, via: null, unmapped: false };
      const culprit = judgeCulprit(scenario.expected.culprit, report?.diagnosis?.findings);
      results.push({
        name: scenario.name,
        app: scenario.app,
        ...(repeat > 1 ? { repeat: pass } : {}),
        loadAverage1m: round(loadavg()[0], 2),
        mode: attach ? 'attach' : 'run',
        expected: { category: scenario.expected.category, primary: primaryCategory(scenario.expected.category), culprit: scenario.expected.culprit ? `${scenario.expected.culprit.file}:${scenario.expected.culprit.line}` : null },
        got: kept,
        hit: verdictJudged.hit,
        specific: verdictJudged.specific,
        via: verdictJudged.via,
        unmapped: verdictJudged.unmapped || undefined,
        culpritHit: culprit,
        exitCode: code,
        runSec: round((performance.now() - t0) / 1000),
        ...(kept.verdict ? {} : { stderrTail }),
      });
      if (!keepSessions) rmSync(sessions, { recursive: true, force: true });
      const r = results.at(-1);
      console.error(`${repeat > 1 ? `#${pass} ` : ''}${r.name}: expected ${r.expected.primary}, got ${r.got.verdict} -> ${r.hit ? 'hit' : 'miss'}${r.culpritHit === null ? '' : `, culprit ${r.culpritHit ? 'hit' : 'miss'}`} (${r.runSec} s)`);
    }
  } finally {
    await running.stop();
  }
  return { results, setupSec };
}

const pct = (n, d) => (d ? `${n}/${d} (${Math.round((100 * n) / d)} %)` : '-');

export function printTable(results) {
  const lines = ['| scenario | expected | got | verdict | culprit | req/s | p99 ms | errors |', '|---|---|---|---|---|---|---|---|'];
  for (const r of results) {
    lines.push(`| ${r.name} | ${r.expected.primary} | ${r.got.verdict ?? `(no verdict: exit ${r.exitCode})`} | ${r.hit ? (r.specific ? 'hit (specific)' : r.via === 'alsoAccept' ? 'hit (also accepted)' : 'hit') : 'miss'} | ${r.culpritHit === null ? '-' : r.culpritHit ? 'hit' : 'miss'} | ${r.got.load?.rps ?? '-'} | ${r.got.load?.p99Ms ?? '-'} | ${(r.got.load?.errors ?? 0) + (r.got.load?.non2xx ?? 0)} |`);
  }
  const withCulprit = results.filter((r) => r.culpritHit !== null);
  const healthy = results.filter((r) => r.expected.primary.startsWith('healthy'));
  const hits = results.filter((r) => r.hit).length;
  const ci = wilsonInterval(hits, results.length);
  const f = scenarioFlips(results);
  lines.push(
    '',
    `verdict: ${pct(hits, results.length)} [95 % interval ${Math.round(100 * ci.low)}-${Math.round(100 * ci.high)} %]; culprit: ${pct(withCulprit.filter((r) => r.culpritHit).length, withCulprit.length)}; healthy called healthy: ${pct(healthy.filter((r) => r.hit).length, healthy.length)}` +
      (f.repeated ? `; flip rate ${f.flipping.length}/${f.repeated}${f.flipping.length ? ` (${f.flipping.join(', ')})` : ''}` : ''),
  );
  return lines.join('\n');
}

/** Scenarios scored more than once whose verdict changed between passes: the doctor's scatter on this machine. */
export function scenarioFlips(results) {
  const verdicts = new Map();
  for (const r of results) verdicts.set(r.name, [...(verdicts.get(r.name) ?? []), r.got.verdict]);
  const repeated = [...verdicts.entries()].filter(([, v]) => v.length > 1);
  return { repeated: repeated.length, flipping: repeated.filter(([, v]) => new Set(v).size > 1).map(([name]) => name) };
}

/** The expectations scored (names, loads, expectations; not the facts), so a record says which cases it judged. */
const scenariosHash = (scenarios) =>
  createHash('sha256')
    .update(JSON.stringify(scenarios.map(({ facts: _facts, ...rest }) => rest)))
    .digest('hex')
    .slice(0, 16);

async function main() {
  const { values } = parseArgs({ options: { apps: { type: 'string' }, scenarios: { type: 'string' }, node: { type: 'string' }, out: { type: 'string' }, 'keep-sessions': { type: 'string' }, repeat: { type: 'string' } } });
  const repeat = Math.max(1, Number(values.repeat ?? 1) || 1);
  const apps = values.apps?.split(',');
  const names = values.scenarios?.split(',');
  const chosen = loadScenarios().filter((s) => (!apps || apps.includes(s.app)) && (!names || names.includes(s.name)));
  if (!chosen.length) throw new Error('no scenario chosen');
  const node = values.node ? resolve(values.node) : undefined;
  const outDir = mkdtempSync(join(tmpdir(), 'realapps-score-'));
  const groups = new Map();
  for (const s of chosen) {
    const key = JSON.stringify([s.app, s.patches ?? [], s.config ?? null]);
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const began = new Date();
  const load0 = loadavg()[0];
  const results = [];
  const setups = [];
  for (const group of groups.values()) {
    try {
      const { results: r, setupSec } = await scoreGroup(group, { node, outDir, keepSessions: values['keep-sessions'] ? resolve(values['keep-sessions']) : undefined, repeat });
      results.push(...r);
      setups.push({ app: group[0].app, patches: group[0].patches ?? [], config: group[0].config ?? null, setupSec, scenarios: group.length, runs: r.length, scoringSec: round(r.reduce((s, x) => s + x.runSec, 0)) });
    } catch (err) {
      // An app that cannot be set up is recorded as such, and the other apps are still scored.
      console.error(err.stack || err);
      setups.push({ app: group[0].app, patches: group[0].patches ?? [], config: group[0].config ?? null, failed: String(err.message ?? err).slice(0, 500) });
    }
  }
  rmSync(outDir, { recursive: true, force: true });
  const git = (...a) => execFileSync('git', a, { cwd: repo, encoding: 'utf8' }).trim();
  const summary = {
    what: 'checkup run --json on each real-app scenario, verdict and culprit judged by test/realapps/score-table.mjs',
    doctorCommit: git('rev-parse', 'HEAD'),
    worktreeDirty: git('status', '--porcelain', '--', 'app', 'bin').length > 0,
    scenariosHash: scenariosHash(chosen),
    node: execFileSync(node ?? process.execPath, ['--version'], { encoding: 'utf8' }).trim(),
    checkupNode: process.version,
    startedAt: began.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { cores: cpus().length, loadAverage1mAtStart: round(load0), loadAverage1mAtEnd: round(loadavg()[0]) },
    totals: {
      // With --repeat, every count below is of runs (each scenario scored `repeat` times).
      scenarios: new Set(results.map((r) => r.name)).size,
      runs: results.length,
      verdictHits: results.filter((r) => r.hit).length,
      specificHits: results.filter((r) => r.specific).length,
      culpritExpected: results.filter((r) => r.culpritHit !== null).length,
      culpritHits: results.filter((r) => r.culpritHit).length,
      healthyExpected: results.filter((r) => r.expected.primary.startsWith('healthy')).length,
      healthyHits: results.filter((r) => r.expected.primary.startsWith('healthy') && r.hit).length,
      unmappedVerdicts: [...new Set(results.filter((r) => r.unmapped).map((r) => r.got.verdict))],
      verdictInterval95: (({ low, high }) => ({ low: round(low, 3), high: round(high, 3) }))(wilsonInterval(results.filter((r) => r.hit).length, results.length)),
      ...(repeat > 1 ? (({ repeated, flipping }) => ({ repeatedScenarios: repeated, flippingScenarios: flipping, flipRate: repeated ? round(flipping.length / repeated, 3) : null }))(scenarioFlips(results)) : {}),
    },
    repeat,
    setups,
    results,
  };
  if (values.out) {
    mkdirSync(dirname(resolve(values.out)), { recursive: true });
    writeFileSync(resolve(values.out), JSON.stringify(summary, null, 2) + '\n');
  }
  console.log(printTable(results));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err.stack || err);
    process.exit(1);
  });
}
