// The doctor's corpus (test/corpus): servers written apart from the doctor, each with the verdict and culprit
// expected of it written down before any threshold was set. Runs one case through the engine as a user would
// (`checkup run -- node server.js` with the case's load) and scores the diagnosis against the expectation. Used by
// `npm run bench -- --only accuracy` (the whole corpus, every Node) and by the suite's fast subset.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { basename, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Culprit, Diagnosis } from '../app/contract/diagnosis.js';
import type { LoadSpec } from '../app/contract/recipe.js';
import type { Engine } from '../app/engine/engine.js';
import { rootDir } from '../app/paths.js';
import { judgedFigures, type JudgedFigure } from './accuracy-record.js';

export interface CorpusCase {
  name: string;
  framework: string;
  story: string;
  expected: { verdict: string; culprit?: { function: string; file?: string; package?: string; line?: number; alsoAccept?: string[] } };
  /**
   * Where a Node version makes the story untrue (V8 made the code cheap), the verdict expected on that major version,
   * with the independent measurement that shows it.
   */
  expectedByNode?: Record<string, { verdict: string; why: string }>;
  strength: 'strong' | 'mild' | 'none';
  load: Partial<Omit<LoadSpec, 'requests'>> & { requests: Array<{ method?: string; path: string; headers?: Record<string, string>; body?: string }> };
  split: 'tuning' | 'held-out';
  /**
   * 1: the first 51 cases; 2: the second held-out set, written after the first held-out third had been looked at;
   * 3: the third, written after round 2's misses had been read and the doctor changed for them; 4: the fourth (40
   * cases by two writers who never ran Checkup), written after round 3 had been seen in session 4; 5: forty more, the
   * same way; 6: sixteen defined by root cause (two problems at once, expensive but healthy, slow leaks, crashes,
   * TypeScript and ES modules, the threadpool, real databases), written after round 5 had been seen in session 11.
   */
  round?: number;
  /** Database servers the case needs (round 6 on): started on free ports for its run, their environment passed to it. */
  services?: DatabaseKind[];
  /** Extra Node flags the story needs (a bounded heap for a crash under load). */
  nodeArgs?: string[];
  dir: string;
  /** The entry's absolute path: server.js, or server.mjs / server.ts where the case says `entry`. */
  script: string;
}

export type DatabaseKind = 'postgres' | 'mariadb' | 'redis';
interface RunningDatabase { env: Record<string, string>; stop(): Promise<void> }

/** test/helpers/databases.mjs: the suite's real PostgreSQL/MariaDB/Redis, each on a free port, stopped after the case. */
async function startServices(kinds: DatabaseKind[]): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  if (kinds.length === 0) return { env: {}, stop: async () => {} };
  const { startDatabases } = (await import(pathToFileURL(join(rootDir, 'test', 'helpers', 'databases.mjs')).href)) as {
    startDatabases(kinds: DatabaseKind[]): Promise<Record<string, RunningDatabase>>;
  };
  const dbs = Object.values(await startDatabases(kinds));
  return { env: Object.assign({}, ...dbs.map((db) => db.env)), stop: async () => void (await Promise.all(dbs.map((db) => db.stop()))) };
}

/**
 * Which set a case's result counts in. A held-out set stays held out until its results are read while the doctor is
 * being changed: round 1's held-out third was read in session 2, round 2 in session 4 (its misses led to the
 * app-queue, EventTarget and CPU-wait changes), round 3 in session 4 too (the hot path by inclusive share was set after
 * its koa-acl miss), rounds 4 and 5 in sessions 6 to 11 (their misses read, no threshold moved for them after round 5's
 * first score), round 6 at the end of session 12 (its misses read in session 13), round 7 at the end of session 13 (its
 * misses read in session 14), round 8 in session 14 (its slow leaks read in session 15), round 9 at the end of session
 * 15 (its ORM culprits read in session 16), round 10 once round 11 was written (its score read in session 16), round 11 once round 12 was written (its score read in session 17), round 12 once round 13 was written (its score read in session 18), round 13 once round 14 was written (scored at b8ae528), round 14 once round 15 was written (scored at a4c9fbc). From then on they are "seen" and reported apart; the held-out set is the newest round,
 * written by someone who never ran Checkup on it.
 */
