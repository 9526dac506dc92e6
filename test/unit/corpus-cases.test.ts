// The corpus loader (test/corpus/cases.js): every case of the repository loads, and a case's round-6 fields are
// validated: the entry (server.js, server.mjs or server.ts) and its culprit file, the database services, a crash
// under load, the verdicts round 6 added.
import { afterAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
type LoadedCase = Record<string, unknown> & { name: string; entry: string; script: string; services: string[]; round: number; split: string };
const { loadCases, VERDICTS } = require('../corpus/cases.js') as {
  loadCases: (options?: { casesDir?: string; requireSplit?: boolean }) => LoadedCase[];
  VERDICTS: string[];
};

const base = {
  framework: 'http',
  story: 'A story.',
  facts: 'Measured.',
  strength: 'strong',
  expected: { verdict: 'threadpool-saturated', culprit: { function: 'exportOrders', file: 'server.mjs' } },
  load: { connections: 10, pipelining: 1, durationSec: 5, warmupSec: 1, requests: [{ method: 'GET', path: '/x' }] },
  entry: 'server.mjs',
  split: 'held-out',
  round: 6,
};

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A corpus folder holding one case (base + fields) and the given files; returns its loader. */
function withCase(fields: Record<string, unknown>, files: string[] = ['server.mjs']) {
  const dir = mkdtempSync(join(tmpdir(), 'corpus-cases-'));
  folders.push(dir);
  mkdirSync(join(dir, 'a-case'));
  writeFileSync(join(dir, 'a-case', 'case.json'), JSON.stringify({ name: 'a-case', ...base, ...fields }));
  for (const f of files) writeFileSync(join(dir, 'a-case', f), '');
  return () => loadCases({ casesDir: dir });
}

function loadOne(load: () => LoadedCase[]): LoadedCase {
  const cases = load();
  expect(cases).toHaveLength(1);
  return cases[0] as LoadedCase;
}

describe('the corpus loader', () => {
  it('loads every case of the repository, each with its entry script and services', () => {
    const cases = loadCases();
    expect(cases.length).toBeGreaterThan(179);
    for (const c of cases) {
      expect(c.script.endsWith(`/${c.name}/${c.entry}`)).toBe(true);
      expect(Array.isArray(c.services)).toBe(true);
      if (c.round >= 2) expect(c.split).toBe('held-out');
    }
    const round6 = cases.filter((c) => c.round === 6);
    expect(round6.length).toBeGreaterThanOrEqual(15);
    expect(new Set(round6.map((c) => c.entry))).toEqual(new Set(['server.js', 'server.mjs', 'server.ts']));
    const round7 = cases.filter((c) => c.round === 7);
    expect(round7.length).toBeGreaterThanOrEqual(14);
    expect(new Set(round7.flatMap((c) => c.services))).toEqual(new Set(['postgres', 'mariadb', 'redis']));
    const round8 = cases.filter((c) => c.round === 8);
    expect(round8.length).toBeGreaterThanOrEqual(12);
    expect(new Set(round8.map((c) => c.entry))).toEqual(new Set(['server.js', 'server.mjs', 'server.ts']));
    expect(new Set(round8.flatMap((c) => c.services))).toEqual(new Set(['postgres', 'mariadb', 'redis']));
    const round9 = cases.filter((c) => c.round === 9);
    expect(round9.length).toBeGreaterThanOrEqual(12);
    expect(new Set(round9.map((c) => c.entry))).toEqual(new Set(['server.js', 'server.mjs', 'server.ts']));
    expect(new Set(round9.flatMap((c) => c.services))).toEqual(new Set(['postgres', 'mariadb']));
    const round10 = cases.filter((c) => c.round === 10);
    expect(round10.length).toBeGreaterThanOrEqual(12);
    expect(new Set(round10.map((c) => c.entry))).toEqual(new Set(['server.js', 'server.mjs']));
    expect(new Set(round10.flatMap((c) => c.services))).toEqual(new Set(['postgres', 'redis']));
    const round11 = cases.filter((c) => c.round === 11);
    expect(round11.length).toBeGreaterThanOrEqual(12);
    expect(new Set(round11.flatMap((c) => c.services))).toEqual(new Set(['postgres', 'mariadb', 'redis']));
    // The tsc-built app names its culprit in its TypeScript source, which the loader found beside dist/.
    const culpritFile = (c: LoadedCase) => (c.expected as { culprit?: { file: string } }).culprit?.file ?? '';
    expect(round11.map(culpritFile).filter((f) => f.startsWith('src/'))).toEqual(['src/fares.ts']);
    const round12 = cases.filter((c) => c.round === 12);
    expect(round12.length).toBeGreaterThanOrEqual(12);
    expect(new Set(round12.flatMap((c) => c.services))).toEqual(new Set(['postgres', 'mariadb', 'redis']));
    const round13 = cases.filter((c) => c.round === 13);
    expect(round13.length).toBeGreaterThanOrEqual(12);
    expect(new Set(round13.flatMap((c) => c.services))).toEqual(new Set(['postgres', 'mariadb', 'redis']));
    const round14 = cases.filter((c) => c.round === 14);
    expect(round14.length).toBeGreaterThanOrEqual(12);
    expect(new Set(round14.flatMap((c) => c.services))).toEqual(new Set(['postgres', 'mariadb', 'redis']));
    const round15 = cases.filter((c) => c.round === 15);
    expect(round15.length).toBeGreaterThanOrEqual(12);
    expect(new Set(round15.flatMap((c) => c.services))).toEqual(new Set(['postgres', 'mariadb', 'redis']));
  });

  it('takes an ES module entry and database services, and gives script as the entry path', () => {
    const c = loadOne(withCase({ services: ['postgres', 'redis'] }));
    expect(c.entry).toBe('server.mjs');
    expect(c.script.endsWith('/a-case/server.mjs')).toBe(true);
    expect(c.services).toEqual(['postgres', 'redis']);
  });

  it('defaults to server.js and no services', () => {
    const c = loadOne(withCase({ entry: undefined, expected: { verdict: 'healthy' }, strength: 'none' }, ['server.js']));
    expect(c.entry).toBe('server.js');
    expect(c.services).toEqual([]);
  });

  it('refuses an unknown entry, a missing entry file, and a culprit in another file than the entry', () => {
    expect(withCase({ entry: 'index.js' })).toThrow(/entry must be one of server.js, server.mjs, server.ts/);
    expect(withCase({}, ['server.js'])).toThrow(/server.mjs is missing/);
    expect(withCase({ expected: { verdict: 'hot-path', culprit: { function: 'f', file: 'server.js' } } })).toThrow(/culprit.file must be server.mjs/);
  });

  it('refuses services it cannot start, empty or named twice', () => {
    expect(withCase({ services: ['mongodb'] })).toThrow(/services entries must be one of postgres, mariadb, redis/);
    expect(withCase({ services: [] })).toThrow(/services must be a non-empty array/);
    expect(withCase({ services: ['redis', 'redis'] })).toThrow(/must not name a server twice/);
  });

  it('takes crashesUnderLoad only on a target-crashed case', () => {
    expect(withCase({ crashesUnderLoad: true })).toThrow(/only a target-crashed case has crashesUnderLoad/);
    expect(withCase({ crashesUnderLoad: 'yes' })).toThrow(/crashesUnderLoad must be true or false/);
    const c = loadOne(withCase({ crashesUnderLoad: true, expected: { verdict: 'target-crashed', culprit: { function: 'shipBatch', file: 'server.mjs' } } }));
    expect(c.crashesUnderLoad).toBe(true);
  });

  it('knows the verdicts round 6 expects, and a round-6 case is held-out', () => {
    for (const v of ['threadpool-saturated', 'target-crashed', 'slow-query', 'n-plus-one', 'db-pool-exhausted', 'database-bound']) expect(VERDICTS).toContain(v);
    expect(withCase({ expected: { verdict: 'overloaded-ish', culprit: { function: 'f', file: 'server.mjs' } } })).toThrow(/expected.verdict must be one of/);
    expect(withCase({ split: 'tuning' })).toThrow(/a round-6 case is held-out by construction/);
    expect(withCase({ round: 16 })).toThrow(/round must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15/);
    expect(withCase({ round: 15, split: 'tuning' })).toThrow(/a round-15 case is held-out by construction/);
    expect(withCase({ round: 14, split: 'tuning' })).toThrow(/a round-14 case is held-out by construction/);
    expect(withCase({ round: 12, split: 'tuning' })).toThrow(/a round-12 case is held-out by construction/);
    expect(withCase({ round: 11, split: 'tuning' })).toThrow(/a round-11 case is held-out by construction/);
    expect(withCase({ expected: { verdict: 'hot-path', culprit: { function: 'f', file: 'lib/f.js' } } })).toThrow(/expected.culprit.file must be/);
    expect(withCase({ expected: { verdict: 'hot-path', culprit: { function: 'f', file: 'src/f.ts' } } })).toThrow(/expected.culprit.file src\/f.ts is missing/);
    expect(withCase({ round: 7, split: 'tuning' })).toThrow(/a round-7 case is held-out by construction/);
    expect(withCase({ round: 8, split: 'tuning' })).toThrow(/a round-8 case is held-out by construction/);
    expect(withCase({ round: 9, split: 'tuning' })).toThrow(/a round-9 case is held-out by construction/);
    expect(withCase({ round: 10, split: 'tuning' })).toThrow(/a round-10 case is held-out by construction/);
  });
});
