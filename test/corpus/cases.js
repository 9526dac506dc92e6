'use strict';
// Loads the corpus: every cases/<name>/case.json, validated, with `dir` (absolute folder) and `script` (absolute
// path of the entry: server.js, or the case's `entry`) added. CommonJS, no dependencies. Throws an Error naming the case and the field when a case is
// malformed, so a broken case is never silently skipped.
const fs = require('node:fs');
const path = require('node:path');

const CASES_DIR = path.join(__dirname, 'cases');

// The first eight since round 1; the rest since round 6, verdicts the doctor gives that earlier rounds never expected
// (database-bound since round 9: requests waiting on the database for none of the other database reasons, a row lock).
const VERDICTS = [
  'event-loop-blocked',
  'hot-path',
  'gc-pressure',
  'memory-leak',
  'listener-leak',
  'io-bound',
  'load-errors',
  'healthy',
  'threadpool-saturated',
  'target-crashed',
  'slow-query',
  'n-plus-one',
  'db-pool-exhausted',
  'database-bound',
];
const FRAMEWORKS = ['http', 'express', 'fastify', 'restify', 'koa'];
const STRENGTHS = ['strong', 'mild', 'none'];
const SPLITS = ['tuning', 'held-out'];
// Round 1: the first 51 cases (split by split.js's seeded shuffle); rounds 2 to 15: fresh held-out sets written
// later, each after the previous held-out set had been seen by the people tuning the doctor.
const ROUNDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
// Round 6: an entry other than server.js (an ES module, or TypeScript run by Node's own type stripping), and real
// database servers the harness starts (test/helpers/databases.mjs) and passes to the server in its environment.
const ENTRIES = ['server.js', 'server.mjs', 'server.ts'];
const SERVICES = ['postgres', 'mariadb', 'redis'];
const SOURCE_TS = /^src\/[\w./-]+\.ts$/;

