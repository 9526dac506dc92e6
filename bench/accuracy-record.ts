// The accuracy record kept in bench/results/: one JSON summary per scoring run (no sessions), so anyone can re-read a
// figure quoted in the docs: the doctor's commit, the cases' hash, per case, Node and repetition the verdict, the
// culprits, every figure the doctor judged with its threshold and margin, the machine's load; per set and Node the
// hit rate with its confidence interval and the flip rate.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, relative } from 'node:path';
import type { Diagnosis } from '../app/contract/diagnosis.js';
import { THRESHOLDS_VERSION } from '../app/diagnosis/thresholds.js';
import { rootDir } from '../app/paths.js';
import type { CaseResult, CorpusCase } from './corpus.js';

export interface JudgedFigure {
  finding: string;
  label: string;
  value: number;
  unit: string;
  threshold: number;
  /** value / threshold: above 1 the figure crossed a "more than" line; how far it sat from the line either way. */
  margin: number;
}

/** Every figure of the diagnosis that was compared with a threshold, per finding. */
export function judgedFigures(diagnosis: Diagnosis): JudgedFigure[] {
  return diagnosis.findings.flatMap((f) =>
    f.evidence
      .filter((e) => typeof e.threshold === 'number' && e.threshold !== 0 && Number.isFinite(e.value))
      .map((e) => ({ finding: f.kind, label: e.label, value: round(e.value, 4), unit: e.unit, threshold: e.threshold!, margin: round(e.value / e.threshold!, 3) })),
  );
}

/** The files a case is made of (its case.json, server and helpers; not installed packages), in a stable order. */
function caseFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      if (name === 'node_modules') continue;
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(path);
    }
  };
  walk(dir);
  return out;
}

/** SHA-256 (16 hex) of the scored cases' files: a record names exactly which servers and expectations it judged. */
export function casesHash(cases: CorpusCase[]): string {
  const hash = createHash('sha256');
  for (const c of [...cases].sort((a, b) => a.name.localeCompare(b.name))) {
    for (const file of caseFiles(c.dir)) hash.update(relative(rootDir, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Wilson score interval for k successes in n trials (95 %, z = 1.96): unlike k/n +- 1.96 sqrt(p(1-p)/n) it stays inside
 * [0, 1] and is honest near 100 %, where our rates sit and where n is a few dozen.
 */
export function wilsonInterval(k: number, n: number, z = 1.96): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = k / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Cases whose verdict changed between repetitions of the same case, Node and load, among those run more than once:
 * the doctor's own scatter on this machine, apart from whether it is right.
 */
export function flips(results: CaseResult[]): { flipping: string[]; repeated: number } {
  const groups = new Map<string, Set<string>>();
  const runs = new Map<string, number>();
  for (const r of results) {
    const key = `${r.name} on ${r.node}, ${r.load} load`;
    groups.set(key, (groups.get(key) ?? new Set()).add(r.verdict));
    runs.set(key, (runs.get(key) ?? 0) + 1);
  }
  const repeatedKeys = [...runs.entries()].filter(([, n]) => n > 1).map(([k]) => k);
  return { flipping: repeatedKeys.filter((k) => groups.get(k)!.size > 1), repeated: repeatedKeys.length };
}

export interface GroupSummary {
  set: string;
  node: string;
  nodeVersions: string[];
  load: string;
  runs: number;
  verdictHits: number;
  verdictInterval95: { low: number; high: number };
  culpritExpected: number;
  culpritHits: number;
  repeatedCases: number;
  flippingCases: string[];
  flipRate: number | null;
}

export function summarise(results: CaseResult[]): GroupSummary[] {
  const keys = [...new Set(results.map((r) => `${r.set}|${r.node}|${r.load}`))];
  return keys.map((key) => {
    const [set, node, load] = key.split('|') as [string, string, string];
    const rs = results.filter((r) => r.set === set && r.node === node && r.load === load);
    const hits = rs.filter((r) => r.verdictRight).length;
    const withCulprit = rs.filter((r) => r.culpritRight !== undefined);
    const f = flips(rs);
    return {
      set,
      node,
      nodeVersions: [...new Set(rs.map((r) => r.nodeVersion).filter((v): v is string => Boolean(v)))],
      load,
      runs: rs.length,
      verdictHits: hits,
      verdictInterval95: mapValues(wilsonInterval(hits, rs.length), (v) => round(v, 3)),
      culpritExpected: withCulprit.length,
      culpritHits: withCulprit.filter((r) => r.culpritRight).length,
      repeatedCases: f.repeated,
      flippingCases: f.flipping,
      flipRate: f.repeated ? round(f.flipping.length / f.repeated, 3) : null,
    };
  });
}

export function accuracyRecord(o: { cases: CorpusCase[]; results: CaseResult[]; repeat: number; command: string; startedAt: Date; loadAtStart: number; loadAtEnd: number }) {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: rootDir, encoding: 'utf8' }).trim();
  return {
    what: 'the doctor scored on the corpus (test/corpus): each case run as a user runs it, verdict and culprit against the expectation written before',
    command: o.command,
    doctorCommit: git('rev-parse', 'HEAD'),
    worktreeDirty: git('status', '--porcelain', '--', 'app', 'bin', 'test/corpus').length > 0,
    thresholds: THRESHOLDS_VERSION,
    casesHash: casesHash(o.cases),
    cases: o.cases.length,
    repeat: o.repeat,
    startedAt: o.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { cores: cpus().length, loadAverage1mAtStart: round(o.loadAtStart, 2), loadAverage1mAtEnd: round(o.loadAtEnd, 2) },
    summary: summarise(o.results),
    results: o.results,
  };
}

function round(v: number, digits: number): number {
  return Math.round(v * 10 ** digits) / 10 ** digits;
}

function mapValues<T extends Record<string, number>>(o: T, f: (v: number) => number): T {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)])) as T;
}

/** The record as kept: its head indented, one line per run (a few hundred KB for 360 runs, and a diff reads per run). */
export function recordText(record: ReturnType<typeof accuracyRecord>): string {
  const { results, ...head } = record;
  return JSON.stringify(head, null, 1).replace(/\n}$/, `,\n "results": [\n${results.map((r) => '  ' + JSON.stringify(r)).join(',\n')}\n ]\n}\n`);
}
