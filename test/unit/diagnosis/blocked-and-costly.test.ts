// The evidence that survives a blocked loop, and the verdicts built on it: windows in which the loop completed no
// turn, the cost of a request, listener growth without Node's warning, memory weighed after the load, and waits that
// the app could avoid versus a downstream that is simply slow. Synthetic runs from a seeded generator.
import { describe, expect, it } from 'vitest';
import { withBlockedWindow } from '../../../app/contract/blocked-window.js';
import type { ProbeSample, RouteStats } from '../../../app/contract/metrics.js';
import { judge as diagnose } from '../../../app/diagnosis/judge.js';
import { loopDelay } from '../../../app/diagnosis/loop-delay.js';
import { requestCost } from '../../../app/diagnosis/request-cost.js';
import { syntheticRun } from '../../helpers/synthetic-run.js';

const MB = 1024 * 1024;

/** A window in which the delay monitor recorded nothing: the loop did not complete a turn. */
function blocked(s: ProbeSample, windowMs: number): ProbeSample {
  return withBlockedWindow({ ...s, windowMs, delay: { min: 0, mean: 0, p50: 0, p90: 0, p99: 0, max: 0, count: 0 } });
}

function route(method: string, path: string, count: number, syncMeanMs: number): RouteStats {
  return { method, route: path, count, totalMs: count * syncMeanMs * 2, maxMs: syncMeanMs * 3, syncMs: count * syncMeanMs, syncMaxMs: syncMeanMs * 1.5, errors: 0 };
}

describe('a blocked loop reads as blocked, not quiet', () => {
  it('windows with no loop turn carry their length as their delay', () => {
    const s = blocked(syntheticRun({ scenario: 'healthy-idle', seed: 1 }).samples[0]!, 480);
    expect(s.delay.p99).toBe(470);
    expect(s.delay.count).toBe(0);
    // A window the monitor did record is left as it is.
    const normal = syntheticRun({ scenario: 'healthy-idle', seed: 1 }).samples[0]!;
    expect(withBlockedWindow({ ...normal, delay: { ...normal.delay, count: 24 } })).toEqual({ ...normal, delay: { ...normal.delay, count: 24 } });
  });

  it('a stall the histogram lost but the sampling timer waited out counts as the window\'s longest', () => {
    const s = syntheticRun({ scenario: 'healthy-idle', seed: 1 }).samples[0]!;
    const lost = withBlockedWindow({ ...s, lateMs: 400, delay: { min: 0, mean: 0.1, p50: 0.1, p90: 0.1, p99: 0.17, max: 0.17, count: 9 } });
    expect(lost.delay).toMatchObject({ p99: 400, max: 400, count: 9 });
    // A timer a few ms late on a busy machine changes nothing.
    expect(withBlockedWindow({ ...s, lateMs: 3, delay: { ...s.delay, count: 24 } }).delay.max).toBe(s.delay.max);
  });

  it('a run whose windows mostly recorded nothing is event-loop-blocked (it read healthy before)', () => {
    const run = syntheticRun({ scenario: 'healthy-saturated', seed: 2 });
    run.samples = run.samples.map((s, i) => (i % 5 === 0 ? s : blocked(s, 300 + i)));
    // 50 requests/s at 10 connections: each request held the loop ~20 ms.
    run.load = { ...run.load!, requestsPerSecond: 50, requestsTotal: 250, latency: { ...run.load!.latency, mean: 200, p50: 180, p99: 2600 } };
    expect(loopDelay(run.samples).blockedWindows).toBe(16);
    const d = diagnose(run);
    expect(d.verdict).toBe('event-loop-blocked');
    expect(d.findings[0]!.explanation).toMatch(/did not complete a single turn/);
  });
});

