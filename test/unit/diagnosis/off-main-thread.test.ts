// Work off the main thread and slow requests, judged on synthetic runs whose truth is written first (by root cause):
// - a login whose crypto.scrypt queues for the 4-thread pool, 6 requests at 4.8 s: threadpool-saturated, culprit the
//   call site (never insufficient-data);
// - the same through bcrypt's native binding (no call site, the addon loaded): threadpool-saturated naming bcrypt;
// - a pool busy but not queueing (latency about its own work), no call of the app's timed: not saturated;
// - every thread taken by the requests' own timed calls (an RSA key pair per request), no queue yet: saturated;
// - a wait the probe cannot see (400 ms on an idle loop, no outbound call): io-bound, a problem, with what was ruled out;
// - few requests because each waits 2 s on something unseen: judged (io-bound), not insufficient-data;
// - a run that is simply short (few fast requests): insufficient-data as before.
import { describe, expect, it } from 'vitest';
import type { ProbeSample, ThreadCpu } from '../../../app/contract/metrics.js';
import type { DiagnosisInput } from '../../../app/diagnosis/input.js';
import { judge } from '../../../app/diagnosis/judge.js';
import { offMainThread } from '../../../app/diagnosis/threadpool.js';
import { syntheticRun } from '../../helpers/synthetic-run.js';

interface Shape {
  requests: number;
  p50: number;
  /** Per window of 250 ms: the pool's ms on a CPU and waiting for one (4 threads). */
  poolRunMs: number;
  poolWaitMs: number;
  poolCalls?: ProbeSample['poolCalls'];
  addons?: string[];
  elu?: number;
  /** The process's CPU, cores (user). */
  cpuUser?: number;
  /** Per window of 250 ms: the main thread's ms on a CPU (10 unless said). */
  mainMs?: number;
}

function run(shape: Shape): DiagnosisInput {
  const input = syntheticRun({ scenario: 'healthy-idle', noise: 0 });
  const seconds = (input.samples.length * 250) / 1000;
  const threads: ThreadCpu = { mainMs: shape.mainMs ?? 10, pool: { runMs: shape.poolRunMs, waitMs: shape.poolWaitMs, threads: 4 }, helpersMs: 2, otherMs: 0 };
  input.samples = input.samples.map((s, i) => ({
    ...s,
    elu: shape.elu ?? s.elu,
    ...(shape.cpuUser !== undefined ? { cpu: { user: shape.cpuUser, system: 0 } } : {}),
    threads,
    ...(shape.poolCalls && i % 4 === 3 ? { poolCalls: shape.poolCalls } : {}),
    ...(shape.addons && i === 0 ? { addons: shape.addons } : {}),
  }));
  const load = input.load!;
  input.load = {
    ...load,
    requestsTotal: shape.requests,
    requestsPerSecond: shape.requests / seconds,
    latency: { ...load.latency, mean: shape.p50, p50: shape.p50, p90: shape.p50 * 1.2, p99: shape.p50 * 1.5, max: shape.p50 * 2 },
  };
  input.concurrency = 20;
  input.cpu = { ...input.cpu!, idlePercent: 100 * (1 - (shape.elu ?? 0.05)), busyPercent: 100 * (shape.elu ?? 0.05) };
  const off = offMainThread(input.samples);
  if (off) input.offMain = off;
  return input;
}

const scryptSite = { api: 'crypto.scrypt', functionName: '(anonymous)', calledFrom: 'checkPassword', url: 'file:///srv/app/login.js', line: 12, column: 5, count: 1, totalMs: 4800 };

