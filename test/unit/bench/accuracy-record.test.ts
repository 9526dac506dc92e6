import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { casesHash, flips, judgedFigures, recordText, summarise, wilsonInterval } from '../../../bench/accuracy-record.js';
import type { CaseResult, CorpusCase } from '../../../bench/corpus.js';
import type { Diagnosis } from '../../../app/contract/diagnosis.js';

const result = (name: string, verdict: string, right: boolean, extra: Partial<CaseResult> = {}): CaseResult => ({
  name,
  set: 'held-out',
  node: 'node 22',
  nodeVersion: 'v22.1.0',
  load: 'story',
  expected: 'hot-path',
  verdict,
  verdictRight: right,
  culpritRight: undefined,
  topCulprits: [],
  ...extra,
});

describe('the accuracy record', () => {
  it('gives the Wilson interval, whose bounds at 0 and n successes have a closed form', () => {
    const z = 1.96;
    // All right: the lower bound is n / (n + z^2); none right: the upper bound is z^2 / (n + z^2).
    expect(wilsonInterval(40, 40).low).toBeCloseTo(40 / (40 + z * z), 10);
    expect(wilsonInterval(40, 40).high).toBe(1);
    expect(wilsonInterval(0, 10).high).toBeCloseTo((z * z) / (10 + z * z), 10);
    expect(wilsonInterval(0, 10).low).toBe(0);
    const mid = wilsonInterval(37, 40);
    expect(mid.low).toBeLessThan(37 / 40);
    expect(mid.high).toBeGreaterThan(37 / 40);
    // Asymmetric near the top: more room below the rate than above it.
    expect(37 / 40 - mid.low).toBeGreaterThan(mid.high - 37 / 40);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it('counts a case as flipping when its verdict changed between repetitions on the same Node and load', () => {
    const rs = [
      result('a', 'hot-path', true, { repeat: 1 }),
      result('a', 'hot-path', true, { repeat: 2 }),
      result('b', 'hot-path', true, { repeat: 1 }),
      result('b', 'healthy', false, { repeat: 2 }),
      result('c', 'healthy', false, { repeat: 1 }),
      // The same case on another Node is another group, not a flip.
      result('a', 'event-loop-blocked', false, { node: 'node 24', repeat: 1 }),
    ];
    const f = flips(rs);
    expect(f.repeated).toBe(2);
    expect(f.flipping).toEqual(['b on node 22, story load']);
    const [n22, n24] = summarise(rs);
    expect(n22).toMatchObject({ node: 'node 22', runs: 5, verdictHits: 3, repeatedCases: 2, flipRate: 0.5 });
    expect(n24).toMatchObject({ node: 'node 24', runs: 1, verdictHits: 0, repeatedCases: 0, flipRate: null });
  });

  it('keeps every figure judged against a threshold with its margin, and no figure that had none', () => {
    const diagnosis = {
      verdict: 'hot-path',
      findings: [
        { kind: 'hot-path', evidence: [{ label: 'time per request', value: 0.6, unit: 'ms', series: 'routes', threshold: 0.5 }, { label: 'requests', value: 1200, unit: '', series: 'routes' }] },
        { kind: 'healthy', evidence: [{ label: 'event-loop delay p99', value: 4, unit: 'ms', series: 'eventLoopDelay', threshold: 20 }] },
      ],
    } as unknown as Diagnosis;
    expect(judgedFigures(diagnosis)).toEqual([
      { finding: 'hot-path', label: 'time per request', value: 0.6, unit: 'ms', threshold: 0.5, margin: 1.2 },
      { finding: 'healthy', label: 'event-loop delay p99', value: 4, unit: 'ms', threshold: 20, margin: 0.2 },
    ]);
  });

  it("hashes the cases' files, so a changed server or expectation gives another hash", () => {
    const dir = mkdtempSync(join(tmpdir(), 'checkup-record-'));
    const make = (name: string) => {
      mkdirSync(join(dir, name, 'node_modules'), { recursive: true });
      writeFileSync(join(dir, name, 'case.json'), `{"name":"${name}"}`);
      writeFileSync(join(dir, name, 'server.js'), 'require("http")');
      writeFileSync(join(dir, name, 'node_modules', 'x.js'), 'installed');
      return { name, dir: join(dir, name) } as CorpusCase;
    };
    const cases = [make('one'), make('two')];
    const first = casesHash(cases);
    expect(casesHash([...cases].reverse())).toBe(first);
    writeFileSync(join(dir, 'one', 'node_modules', 'x.js'), 'installed again');
    expect(casesHash(cases)).toBe(first);
    writeFileSync(join(dir, 'two', 'server.js'), 'require("http") // changed');
    expect(casesHash(cases)).not.toBe(first);
  });

  it('writes the record as JSON that reads back whole, one line per run', () => {
    const record = { what: 'x', summary: [{ runs: 2 }], results: [result('a', 'healthy', false), result('b', 'hot-path', true)] };
    const text = recordText(record as unknown as Parameters<typeof recordText>[0]);
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(record)));
    expect(text.split('\n').filter((l) => l.startsWith('  {"name"'))).toHaveLength(2);
  });
});
