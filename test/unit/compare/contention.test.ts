// A busy machine in single-run comparisons: the test of requests/s and latency widens by the difference in other
// programs' use of the machine, the CPU figures are not judged then, and the method and warnings say so; CPU per
// request is compared from the probe's accounting against the run-to-run variation.
import { describe, expect, it } from 'vitest';
import type { MachineLoad, SessionDetail } from '../../../app/contract/session.js';
import { compareSessions } from '../../../app/compare/index.js';
import { seeded } from '../../../scripts/seeded.js';

/** A session of `seconds` seconds at about `rps` requests/s (±5 %, seeded), with probe windows carrying route counts. */
function session(rps: number, machine: MachineLoad | undefined, seed: number, cpuPerRequestUs = 40): SessionDetail {
  const rand = seeded(seed);
  const seconds = Array.from({ length: 10 }, () => rps * (0.95 + 0.1 * rand()));
  const samples = Array.from({ length: 40 }, (_, i) => {
    const requests = Math.round(rps / 4);
    return { ts: 250 * (i + 1), windowMs: 250, delay: { p99: 2 }, cpu: { user: (requests * cpuPerRequestUs) / 250_000, system: 0 }, gc: { totalMs: 1 }, memory: { heapUsed: 2e7, rss: 6e7 }, routes: [{ method: 'GET', route: '/', count: requests, totalMs: 1, maxMs: 1, syncMs: 1, syncMaxMs: 1, errors: 0 }] };
  });
  const ticks = seconds.map((r, i) => ({ second: i, phase: 'measure', requests: r, bytes: 0, errors: 0, non2xx: 0, latencyP50: 1000 / r, latencyP99: 3000 / r, latencyMax: 9 }));
  const mean = seconds.reduce((a, b) => a + b, 0) / seconds.length;
  return {
    dir: '/x',
    session: { id: `s${seed}`, name: 'x', project: '/p', createdAt: new Date(0).toISOString(), status: 'complete', timings: { startedAt: 0 }, recipe: { load: { connections: 10, pipelining: 1, durationSec: 10, warmupSec: 1, requests: [] } }, ...(machine ? { machine } : {}) },
    samples,
    ticks,
    measured: { startAt: 0, samples, ticks },
    warnings: [],
    logTail: [],
    load: { requestsPerSecond: mean, requestsPerSecondSeries: seconds, latency: { mean: 1, stddev: 0, min: 0, p50: 1000 / mean, p90: 2, p97_5: 3, p99: 3000 / mean, max: 9 }, errors: 0, timeouts: 0, non2xx: 0, requestsTotal: mean * 10, durationSec: 10, connections: 10, pipelining: 1, url: '', throughputBytesPerSec: 0, statusCodes: {}, raw: {}, requestsPerSecondStats: { mean, stddev: 0, min: 0, max: 0 } },
  } as unknown as SessionDetail;
}

const quiet: MachineLoad = { cores: 2, otherCores: 0, targetCores: 1, checkupCores: 0.6 };
const hogged: MachineLoad = { cores: 2, otherCores: 1.0, targetCores: 0.6, checkupCores: 0.4 };
const rpsOf = (c: ReturnType<typeof compareSessions>) => c.figures.find((f) => f.key === 'requestsPerSecond')!;

describe('comparisons on a busy machine', () => {
  it('a halving of requests/s between runs is called real on a quiet machine, and not when another program took a core', () => {
    const plain = rpsOf(compareSessions(session(20000, quiet, 1), session(9000, { ...quiet }, 2)));
    expect(plain.significant).toBe(true);
    const busy = compareSessions(session(20000, quiet, 1), session(9000, hogged, 2));
    expect(rpsOf(busy).significant).toBe(false);
    expect(rpsOf(busy).test!.method).toMatch(/other programs' use of the machine differing by 1\.0 cores/);
    expect(busy.warnings.join(' ')).toMatch(/Other programs used 0 cores during the before run and 1 during the after run/);
  });

  it('a real change far beyond what a core of contention explains stays significant', () => {
    const c = compareSessions(session(20000, quiet, 1), session(45, hogged, 2));
    expect(rpsOf(c).significant).toBe(true);
    expect(rpsOf(c).outcome).toBe('regressed');
  });

  it('compares CPU per request from the probe windows against run-to-run variation, and not across unequal contention', () => {
    const fig = (c: ReturnType<typeof compareSessions>, key: string) => c.figures.find((f) => f.key === key)!;
    const slower = fig(compareSessions(session(20000, quiet, 1, 40), session(20000, quiet, 3, 90)), 'cpuPerRequest');
    expect(slower.before).toBeCloseTo(40, 0);
    expect(slower.after).toBeCloseTo(90, 0);
    expect(slower.outcome).toBe('regressed');
    expect(slower.test!.method).toMatch(/run-to-run variation/);
    const alike = fig(compareSessions(session(20000, quiet, 1, 40), session(20000, quiet, 3, 44)), 'cpuPerRequest');
    expect(alike.significant).toBe(false);
    const busy = compareSessions(session(20000, quiet, 1, 40), session(9000, hogged, 2, 90));
    for (const key of ['cpuPerRequest', 'cpu']) {
      expect(fig(busy, key).outcome).toBe('untested');
      expect(fig(busy, key).judgement).toMatchObject({ verdict: 'machine-differs' });
      expect(fig(busy, key).judgement.reason).toMatch(/other programs used 0 cores during the before run and 1 during the after run/);
    }
  });

  it('says nothing about the machine when neither run was busy, and tells a saturated load generator', () => {
    const c = compareSessions(session(20000, quiet, 1), session(20000, { ...quiet, checkupCores: 0.97 }, 2));
    expect(c.warnings.join(' ')).not.toMatch(/busy|Other programs/);
    expect(c.warnings.join(' ')).toMatch(/load generator used 0\.97 cores during the after run/);
  });
});