describe('work off the main thread', () => {
  it('scrypt logins queueing for the pool: threadpool-saturated with the call site, not insufficient-data', () => {
    const d = judge(run({ requests: 6, p50: 4800, poolRunMs: 950, poolWaitMs: 40, poolCalls: [scryptSite] }));
    expect(d.verdict).toBe('threadpool-saturated');
    const f = d.findings[0]!;
    expect(f.culprits[0]).toMatchObject({ functionName: '(anonymous)', calledFrom: 'checkPassword', line: 12 });
    expect(f.explanation).toContain('crypto.scrypt');
    // The pool's threads hardly waited for a CPU: more threads is worth trying, and said with the figure.
    expect(f.explanation).toMatch(/UV_THREADPOOL_SIZE=8/);
    expect(d.findings.some((x) => x.kind === 'insufficient-data')).toBe(false);
  });

  it('bcrypt\'s native compare: threadpool-saturated naming the addon, and more threads ruled out on a busy machine', () => {
    const d = judge(run({ requests: 110, p50: 800, poolRunMs: 480, poolWaitMs: 500, addons: ['bcrypt', 'other-addon'] }));
    expect(d.verdict).toBe('threadpool-saturated');
    expect(d.findings[0]!.explanation).toMatch(/native addon of bcrypt/);
    expect(d.findings[0]!.explanation).toMatch(/would not help on this machine/);
  });

  it("argon2's calls hold every pool thread while the work runs on threads of its own: threadpool-saturated, said so", () => {
    // 20 verify() calls in flight on 4 threads (5,000 ms of calls per window of 250 ms, read every fourth window), the
    // pool's threads hardly runnable (they wait for argon2's lanes), the process at 1.8 cores.
    const argon2Site = { api: 'argon2.hash', functionName: 'verifyLogin', url: 'file:///srv/app/login.js', line: 10, column: 17, count: 2, totalMs: 20_000, doneMs: 5600 };
    const d = judge(run({ requests: 20, p50: 2600, poolRunMs: 20, poolWaitMs: 110, poolCalls: [argon2Site], cpuUser: 1.8 }));
    expect(d.verdict).toBe('threadpool-saturated');
    const f = d.findings[0]!;
    expect(f.explanation).toMatch(/held its 4 threads 100 %/);
    expect(f.explanation).toContain('argon2.hash called from verifyLogin');
    expect(f.explanation).toContain('lower memoryCost and timeCost');
    expect(f.evidence.find((e) => /threads outside the pool/.test(e.label))!.value).toBeGreaterThan(1.5);
    // Half the threads held and hardly runnable: the pool has room.
    const half = judge(run({ requests: 200, p50: 120, poolRunMs: 20, poolWaitMs: 10, poolCalls: [{ ...argon2Site, totalMs: 2000 }], cpuUser: 0.6 }));
    expect(half.verdict).not.toBe('threadpool-saturated');
  });

  it("on a machine busier than its cores, the loop's own work decides, not the time it waited for a CPU", () => {
    // bcrypt logins queueing for the pool (p50 800 ms for ~8 ms of pool work each); the loop reads 90 % busy, but its
    // thread ran 50 ms of each 250 ms window (20 %): the rest it waited for a CPU, which is not the requests' work.
    const waited = judge(run({ requests: 110, p50: 800, poolRunMs: 480, poolWaitMs: 500, addons: ['bcrypt'], elu: 0.9, mainMs: 50 }));
    expect(waited.verdict).toBe('threadpool-saturated');
    expect(waited.findings[0]!.evidence.find((e) => /own CPU/.test(e.label))!.value).toBe(20);
    // The same loop running its own work 90 % of the time: that is the bottleneck, and the threadpool stands aside.
    const ran = judge(run({ requests: 110, p50: 800, poolRunMs: 480, poolWaitMs: 500, addons: ['bcrypt'], elu: 0.9, mainMs: 225 }));
    expect(ran.verdict).not.toBe('threadpool-saturated');
  });

  it('a busy pool whose requests take about as long as their own work is only well used', () => {
    // 4 threads fully occupied over 5 s = 20,000 ms for 400 requests: 50 ms each; p50 60 ms is not queueing.
    const d = judge(run({ requests: 400, p50: 60, poolRunMs: 980, poolWaitMs: 0 }));
    expect(d.verdict).not.toBe('threadpool-saturated');
  });

  it("every thread taken by the requests' own timed calls, no queue yet: threadpool-saturated, the pool caps the throughput", () => {
    // An RSA key pair generated per webhook delivery: the 4 threads occupied all through, 60 requests in the 5 s at p50
    // 600 ms, the calls holding the 4 threads (timed per call, read every fourth window: 4 x 1 s), 333 ms per request:
    // the requests do not queue by the pool's rule (p50 under twice the 330 ms of pool time each), their time is the
    // pool's work, and one more request would wait.
    const keygen = { api: 'crypto.generateKeyPair', functionName: 'deliveryKeys', url: 'file:///srv/app/server.mjs', line: 22, column: 10, count: 12, totalMs: 4000 };
    const d = judge(run({ requests: 60, p50: 600, poolRunMs: 400, poolWaitMs: 590, poolCalls: [keygen] }));
    expect(d.verdict).toBe('threadpool-saturated');
    expect(d.findings[0]!.culprits[0]).toMatchObject({ functionName: 'deliveryKeys', line: 22 });
    expect(d.findings[0]!.explanation).toMatch(/limits the server to 4 such requests at a time/);
    // Logins hashing on the pool among quick pages (the labs' fixed sync-crypto-login): the pool full, but the median
    // request, a page at 3 ms, does not use it: not this verdict.
    expect(judge(run({ requests: 2000, p50: 3, poolRunMs: 400, poolWaitMs: 590, poolCalls: [{ ...keygen, api: 'crypto.pbkdf2', functionName: 'hashPassword' }] })).verdict).not.toBe('threadpool-saturated');
    // One call in flight at a time (a thread of four held, the others idle): below the saturation line, not this verdict.
    expect(judge(run({ requests: 60, p50: 600, poolRunMs: 200, poolWaitMs: 50, poolCalls: [{ ...keygen, totalMs: 1000 }] })).verdict).not.toBe('threadpool-saturated');
  });

  it('a pool that is idle never gives the verdict', () => {
    const d = judge(run({ requests: 6, p50: 4800, poolRunMs: 5, poolWaitMs: 0 }));
    expect(d.verdict).not.toBe('threadpool-saturated');
  });
});