function fail(name, message) {
  throw new Error(`corpus case "${name}" is malformed: ${message}`);
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isNonEmptyString = (v) => typeof v === 'string' && v.trim().length > 0;
const isPositiveInt = (v) => Number.isInteger(v) && v >= 1;

function validateRequest(name, request, i) {
  const where = `load.requests[${i}]`;
  if (!isObject(request)) fail(name, `${where} must be an object`);
  if (request.method !== undefined && !/^[A-Za-z]+$/.test(request.method)) fail(name, `${where}.method must be letters only`);
  if (typeof request.path !== 'string' || !request.path.startsWith('/')) fail(name, `${where}.path must be a string starting with /`);
  if (request.headers !== undefined) {
    if (!isObject(request.headers)) fail(name, `${where}.headers must be an object`);
    for (const [k, v] of Object.entries(request.headers)) if (typeof v !== 'string') fail(name, `${where}.headers.${k} must be a string`);
  }
  if (request.body !== undefined && typeof request.body !== 'string') fail(name, `${where}.body must be a string`);
}

function validateCase(c, folder, { requireSplit }) {
  const name = (c && c.name) || folder;
  if (!isObject(c)) fail(folder, 'case.json must hold a JSON object');
  if (c.name !== folder) fail(folder, `name "${c.name}" must equal the folder name "${folder}"`);
  if (!FRAMEWORKS.includes(c.framework)) fail(name, `framework must be one of ${FRAMEWORKS.join(', ')}`);
  if (!isNonEmptyString(c.story)) fail(name, 'story must be a non-empty string');
  if (!isNonEmptyString(c.facts)) fail(name, 'facts must be a non-empty string');
  if (!STRENGTHS.includes(c.strength)) fail(name, `strength must be one of ${STRENGTHS.join(', ')}`);
  if (c.entry !== undefined && !ENTRIES.includes(c.entry)) fail(name, `entry must be one of ${ENTRIES.join(', ')} (absent means server.js)`);
  const entry = c.entry ?? 'server.js';
  if (c.services !== undefined) {
    if (!Array.isArray(c.services) || c.services.length === 0) fail(name, `services must be a non-empty array of ${SERVICES.join(', ')}`);
    for (const s of c.services) if (!SERVICES.includes(s)) fail(name, `services entries must be one of ${SERVICES.join(', ')}`);
    if (new Set(c.services).size !== c.services.length) fail(name, 'services must not name a server twice');
  }

  if (!isObject(c.expected)) fail(name, 'expected must be an object');
  const { verdict, culprit } = c.expected;
  if (!VERDICTS.includes(verdict)) fail(name, `expected.verdict must be one of ${VERDICTS.join(', ')}`);
  if (verdict === 'healthy') {
    if (culprit !== undefined) fail(name, 'a healthy case has no expected.culprit');
    if (c.strength !== 'none') fail(name, 'a healthy case has strength "none"');
  } else {
    if (!isObject(culprit)) fail(name, 'expected.culprit is required for every verdict but healthy');
    if (!isNonEmptyString(culprit.function)) fail(name, 'expected.culprit.function must be a non-empty string');
    if (!isNonEmptyString(culprit.file)) fail(name, 'expected.culprit.file must be a non-empty string');
    // Round 11: an app compiled by tsc whose entry only loads dist/ names its culprit in the TypeScript source
    // (src/<path>.ts, which must exist in the case's folder; checked by loadCases).
    if (culprit.file !== entry && !culprit.file.startsWith('node_modules/') && !SOURCE_TS.test(culprit.file)) fail(name, `expected.culprit.file must be ${entry} (the entry), node_modules/<pkg>/<path> or src/<path>.ts`);
    if (culprit.package !== undefined && !isNonEmptyString(culprit.package)) fail(name, 'expected.culprit.package must be a non-empty string');
    if (culprit.file.startsWith('node_modules/') && !isNonEmptyString(culprit.package)) fail(name, 'a culprit inside node_modules needs expected.culprit.package');
    if (culprit.line !== undefined && !isPositiveInt(culprit.line)) fail(name, 'expected.culprit.line must be a positive integer');
    if (culprit.alsoAccept !== undefined && (!Array.isArray(culprit.alsoAccept) || !culprit.alsoAccept.every(isNonEmptyString))) fail(name, 'expected.culprit.alsoAccept must be an array of function names');
    if (c.strength === 'none') fail(name, 'only a healthy case has strength "none"');
  }

  const load = c.load;
  if (!isObject(load)) fail(name, 'load must be an object');
  if (!isPositiveInt(load.connections) || load.connections > 10000) fail(name, 'load.connections must be an integer from 1 to 10000');
  if (!isPositiveInt(load.pipelining)) fail(name, 'load.pipelining must be a positive integer');
  if (typeof load.durationSec !== 'number' || !(load.durationSec >= 1)) fail(name, 'load.durationSec must be a number >= 1');
  if (typeof load.warmupSec !== 'number' || !(load.warmupSec >= 0)) fail(name, 'load.warmupSec must be a number >= 0');
  if (load.rate !== undefined && !isPositiveInt(load.rate)) fail(name, 'load.rate must be a positive integer (requests per second overall)');
  if (!Array.isArray(load.requests) || load.requests.length === 0) fail(name, 'load.requests must be a non-empty array');
  load.requests.forEach((r, i) => validateRequest(name, r, i));

  if (c.expectedStatus !== undefined) {
    if (!Array.isArray(c.expectedStatus) || c.expectedStatus.length !== load.requests.length) fail(name, 'expectedStatus must have one entry per load request');
    for (const s of c.expectedStatus) if (!(Number.isInteger(s) && s >= 100 && s < 600) && s !== 'reset') fail(name, 'expectedStatus entries are HTTP status codes or "reset"');
  }

  if (c.failsUnderLoad !== undefined && typeof c.failsUnderLoad !== 'boolean') fail(name, 'failsUnderLoad must be true or false');
  if (c.crashesUnderLoad !== undefined && typeof c.crashesUnderLoad !== 'boolean') fail(name, 'crashesUnderLoad must be true or false');
  if (c.crashesUnderLoad === true && verdict !== 'target-crashed') fail(name, 'only a target-crashed case has crashesUnderLoad');

  if (c.split !== undefined || requireSplit) {
    if (!SPLITS.includes(c.split)) fail(name, `split must be one of ${SPLITS.join(', ')}`);
  }
  if (c.expectedByNode !== undefined) {
    if (!isObject(c.expectedByNode)) fail(name, 'expectedByNode must be an object keyed by Node major version');
    for (const [major, e] of Object.entries(c.expectedByNode)) {
      if (!/^\d+$/.test(major)) fail(name, `expectedByNode key "${major}" must be a Node major version`);
      if (!isObject(e) || !VERDICTS.includes(e.verdict)) fail(name, `expectedByNode.${major}.verdict must be one of ${VERDICTS.join(', ')}`);
      if (!isNonEmptyString(e.why)) fail(name, `expectedByNode.${major}.why must say what was measured`);
    }
  }
  if (c.round !== undefined && !ROUNDS.includes(c.round)) fail(name, `round must be one of ${ROUNDS.join(', ')} (absent means 1)`);
  if (c.round !== undefined && c.round >= 2 && c.split !== undefined && c.split !== 'held-out') fail(name, `a round-${c.round} case is held-out by construction (split "held-out")`);
}

/**
 * Every case of the corpus, sorted by name.
 * @param {{ requireSplit?: boolean, casesDir?: string }} [options] requireSplit (default true): a case without `split` is malformed.
 */
function loadCases(options = {}) {
  const { requireSplit = true, casesDir = CASES_DIR } = options;
  const folders = fs
    .readdirSync(casesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  return folders.map((folder) => {
    const dir = path.join(casesDir, folder);
    const file = path.join(dir, 'case.json');
    if (!fs.existsSync(file)) fail(folder, 'case.json is missing');
    let c;
    try {
      c = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (err) {
      fail(folder, `case.json is not valid JSON (${err.message})`);
    }
    validateCase(c, folder, { requireSplit });
    const entry = c.entry ?? 'server.js';
    const script = path.join(dir, entry);
    if (!fs.existsSync(script)) fail(folder, `${entry} is missing`);
    const culpritFile = c.expected.culprit && c.expected.culprit.file;
    if (culpritFile && SOURCE_TS.test(culpritFile) && !fs.existsSync(path.join(dir, culpritFile))) fail(folder, `expected.culprit.file ${culpritFile} is missing`);
    return { ...c, round: c.round ?? 1, entry, services: c.services ?? [], dir, script };
  });
}

module.exports = { loadCases, VERDICTS, FRAMEWORKS, ROUNDS, ENTRIES, SERVICES, CASES_DIR };