describe('the cost of a request', () => {
  it('a saturated loop of cheap requests is healthy, and says what a request costs', () => {
    const d = diagnose(syntheticRun({ scenario: 'healthy-saturated', seed: 3 }));
    expect(d.verdict).toBe('healthy');
    const cost = d.findings[0]!.evidence.find((e) => e.label === 'Event-loop time per request')!;
    expect(cost.value).toBeLessThan(0.3);
  });

  it('a saturated loop of requests that each cost milliseconds, spread thin, is not called cheap', () => {
    const cheap = diagnose(syntheticRun({ scenario: 'healthy-saturated', seed: 3 }));
    expect(cheap.findings[0]!.explanation).toMatch(/with cheap requests/);
    const run = syntheticRun({ scenario: 'healthy-saturated', seed: 3 });
    // The same loop over a fortieth of the requests: each costs it about 4 ms, with no function holding the time.
    run.load = { ...run.load!, requestsTotal: Math.round(run.load!.requestsTotal / 40), requestsPerSecond: run.load!.requestsPerSecond / 40 };
    const d = diagnose(run);
    expect(d.verdict, d.findings[0]!.explanation).toBe('healthy');
    expect(d.findings[0]!.evidence.find((e) => e.label === 'Event-loop time per request')!.value).toBeGreaterThan(0.3);
    expect(d.findings[0]!.explanation).not.toMatch(/cheap requests/);
    expect(d.findings[0]!.explanation).toMatch(/ms per request spread over many functions/);
  });

  it('costly requests dominated by one function are a hot path, naming it and the share', () => {
    const d = diagnose(syntheticRun({ scenario: 'hot', seed: 4 }));
    expect(d.verdict).toBe('hot-path');
    expect(d.findings[0]!.culprits[0]!.functionName).toBe('cloneState');
    expect(d.findings[0]!.explanation).toMatch(/cloneState .*per request/);
  });

  it('costly requests spread over many functions are not a hot path', () => {
    const run = syntheticRun({ scenario: 'hot', seed: 4 });
    run.cpu!.culprits = [{ ...run.cpu!.culprits[0]!, selfPercent: 20, totalPercent: 25 }];
    expect(diagnose(run).verdict).not.toBe('hot-path');
  });

  it('one route whose requests hold the loop 10 ms or more blocks it, and the route is named', () => {
    const run = syntheticRun({ scenario: 'hot', seed: 5 });
    run.samples = run.samples.map((s) => ({ ...s, routes: [route('GET', '/count', 2, 40), route('GET', '/items/:id', 300, 0.1)] }));
    expect(requestCost(run).syncStretchMs).toBeCloseTo(40);
    const d = diagnose(run);
    expect(d.verdict).toBe('event-loop-blocked');
    expect(d.findings[0]!.explanation).toMatch(/GET \/count request holds the loop 40 ms/);
  });

  it('a cheap route mixed in does not halve the cost of the costly one (a request holds the loop only while in flight)', () => {
    const run = syntheticRun({ scenario: 'hot', seed: 5 });
    // Half the requests are a 0.1 ms health check, half do the work; the work is done after an await (no sync part).
    const work = { ...route('GET', '/match', 150, 0.1), totalMs: 150 * 15 };
    run.samples = run.samples.map((s) => ({ ...s, routes: [work, route('GET', '/health', 150, 0.05)] }));
    const cost = requestCost(run);
    expect(cost.costlyRequestMs).toBeGreaterThan(1.8 * cost.loopMsPerRequest);
  });

  it('a job of its own that stalls the loop now and then is blocking, though most windows are quiet', () => {
    const run = syntheticRun({ scenario: 'healthy-saturated', seed: 8, noise: 0 });
    // A timer rebuilding an index for ~150 ms every 2 s: 2 of 20 windows stalled (10 %, under the 15 % share).
    run.samples = run.samples.map((s, i) => (i % 9 === 3 ? { ...s, delay: { ...s.delay, p99: 150, max: 160 } } : s));
    run.cpu = { ...run.cpu!, idlePercent: 22, stretches: { longestMs: 170, p99Ms: 1, count: 9000, longCount: 3 } };
    expect(loopDelay(run.samples).stalledShare).toBeLessThan(0.15);
    expect(diagnose(run).verdict).toBe('event-loop-blocked');
    // The same stalls without JavaScript running that long in the profile are the machine's, not the app's.
    run.cpu = { ...run.cpu, stretches: { longestMs: 3, p99Ms: 1, count: 9000, longCount: 0 } };
    expect(diagnose(run).verdict).toBe('healthy');
    // One stall alone is not a pattern.
    run.samples = run.samples.map((s, i) => (i === 3 ? s : { ...s, delay: { ...s.delay, p99: 0.5, max: 1 } }));
    run.cpu = { ...run.cpu, stretches: { longestMs: 170, p99Ms: 1, count: 9000, longCount: 1 } };
    expect(diagnose(run).verdict).toBe('healthy');
  });

  it('an idle server is not a hot path because background work shared over few requests looks costly', () => {
    const run = syntheticRun({ scenario: 'healthy-idle', seed: 9, noise: 0 });
    // 20 requests/s on a loop busy 1 %: 0.5 ms of busy time per request, yet each request's handler takes 0.16 ms.
    run.load = { ...run.load!, requestsPerSecond: 20, requestsTotal: 100, latency: { ...run.load!.latency, mean: 1.2 } };
    run.cpu = { ...run.cpu!, idlePercent: 99, culprits: [{ ...run.cpu!.culprits[0]!, selfPercent: 0.8 }] };
    run.samples = run.samples.map((s) => ({ ...s, elu: 0.01, routes: [route('GET', '/config', 5, 0.16)] }));
    expect(requestCost(run).costlyRequestMs).toBeGreaterThanOrEqual(0.5);
    expect(diagnose(run).verdict).toBe('healthy');
    // The same run whose handler does take a costly 2 ms each time is a hot path.
    run.samples = run.samples.map((s) => ({ ...s, routes: [route('GET', '/config', 5, 2)] }));
    run.cpu = { ...run.cpu, idlePercent: 96, culprits: [{ ...run.cpu.culprits[0]!, selfPercent: 3.5 }] };
    expect(diagnose(run).verdict).toBe('hot-path');
  });

  it('thousands of cheap requests in flight are overload, not a blocked loop, and stay healthy', () => {
    const d = diagnose(syntheticRun({ scenario: 'overloaded', seed: 6 }));
    expect(d.verdict).toBe('healthy');
    expect(d.findings.some((f) => f.kind === 'overloaded' && f.severity === 'info')).toBe(true);
  });

  it('timeouts under a problem that slows the server are its effect, not the verdict', () => {
    const run = syntheticRun({ scenario: 'gc', seed: 7 });
    run.load = { ...run.load!, timeouts: run.load!.requestsTotal, errors: 0, non2xx: 0 };
    const d = diagnose(run);
    expect(d.verdict).toBe('gc-pressure');
    expect(d.findings.find((f) => f.kind === 'load-errors')?.severity).toBe('warning');
  });
});

