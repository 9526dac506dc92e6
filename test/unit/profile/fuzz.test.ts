// Fuzz-style tests, fixed seeds: every importer fed truncated files, random bytes, random byte flips, deep nesting,
// huge and odd numbers, and structurally damaged JSON. Each case must end, quickly, in a valid result (finite figures
// that summarise and reduce) or a coded CheckupError from the profile catalogue. Never a crash or a hang.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CheckupError } from '../../../app/errors.js';
import { summarizeProfile } from '../../../app/diagnosis/profile-summary.js';
import { importProfile } from '../../../app/profile/import/import-profile.js';
import { reduceForFlame } from '../../../app/profile/reduce/reduce-for-flame.js';
import { profileFixture } from '../../helpers/fixtures.js';
import { seeded } from '../../../scripts/seeded.js';

const ALLOWED = new Set([
  'CHK_PROFILE_EMPTY',
  'CHK_PROFILE_UNKNOWN_FORMAT',
  'CHK_PROFILE_MALFORMED',
  'CHK_PROFILE_TRUNCATED',
  'CHK_PROFILE_TOO_DEEP',
  'CHK_PROFILE_TOO_LARGE',
  'CHK_PROFILE_NO_SAMPLES',
]);
const CASE_LIMIT_MS = 3000;

// A small preprocessed `node --prof` log (the JSON --prof-process --preprocess writes), for the V8-log importer.
const V8_LOG = JSON.stringify({
  code: [
    { name: '/usr/bin/node', type: 'SHARED_LIB' },
    { name: 'main /srv/app/a.js:1:1', type: 'JS', kind: 'Opt', func: 0 },
    { name: 'work /srv/app/a.js:5:3', type: 'JS', kind: 'Unopt', func: 1 },
    { name: 'ArrayPrototypeSort', type: 'CODE', kind: 'Builtin' },
  ],
  functions: [],
  ticks: Array.from({ length: 40 }, (_, i) => ({ tm: 1000 + i * 1000, vm: i % 7 === 0 ? 1 : 0, s: i % 2 ? [3, 10, 2, 4, 1, 8] : [2, 4, 1, 8] })),
  scripts: [],
});

const SEEDS: Array<[string, string]> = [
  ['cpuprofile', readFileSync(profileFixture('node/20.20/cpu-prof.cpuprofile'), 'utf8')],
  ['old cpuprofile', readFileSync(profileFixture('node/10.11/example.cpuprofile'), 'utf8')],
  ['heapprofile', readFileSync(profileFixture('node/20.20/heap-prof.heapprofile'), 'utf8')],
  ['chrome trace', readFileSync(profileFixture('chrome/69/performance-trace.json'), 'utf8')],
  ['sampled trace', readFileSync(profileFixture('trace-event/unversioned/multi-thread-with-samples.json'), 'utf8')],
  ['duration trace', readFileSync(profileFixture('trace-event/unversioned/simple-partial.json'), 'utf8') + ']'],
  ['speedscope sampled', readFileSync(profileFixture('speedscope/0.6.0/two-sampled.speedscope.json'), 'utf8')],
  ['speedscope evented', readFileSync(profileFixture('speedscope/0.0.1/simple.speedscope.json'), 'utf8')],
  ['v8 log json', V8_LOG],
];

type Mutation = (text: string, rand: () => number) => string | Uint8Array;

const ODD_NUMBERS = ['1e308', '-1e308', '1e400', '9007199254740993', '-1', '0', '0.5', '-0', '4294967296', '123456789012345678901234567890'];
const ODD_VALUES = ['null', 'true', '"x"', '{}', '[]', '[[[[]]]]', '1e308', '-5', '"1e308"', '{"id":1}'];

const mutations: Record<string, Mutation> = {
  truncate: (t, r) => t.slice(0, Math.floor(r() * t.length)),
  'flip bytes': (t, r) => {
    const b = new TextEncoder().encode(t);
    for (let k = 0; k < 1 + Math.floor(r() * 8); k++) b[Math.floor(r() * b.length)] = Math.floor(r() * 256);
    return b;
  },
  'random bytes': (t, r) => {
    const b = new Uint8Array(1 + Math.floor(r() * 4096));
    for (let i = 0; i < b.length; i++) b[i] = Math.floor(r() * 256);
    if (r() < 0.5) b[0] = t.charCodeAt(0);
    return b;
  },
  'deep nesting': (t, r) => {
    const at = t.indexOf(':', Math.floor(r() * t.length));
    const depth = r() < 0.5 ? 100_000 : 1_000_000;
    return at < 0 ? '['.repeat(depth) : t.slice(0, at + 1) + '['.repeat(depth) + t.slice(at + 1);
  },
  'huge numbers': (t, r) => t.replace(/-?\d+(\.\d+)?/g, (m) => (r() < 0.15 ? ODD_NUMBERS[Math.floor(r() * ODD_NUMBERS.length)]! : m)),
  'damaged structure': (t, r) => {
    const json = JSON.parse(t) as unknown;
    const damage = (v: unknown, depth: number): unknown => {
      if (Array.isArray(v)) return v.filter(() => r() > 0.02).map((x) => damage(x, depth + 1));
      if (v && typeof v === 'object') {
        const out: Record<string, unknown> = {};
        for (const [k, x] of Object.entries(v)) {
          const roll = r();
          if (roll < 0.03) continue;
          out[k] = roll < 0.08 ? JSON.parse(ODD_VALUES[Math.floor(r() * ODD_VALUES.length)]!) : damage(x, depth + 1);
        }
        return out;
      }
      return v;
    };
    return JSON.stringify(damage(json, 0));
  },
};

async function check(data: string | Uint8Array, label: string): Promise<'ok' | string> {
  const started = performance.now();
  try {
    const result = await importProfile({ name: 'fuzz.json', data });
    for (const p of result.profiles) {
      expect(Number.isFinite(p.totalWeight), label).toBe(true);
      const s = summarizeProfile(p, result.format, { top: 5 });
      for (const h of s.topFunctions) expect(Number.isFinite(h.selfPercent) && Number.isFinite(h.totalMs), label).toBe(true);
      expect(Number.isFinite(s.durationMs), label).toBe(true);
      const flame = reduceForFlame(p, { maxNodes: 200, maxSamples: 500 });
      expect(flame.bytes, label).toBeGreaterThan(0);
    }
    return 'ok';
  } catch (err) {
    if (!(err instanceof CheckupError)) throw new Error(`${label}: not a coded error: ${(err as Error)?.stack ?? String(err)}`);
    expect(ALLOWED.has(err.code), `${label}: ${err.code} ${err.message}`).toBe(true);
    return err.code;
  } finally {
    expect(performance.now() - started, `${label} took too long`).toBeLessThan(CASE_LIMIT_MS);
  }
}

describe.each(SEEDS)('fuzzing the %s importer', (format, text) => {
  it.each(Object.keys(mutations))('%s: a valid result or a coded error, every time', async (kind) => {
    const rand = seeded([...`${format}/${kind}`].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7));
    const cases = kind === 'deep nesting' ? 4 : text.length > 100_000 ? 12 : 60;
    const outcomes = new Map<string, number>();
    for (let i = 0; i < cases; i++) {
      const outcome = await check(mutations[kind]!(text, rand), `${format}/${kind}#${i}`);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    if (kind === 'deep nesting') expect([...outcomes.keys()]).toEqual(['CHK_PROFILE_TOO_DEEP']);
    if (kind === 'random bytes') expect(outcomes.has('ok')).toBe(false);
  });
});
