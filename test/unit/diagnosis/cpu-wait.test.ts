// A machine busier than its cores holds the app back: timers fire late and windows pass without a loop turn while no
// code of the app runs long. The recorded `busy-machine` session is express-hello-busy (a cheap hello world) run under
// a load average of 12 on 2 cores, which the doctor used to call event-loop-blocked.
import { describe, expect, it } from 'vitest';
import { cpuWaitShare, appOwnDelay } from '../../../app/diagnosis/cpu-wait.js';
import { judge as diagnose } from '../../../app/diagnosis/judge.js';
import { loopDelay } from '../../../app/diagnosis/loop-delay.js';
import { routeTotals } from '../../../app/diagnosis/request-cost.js';
import { thresholds as T } from '../../../app/diagnosis/thresholds.js';
import { recordedDiagnosis, recordedInput } from '../../helpers/recorded-session.js';

describe('the time the app waited for a CPU', () => {
  it('is taken off each window\'s delay, floored at zero', () => {
    const sample = recordedInput('busy-machine').samples.find((s) => s.delay.p99 > 50)!;
    expect(sample.cpuWaitMs).toBeGreaterThan(sample.delay.p99);
    expect(appOwnDelay(sample)).toMatchObject({ p99: 0, max: 0 });
    expect(appOwnDelay({ ...sample, cpuWaitMs: 10 }).p99).toBeCloseTo(sample.delay.p99 - 10, 5);
    const { cpuWaitMs: _w, ...unmeasured } = sample;
    expect(appOwnDelay(unmeasured)).toEqual(sample.delay);
  });

  it('a cheap server on a starved machine: late by the machine, healthy by the doctor', () => {
    const input = recordedInput('busy-machine');
    expect(recordedDiagnosis('busy-machine').verdict).toBe('event-loop-blocked');
    expect(cpuWaitShare(input.samples)).toBeGreaterThan(0.3);
    // The same windows without the wait read as stalled: what the doctor saw before it knew the wait.
    const raw = input.samples.map(({ cpuWaitMs: _w, ...s }) => s);
    expect(loopDelay(raw).stalledShare).toBeGreaterThanOrEqual(T.stalledWindowShare);
    expect(loopDelay(input.samples).stalledShare).toBeLessThan(T.stalledWindowShare);
    const diagnosis = diagnose(input);
    expect(diagnosis.verdict).toBe('healthy');
    const evidence = diagnosis.findings[0]!.evidence.find((e) => e.label.startsWith('Time the app waited for a CPU'));
    expect(evidence?.value).toBeGreaterThan(30);
  });

  it('is unknown without the probe\'s figure (other platforms, older probes)', () => {
    expect(cpuWaitShare(recordedInput('blocking').samples)).toBeUndefined();
  });
});

describe('synchronous request time on a busy machine', () => {
  it('is scaled by the share of the window the thread had a CPU', () => {
    const sample = recordedInput('busy-machine').samples[5]!;
    const route = { method: 'GET', route: '/invoices/:id', count: 10, totalMs: 400, maxMs: 60, syncMs: 120, syncMaxMs: 15, errors: 0 };
    const waitedHalf = { ...sample, windowMs: 250, cpuWaitMs: 125, routes: [route] };
    expect(routeTotals([waitedHalf])[0]).toMatchObject({ count: 10, syncMs: 60, syncMaxMs: 7.5, totalMs: 400 });
    const { cpuWaitMs: _w, ...unmeasured } = waitedHalf;
    expect(routeTotals([unmeasured])[0]).toMatchObject({ syncMs: 120, syncMaxMs: 15 });
  });
});