describe('slow is a finding', () => {
  it('400 ms per request on an idle loop with no wait seen: io-bound, a problem, saying what was ruled out', () => {
    const d = judge(run({ requests: 240, p50: 400, poolRunMs: 1, poolWaitMs: 0 }));
    expect(d.verdict).toBe('io-bound');
    const f = d.findings[0]!;
    expect(f.title).toMatch(/cannot see/);
    expect(f.explanation).toMatch(/Ruled out: outbound HTTP and fetch calls/);
    expect(f.explanation).toMatch(/the threadpool \(occupied/);
  });

  it('a full threadpool is never listed as ruled out, even where its own finding stands aside', () => {
    // The pool occupied all through, requests at about its work each (not queueing by the threadpool's rule): the
    // wait is not explained, and the threadpool stays a suspect.
    const d = judge(run({ requests: 400, p50: 60, poolRunMs: 980, poolWaitMs: 0 }));
    const f = d.findings.find((x) => /Ruled out/.test(x.explanation));
    expect(f).toBeDefined();
    expect(f!.explanation).not.toMatch(/the threadpool \(occupied/);
    expect(f!.explanation).toMatch(/Not ruled out: the threadpool, its 4 threads occupied \d+ %/);
  });

  it("logins that wait on their own bcrypt compare, the pool with room: healthy, the work named, not a wait Checkup cannot see", () => {
    // 60 requests in the 5 s at p50 180 ms, each waiting 170 ms on bcrypt's compare (timed per call, read every fourth
    // window), about two calls in flight on 4 threads: they never queue; the latency is the hash itself, off the loop.
    const bcryptSite = { api: 'bcrypt.compare', functionName: 'checkPassword', url: 'file:///srv/app/login.js', line: 18, column: 9, count: 12, totalMs: 2040 };
    const d = judge(run({ requests: 60, p50: 180, poolRunMs: 400, poolWaitMs: 0, poolCalls: [bcryptSite] }));
    expect(d.verdict).toBe('healthy');
    const f = d.findings.find((x) => x.kind === 'io-bound')!;
    expect(f.severity).toBe('info');
    expect(f.title).toBe('Requests wait on their own work in the threadpool');
    expect(f.culprits[0]).toMatchObject({ functionName: 'checkPassword', line: 18 });
    // The same latency with only a sliver of it in the pool's calls: still a wait Checkup cannot see.
    const sliver = judge(run({ requests: 60, p50: 180, poolRunMs: 400, poolWaitMs: 0, poolCalls: [{ ...bcryptSite, totalMs: 100 }] }));
    expect(sliver.verdict).toBe('io-bound');
    expect(sliver.findings[0]!.title).toMatch(/cannot see/);
  });

  it('few requests because each waits 2 s: judged, not insufficient-data', () => {
    const d = judge(run({ requests: 12, p50: 2000, poolRunMs: 1, poolWaitMs: 0 }));
    expect(d.verdict).toBe('io-bound');
  });

  it('a short run of fast requests is still not enough to judge', () => {
    const d = judge(run({ requests: 12, p50: 2, poolRunMs: 1, poolWaitMs: 0 }));
    expect(d.verdict).toBe('insufficient-data');
  });
});
