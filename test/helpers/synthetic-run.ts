// A seeded generator of synthetic probe series and load results for one run, shaped like a real run of each kind of
// problem, with adjustable noise. Used to test the analysers on data whose truth we know.
import type { Culprit } from '../../app/contract/diagnosis.js';
import type { LoadResult, ProbeSample, ProbeWarning } from '../../app/contract/metrics.js';
import type { DiagnosisInput } from '../../app/diagnosis/input.js';
import { seeded } from '../../scripts/seeded.js';

export type Scenario =
  | 'healthy-saturated' | 'healthy-idle' | 'blocked' | 'io' | 'slow-downstream' | 'held-in-app' | 'hot' | 'overloaded' | 'gc' | 'leak' | 'listener' | 'crash'
  | 'too-short' | 'churn-no-trend';

export interface SyntheticOptions {
  scenario: Scenario;
  seed?: number;
  /** Relative noise, 0 = none, 0.3 = ±30 % jitter on every figure. */
  noise?: number;
  seconds?: number;
  intervalMs?: number;
}

const MB = 1024 * 1024;
export const appFrame = (name: string, line: number, selfPercent: number): Culprit => ({
  functionName: name, url: `file:///srv/app/${name}.js`, line, column: 3, selfPercent, totalPercent: selfPercent + 5, category: 'app', measure: 'cpu',
});