export const HELD_OUT_ROUND = 15;
export type CorpusSet = 'tuning' | 'seen-held-out' | 'held-out';
export const CORPUS_SETS: CorpusSet[] = ['tuning', 'seen-held-out', 'held-out'];

export function setOf(c: Pick<CorpusCase, 'split' | 'round'>): CorpusSet {
  if (c.split === 'tuning') return 'tuning';
  return (c.round ?? 1) >= HELD_OUT_ROUND ? 'held-out' : 'seen-held-out';
}

export function loadCorpus(): CorpusCase[] {
  const require = createRequire(import.meta.url);
  const { loadCases } = require(join(rootDir, 'test', 'corpus', 'cases.js')) as { loadCases: () => CorpusCase[] };
  return loadCases();
}

/** The Node binaries to judge on: this machine's `node`, and 22 and 24 from npm (optional dependencies). */
export function nodeBinaries(): Array<{ label: string; path: string | undefined; major: number }> {
  const out: Array<{ label: string; path: string | undefined; major: number }> = [{ label: 'node (PATH)', path: undefined, major: pathNodeMajor() }];
  for (const major of [22, 24]) {
    const path = join(rootDir, 'node_modules', `node${major}`, 'bin', 'node');
    if (existsSync(path)) out.push({ label: `node ${major}`, path, major });
  }
  return out;
}

