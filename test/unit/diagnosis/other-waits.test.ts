// DNS, file-system and timer waits in the diagnosis, on synthetic runs whose truth is written first:
// - 400 ms per request on an idle loop, 360 ms of it a timer at retryLater (line 12), 1 ms of file reads: the timer
//   is named with its line in the unseen-wait finding, the file system ruled out, and the request-time figures carry
//   both per request with DNS, the file system and timers no longer "not measured";
// - the same run from a probe without the part: nothing named, the three still "not measured".
import { describe, expect, it } from 'vitest';
import type { OtherWaitStats } from '../../../app/contract/metrics.js';
import type { DiagnosisInput } from '../../../app/diagnosis/input.js';
import { judge } from '../../../app/diagnosis/judge.js';
import { requestTime } from '../../../app/diagnosis/request-time.js';
import { syntheticRun } from '../../helpers/synthetic-run.js';

const REQUESTS = 240;

function run(withPart: boolean): DiagnosisInput {
  const input = syntheticRun({ scenario: 'healthy-idle', noise: 0 });
  const windows = input.samples.length;
  const site = { functionName: 'retryLater', url: 'file:///app/server.js', line: 12, column: 3 };
  const waits = (): OtherWaitStats[] => [
    { kind: 'timer', method: 'setTimeout', ...site, count: REQUESTS / windows, totalMs: (360 * REQUESTS) / windows, maxMs: 361 },
    { kind: 'fs', method: 'readFile', ...site, line: 10, count: REQUESTS / windows, totalMs: REQUESTS / windows, maxMs: 2 },
  ];
  input.samples = input.samples.map((s) => ({ ...s, ...(withPart ? { otherWaits: waits() } : {}) }));
  const load = input.load!;
  const seconds = (windows * 250) / 1000;
  input.load = { ...load, requestsTotal: REQUESTS, requestsPerSecond: REQUESTS / seconds, latency: { ...load.latency, mean: 400, p50: 400, p90: 480, p99: 600, max: 800 } };
  input.concurrency = 20;
  input.cpu = { ...input.cpu!, idlePercent: 95, busyPercent: 5 };
  return input;
}

describe('DNS, file-system and timer waits', () => {
  it('names the timer that holds the request with its line, and rules the file system out', () => {
    const input = run(true);
    // The timer holds most of the request: the wait is seen, and the line that set it is the culprit.
    const f = judge(input).findings.find((x) => x.title === 'Requests wait on timers')!;
    expect(f.explanation).toMatch(/360 ms of it is spent waiting on timers set by the app, the most at setTimeout in retryLater \(line 12\)/);
    expect(f.explanation).toMatch(/DNS lookups, file-system calls \(timed while serving/);
    expect(f.explanation).not.toMatch(/Left:/);
    expect(f.culprits[0]).toMatchObject({ functionName: 'retryLater', line: 12, measure: 'io-wait' });
    const rt = requestTime(input)!;
    expect(rt.waits.find((w) => w.kind === 'timer')).toMatchObject({ msPerRequest: 360, callsPerRequest: 1 });
    expect(rt.waits.find((w) => w.kind === 'fs')).toMatchObject({ msPerRequest: 1, callsPerRequest: 1 });
    expect(rt.waits.find((w) => w.kind === 'dns')).toBeUndefined();
    expect(rt.otherWaits?.[0]).toMatchObject({ kind: 'timer', functionName: 'retryLater', line: 12 });
    expect(rt.notMeasured).toEqual(['locks and queues inside the app']);
  });

  it('without the part, the three kinds stay not measured and nothing is named', () => {
    const input = run(false);
    const f = judge(input).findings.find((x) => /cannot see/.test(x.title))!;
    expect(f.explanation).toMatch(/Left:.*DNS, timers/);
    expect(requestTime(input)!.notMeasured).toContain('timers');
  });
});