export function syntheticRun(options: SyntheticOptions): DiagnosisInput {
  const { scenario, noise = 0.1, seconds = 5, intervalMs = 250 } = options;
  const rand = seeded(options.seed ?? 1);
  const jitter = (v: number) => Math.max(0, v * (1 + noise * (rand() * 2 - 1)));
  const n = scenario === 'too-short' ? 2 : Math.round((seconds * 1000) / intervalMs);
  const start = 1_700_000_000_000;

  const base = {
    'healthy-saturated': { delay: 0.5, elu: 0.93, gc: 0.025, heap: 8 * MB, growth: 0, latency: 1, cpu: 0.95 },
    'healthy-idle': { delay: 0.2, elu: 0.1, gc: 0.01, heap: 6 * MB, growth: 0, latency: 1, cpu: 0.1 },
    blocked: { delay: 120, elu: 0.98, gc: 0.02, heap: 10 * MB, growth: 0, latency: 150, cpu: 0.98 },
    io: { delay: 0.4, elu: 0.08, gc: 0.01, heap: 9 * MB, growth: 0, latency: 95, cpu: 0.08 },
    'slow-downstream': { delay: 0.4, elu: 0.05, gc: 0.01, heap: 9 * MB, growth: 0, latency: 92, cpu: 0.05 },
    // One ~10 ms call per request, yet 110 ms per request: the calls wait their turn behind an app-wide lock.
    'held-in-app': { delay: 0.4, elu: 0.05, gc: 0.01, heap: 9 * MB, growth: 0, latency: 110, cpu: 0.05 },
    // 0.9 of the loop over 1,500 requests/s: 0.6 ms per request, 70 % of it in cloneState.
    hot: { delay: 6, elu: 0.9, gc: 0.04, heap: 12 * MB, growth: 0, latency: 6.5, cpu: 0.95 },
    // 2,000 connections of cheap requests: the loop is late only because they queue.
    overloaded: { delay: 45, elu: 0.95, gc: 0.03, heap: 40 * MB, growth: 0, latency: 250, cpu: 0.97 },
    gc: { delay: 18, elu: 0.97, gc: 0.3, heap: 30 * MB, growth: 0, latency: 12, cpu: 1.2 },
    leak: { delay: 4, elu: 0.9, gc: 0.06, heap: 20 * MB, growth: 6 * MB, latency: 4, cpu: 0.95 },
    listener: { delay: 9, elu: 0.95, gc: 0.07, heap: 20 * MB, growth: 4 * MB, latency: 8, cpu: 0.95 },
    crash: { delay: 1, elu: 0.9, gc: 0.03, heap: 8 * MB, growth: 0, latency: 2, cpu: 0.9 },
    'too-short': { delay: 1, elu: 0.9, gc: 0.03, heap: 8 * MB, growth: 0, latency: 2, cpu: 0.9 },
    'churn-no-trend': { delay: 3, elu: 0.93, gc: 0.05, heap: 20 * MB, growth: 0, latency: 3, cpu: 0.95 },
  }[scenario];

  const samples: ProbeSample[] = [];
  for (let i = 0; i < n; i++) {
    const t = (i + 1) * intervalMs;
    // Young-generation sawtooth of up to ~14 MB on top of the trend.
    const sawtooth = ((i * 3) % 8) * 1.75 * MB;
    const heap = base.heap + (base.growth * t) / 1000 + jitter(sawtooth);
    const d = jitter(base.delay);
    const gcMs = jitter(base.gc * intervalMs);
    samples.push({
      ts: start + t,
      windowMs: intervalMs,
      delay: { min: 0, mean: d * 0.6, p50: d * 0.5, p90: d * 0.9, p99: d, max: d * 1.5 },
      elu: Math.min(1, jitter(base.elu)),
      cpu: { user: jitter(base.cpu * 0.8), system: jitter(base.cpu * 0.2) },
      memory: { rss: heap + 40 * MB, heapUsed: heap, heapTotal: heap + 10 * MB, external: MB, arrayBuffers: MB / 2 },
      handles: { TCPSocketWrap: 11, Timeout: 1 },
      gc: { count: Math.max(1, Math.round(jitter(4))), totalMs: gcMs, maxMs: gcMs / 2, byKind: { minor: { count: 4, totalMs: gcMs } }, pauses: [] },
      // io: three calls of ~30 ms one after another per request; slow-downstream: one call of ~90 ms per request.
      io:
        scenario === 'io'
          ? [{ kind: 'http', functionName: 'fetchInventory', url: 'file:///srv/app/inventory.js', line: 14, column: 10, count: 78, totalMs: jitter(78 * 30), maxMs: 45, minMs: 28, inFlight: 10 }]
          : scenario === 'slow-downstream'
            ? [{ kind: 'http', functionName: 'fetchPrice', url: 'file:///srv/app/price.js', line: 8, column: 10, count: 26, totalMs: jitter(26 * 90), maxMs: 95, minMs: 88, inFlight: 10 }]
            : scenario === 'held-in-app'
              ? [{ kind: 'http', functionName: 'callInventory', url: 'file:///srv/app/inventory.js', line: 20, column: 10, count: 23, totalMs: jitter(23 * 10), maxMs: 12, minMs: 9, inFlight: 1 }]
              : [],
    });
  }

  const latency = jitter(base.latency);
  const rps = { io: 100, 'slow-downstream': 100, 'held-in-app': 90, blocked: 60, hot: 1500 }[scenario as string] ?? 8000;
  const load: LoadResult = {
    url: 'http://127.0.0.1:3000/', connections: scenario === 'overloaded' ? 2000 : 10, pipelining: 1, durationSec: seconds,
    requestsTotal: Math.round(rps * (n * intervalMs) / 1000), requestsPerSecond: rps,
    requestsPerSecondStats: { mean: rps, stddev: rps * noise, min: rps * 0.8, max: rps * 1.2 },
    requestsPerSecondSeries: Array.from({ length: seconds }, () => Math.round(jitter(rps))),
    latency: { mean: latency, stddev: latency / 4, min: 0, p50: latency, p90: latency * 1.3, p97_5: latency * 1.5, p99: latency * 1.8, max: latency * 3 },
    throughputBytesPerSec: rps * 200, errors: 0, timeouts: 0, non2xx: 0, statusCodes: { '200': rps * seconds }, raw: {},
  };

  const warnings: ProbeWarning[] = scenario === 'listener' ? [{
    ts: start + 500, name: 'MaxListenersExceededWarning', message: 'Possible EventEmitter memory leak detected.', emitter: 'EventEmitter', event: 'update', count: 11,
    stack: 'MaxListenersExceededWarning: Possible EventEmitter memory leak detected.\n    at _addListener (node:events:591:17)\n    at EventEmitter.addListener (node:events:609:10)\n    at subscribeToUpdates (/srv/app/updates.js:21:11)\n    at Server.<anonymous> (/srv/app/server.js:9:3)',
  }] : [];

  const cpuCulprit = { blocked: appFrame('computeReport', 12, 78), gc: appFrame('buildRows', 30, 35), hot: appFrame('cloneState', 22, 63) }[scenario as 'blocked' | 'gc' | 'hot'] ?? appFrame('handle', 5, 8);
  return {
    samples,
    warnings,
    load,
    cpu: { durationMs: n * intervalMs, gcPercent: base.gc * 100, idlePercent: (1 - base.elu) * 100, busyPercent: base.elu * 100, culprits: [cpuCulprit] },
    heapCulprits: scenario === 'leak' ? [{ ...appFrame('rememberRequest', 40, 70), measure: 'allocation' }] : [],
    target: scenario === 'crash'
      ? { crashed: true, exitCode: 1, signal: null, crashedAtMs: 2100, startupMs: 300, stderrTail: ['/srv/app/server.js:33', "TypeError: Cannot read properties of undefined (reading 'id')", '    at parseOrder (/srv/app/orders.js:33:19)', '    at Server.<anonymous> (/srv/app/server.js:9:3)', '    at Server.emit (node:events:517:28)'] }
      : { startupMs: 300 },
    measureStartAt: start,
    concurrency: load.connections * load.pipelining,
  };
}