function pathNodeMajor(): number {
  const found = spawnSync('node', ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return Number(String(found.stdout).split('.')[0]) || Number(process.versions.node.split('.')[0]);
}

/**
 * Frameworks that do not run on some Node: such cases are reported as not run there, not as misses. restify 11 needs
 * process.binding('http_parser'), which Node 24 removed; restify 12 needs Node 22 or newer, so no one version of it
 * runs on 20, 22 and 24.
 */
const FRAMEWORK_NODE_LIMITS: Record<string, { maxMajor: number; why: string }> = {
  restify: { maxMajor: 23, why: "restify 11 uses process.binding('http_parser'), which Node 24 removed" },
};

export function unsupportedOn(c: CorpusCase, major: number): string | undefined {
  const limit = FRAMEWORK_NODE_LIMITS[c.framework];
  if (limit && major > limit.maxMajor) return limit.why;
  // A TypeScript entry runs as written only where Node strips types itself (22.18 and 24 without a flag).
  if (c.script.endsWith('.ts') && major < 22) return 'Node 20 has no type stripping: a server.ts needs a loader the case does not ask for';
  return undefined;
}

export type LoadChoice = 'story' | 'default';

/**
 * The case's own load, or what a user who only named the paths would run: default connections and pipelining. The
 * suite's fast subset shortens the measured time (`durationSec`); the benchmark keeps the story's.
 */
export function corpusLoad(c: CorpusCase, choice: LoadChoice, durationSec?: number): Partial<LoadSpec> {
  const requests = c.load.requests.map((r) => ({ method: r.method ?? 'GET', path: r.path, headers: r.headers ?? {}, ...(r.body !== undefined ? { body: r.body } : {}) }));
  const base = { requests, durationSec: durationSec ?? c.load.durationSec ?? 5, warmupSec: c.load.warmupSec ?? 1 };
  if (choice === 'default') return base;
  const { requests: _r, ...rest } = c.load;
  return { ...rest, ...base };
}

export interface CaseResult {
  name: string;
  set: CorpusSet;
  node: string;
  nodeVersion: string | undefined;
  load: LoadChoice;
  expected: string;
  verdict: string;
  verdictRight: boolean;
  /** Undefined when the case names no culprit or the verdict was wrong. */
  culpritRight: boolean | undefined;
  topCulprits: string[];
  /** Every figure the doctor compared with a threshold, with its margin (bench/accuracy-record.ts). */
  figures?: JudgedFigure[];
  /** Which repetition of the case this was (1-based), and the machine's 1-minute load average when it started. */
  repeat?: number;
  loadAverage1m?: number;
  error?: string;
}

function names(c: Culprit, fn: string): boolean {
  return c.functionName === fn || c.calledFrom === fn || c.via === fn || Boolean(c.mayInclude?.some((m) => m.functionName === fn));
}

/** The expected function in the expected file; or one of the case's other acceptable functions of the user's (its entry file). */
function culpritMatches(c: Culprit, want: NonNullable<CorpusCase['expected']['culprit']>, dir: string, entry: string): boolean {
  if (names(c, want.function) && (want.file === undefined || fileMatches(c.url, want.file, dir))) return true;
  return (want.alsoAccept ?? []).some((fn) => names(c, fn) && fileMatches(c.url, entry, dir));
}

function fileMatches(url: string, file: string, dir: string): boolean {
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  return relative(dir, path).replace(/\\/g, '/') === file || path.endsWith('/' + file);
}

/** What the case expects on the Node that ran it (its major version), culprit included. */
export function expectationOn(c: CorpusCase, nodeVersion: string | undefined): CorpusCase['expected'] {
  const major = nodeVersion?.replace(/^v/, '').split('.')[0];
  const byNode = major ? c.expectedByNode?.[major] : undefined;
  return byNode ? { verdict: byNode.verdict, ...(byNode.verdict === c.expected.verdict && c.expected.culprit ? { culprit: c.expected.culprit } : {}) } : c.expected;
}

export function judge(c: CorpusCase, diagnosis: Diagnosis, nodeVersion?: string): Pick<CaseResult, 'expected' | 'verdictRight' | 'culpritRight' | 'topCulprits'> {
  const expected = expectationOn(c, nodeVersion);
  const verdictRight = diagnosis.verdict === expected.verdict;
  const finding = diagnosis.findings.find((f) => f.kind === diagnosis.verdict);
  const culprits = finding?.culprits ?? [];
  const want = expected.culprit;
  return {
    expected: expected.verdict,
    verdictRight,
    culpritRight: want && verdictRight ? culprits.slice(0, 2).some((x) => culpritMatches(x, want, c.dir, basename(c.script))) : undefined,
    topCulprits: culprits.slice(0, 2).map((x) => `${x.calledFrom ? `${x.functionName} in ${x.calledFrom}` : x.functionName}@${x.url.split('/').slice(-2).join('/')}:${x.line}`),
  };
}

export async function runCase(engine: Engine, c: CorpusCase, opts: { node?: string; nodeLabel?: string; load: LoadChoice; durationSec?: number; repeat?: number }): Promise<CaseResult> {
  const base = { name: c.name, set: setOf(c), node: opts.nodeLabel ?? 'node', load: opts.load, expected: c.expected.verdict, ...(opts.repeat ? { repeat: opts.repeat } : {}), loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100 };
  let services: Awaited<ReturnType<typeof startServices>> | undefined;
  try {
    services = await startServices(c.services ?? []);
    const started = await engine.startRun({
      recipe: {
        target: { kind: 'script', script: c.script, cwd: c.dir, args: [], nodeArgs: c.nodeArgs ?? [], env: { ...services.env, PORT: '0' }, ...(opts.node ? { node: opts.node } : {}) },
        load: corpusLoad(c, opts.load, opts.durationSec),
      },
    });
    const outcome = await engine.registry.runOutcome(started.runId);
    const detail = await engine.getSession({ id: outcome.sessionId });
    const diagnosis = detail.diagnosis;
    if (!diagnosis) return { ...base, nodeVersion: undefined, verdict: 'none', verdictRight: false, culpritRight: undefined, topCulprits: [], error: outcome.error?.message ?? 'no diagnosis' };
    return { ...base, nodeVersion: detail.session.target.nodeVersion, verdict: diagnosis.verdict, ...judge(c, diagnosis, detail.session.target.nodeVersion), figures: judgedFigures(diagnosis), ...(outcome.error ? { error: outcome.error.message } : {}) };
  } catch (err) {
    return { ...base, nodeVersion: undefined, verdict: 'error', verdictRight: false, culpritRight: undefined, topCulprits: [], error: (err as Error).message };
  } finally {
    await services?.stop();
  }
}