describe('listener growth without the warning', () => {
  it('a growing listener array is a leak even when Node stays silent, blamed on the adding frame', () => {
    const run = syntheticRun({ scenario: 'healthy-saturated', seed: 8 });
    const stack = 'Error\n    at addListener (node:events:600:10)\n    at etagMiddleware (/srv/app/etag.js:14:12)\n    at handle (/srv/app/server.js:30:5)';
    run.samples = run.samples.map((s, i) => ({ ...s, listeners: [{ id: 1, emitter: 'EventEmitter', event: 'update', count: 64 + 40 * i, stack }] }));
    expect(run.warnings).toHaveLength(0);
    const d = diagnose(run);
    expect(d.verdict).toBe('listener-leak');
    expect(d.findings[0]!.culprits[0]).toMatchObject({ functionName: 'etagMiddleware', url: 'file:///srv/app/etag.js', line: 14 });
    expect(d.findings[0]!.explanation).toMatch(/max-listeners limit is off/);
  });

  it('a large but steady listener count is not a leak', () => {
    const run = syntheticRun({ scenario: 'healthy-saturated', seed: 9 });
    run.samples = run.samples.map((s) => ({ ...s, listeners: [{ id: 1, emitter: 'Server', event: 'connection', count: 200, stack: '' }] }));
    expect(diagnose(run).verdict).toBe('healthy');
  });
});

describe('memory weighed after the load', () => {
  it('memory kept after the load and a full GC is a leak, even at 0.5 MB/s', () => {
    const run = syntheticRun({ scenario: 'healthy-saturated', seed: 10 });
    run.memoryAfterLoad = { beforeBytes: 20 * MB, afterBytes: 23 * MB, elapsedSec: 6, drainMs: 250, peakBytes: 40 * MB };
    expect(diagnose(run).verdict).toBe('memory-leak');
  });

  it('a backlog that grew the heap and gave it back is not a leak', () => {
    const run = syntheticRun({ scenario: 'leak', seed: 11 });
    run.memoryAfterLoad = { beforeBytes: 30 * MB, afterBytes: 10 * MB, elapsedSec: 6, drainMs: 1800, peakBytes: 480 * MB };
    const d = diagnose(run);
    expect(d.verdict).not.toBe('memory-leak');
    expect(d.findings.find((f) => f.kind === 'memory-leak')).toMatchObject({ severity: 'info', title: 'Memory rose under load and was given back' });
  });
});

describe('waiting: avoidable or the downstream', () => {
  it('calls made one after another are io-bound', () => {
    const d = diagnose(syntheticRun({ scenario: 'io', seed: 12 }));
    expect(d.verdict).toBe('io-bound');
    expect(d.findings[0]!.explanation).toMatch(/one after another/);
  });

  it('calls made together (Promise.all) are the downstream\'s time, not calls one after another', () => {
    const run = syntheticRun({ scenario: 'io', seed: 12 });
    // The same three ~30 ms calls per request, but a request takes about one call's time: they ran side by side.
    run.load = { ...run.load!, latency: { ...run.load!.latency, mean: 33, p50: 32, p99: 40 } };
    const d = diagnose(run);
    expect(d.verdict).toBe('healthy');
    const io = d.findings.find((f) => f.kind === 'io-bound')!;
    expect(io).toMatchObject({ severity: 'info', title: 'Requests wait on a downstream' });
    expect(io.evidence.find((e) => e.label.startsWith('Of them, one after another'))!.value).toBeLessThan(1.2);
    expect(io.explanation).toMatch(/made together/);
  });

  it('calls that queue for a connection are io-bound', () => {
    const run = syntheticRun({ scenario: 'slow-downstream', seed: 13 });
    run.samples = run.samples.map((s) => ({ ...s, io: s.io.map((io) => ({ ...io, queuedMs: io.totalMs * 0.8 })) }));
    const d = diagnose(run);
    expect(d.verdict).toBe('io-bound');
    expect(d.findings[0]!.explanation).toMatch(/queue for a connection/);
  });

  it('one slow downstream call per request leaves the app healthy, and says where the time goes', () => {
    const d = diagnose(syntheticRun({ scenario: 'slow-downstream', seed: 14 }));
    expect(d.verdict).toBe('healthy');
    expect(d.findings.find((f) => f.kind === 'io-bound')).toMatchObject({ severity: 'info', title: 'Requests wait on a downstream' });
  });
});
