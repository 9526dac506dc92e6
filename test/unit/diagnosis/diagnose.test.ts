import { describe, expect, it } from 'vitest';
import { judge as diagnose } from '../../../app/diagnosis/judge.js';
import { loadDiagnosisAdvice } from '../../../app/diagnosis/advice-files.js';
import { RECORDED_LABS, recordedDiagnosis, recordedInput } from '../../helpers/recorded-session.js';
import { syntheticRun, type Scenario } from '../../helpers/synthetic-run.js';

const expected: Array<[Scenario, string, string | undefined]> = [
  ['healthy-saturated', 'healthy', undefined],
  ['healthy-idle', 'healthy', undefined],
  ['blocked', 'event-loop-blocked', 'computeReport'],
  ['io', 'io-bound', 'fetchInventory'],
  ['slow-downstream', 'healthy', undefined],
  ['hot', 'hot-path', 'cloneState'],
  ['overloaded', 'healthy', undefined],
  ['gc', 'gc-pressure', 'buildRows'],
  ['leak', 'memory-leak', 'rememberRequest'],
  ['listener', 'listener-leak', 'subscribeToUpdates'],
  ['crash', 'target-crashed', 'parseOrder'],
  ['too-short', 'insufficient-data', undefined],
  ['churn-no-trend', 'healthy', undefined],
];

describe('diagnose() on synthetic runs', () => {
  for (const noise of [0, 0.15, 0.3]) {
    for (const [scenario, verdict, culprit] of expected) {
      it(`${scenario} at noise ${noise} → ${verdict}`, () => {
        for (const seed of [1, 2, 3, 4, 5]) {
          const d = diagnose(syntheticRun({ scenario, noise, seed }));
          expect(d.verdict, `seed ${seed}`).toBe(verdict);
          const top = d.findings[0]!;
          expect(top.kind).toBe(verdict);
          if (culprit) expect(top.culprits[0]?.functionName).toBe(culprit);
        }
      });
    }
  }

  it('one stalled window does not make a blocked verdict (medians, not means)', () => {
    const run = syntheticRun({ scenario: 'healthy-saturated', noise: 0.1 });
    run.samples[3]!.delay = { min: 0, mean: 400, p50: 400, p90: 800, p99: 900, max: 900 };
    expect(diagnose(run).verdict).toBe('healthy');
  });

  it('listener leak is the verdict even though memory also grows, and the memory finding stays as a warning', () => {
    const d = diagnose(syntheticRun({ scenario: 'listener', noise: 0.1 }));
    expect(d.verdict).toBe('listener-leak');
    const memory = d.findings.find((f) => f.kind === 'memory-leak');
    expect(memory?.severity).toBe('warning');
    expect(memory?.explanation).toMatch(/consequence/);
  });

  it('listener leak culprit is the frame that added the listener, not node:events', () => {
    const d = diagnose(syntheticRun({ scenario: 'listener' }));
    const c = d.findings[0]!.culprits[0]!;
    expect(c).toMatchObject({ functionName: 'subscribeToUpdates', url: 'file:///srv/app/updates.js', line: 21, category: 'app', measure: 'stack' });
  });

  it('evidence names the series and the threshold it crossed', () => {
    const d = diagnose(syntheticRun({ scenario: 'blocked', noise: 0 }));
    const delay = d.findings[0]!.evidence[0]!;
    expect(delay.series).toBe('delay.p99');
    expect(delay.value).toBeGreaterThan(delay.threshold!);
    expect(delay.fromMs).toBeGreaterThanOrEqual(0);
  });

  it('every finding carries its advice text from the content files', () => {
    const advice = loadDiagnosisAdvice();
    for (const [scenario] of expected) {
      const d = diagnose(syntheticRun({ scenario }), advice);
      for (const f of d.findings) expect(f.advice.length, f.kind).toBeGreaterThan(50);
    }
  });

  it('with GC a problem, a delayed loop is listed as its consequence, not as the verdict', () => {
    const run = syntheticRun({ scenario: 'gc', noise: 0 });
    for (const s of run.samples) s.delay = { ...s.delay, p99: 45, max: 60 };
    const d = diagnose(run);
    expect(d.verdict).toBe('gc-pressure');
    const blocked = d.findings.find((f) => f.kind === 'event-loop-blocked')!;
    expect(blocked.severity).toBe('warning');
    expect(blocked.explanation).toMatch(/consequence of the garbage collector/);
  });

  it('a crash with a failing load still names the crash', () => {
    const run = syntheticRun({ scenario: 'crash' });
    run.load!.errors = run.load!.requestsTotal;
    const d = diagnose(run);
    expect(d.verdict).toBe('target-crashed');
    expect(d.findings.find((f) => f.kind === 'load-errors')?.severity).toBe('warning');
  });

  it('all-404 answers are reported as failing requests', () => {
    const run = syntheticRun({ scenario: 'healthy-saturated' });
    run.load!.non2xx = run.load!.requestsTotal;
    run.load!.statusCodes = { '404': run.load!.requestsTotal };
    const d = diagnose(run);
    expect(d.verdict).toBe('load-errors');
    expect(d.findings[0]!.explanation).toContain('HTTP 404');
  });
});

describe('diagnose() on recorded lab sessions', () => {
  it.each(RECORDED_LABS)('%s: the rebuilt input gets the verdict the doctor gave when it was recorded', (lab) => {
    const recorded = recordedDiagnosis(lab);
    expect(diagnose(recordedInput(lab)).verdict).toBe(recorded.verdict);
    // And that verdict is the lab's own problem (assets/labs/README.md).
    expect(recorded.verdict).toBe({ healthy: 'healthy', blocking: 'event-loop-blocked', 'slow-io': 'io-bound', 'gc-churn': 'gc-pressure', 'memory-leak': 'memory-leak', 'listener-leak': 'listener-leak' }[lab]);
  });
});

describe('a loop blocked for seconds at a time', () => {
  it('has few, long windows: that is judged as blocking, not as too little data', () => {
    // Three windows of 1.7 s in which the loop completed no turn (delay count 0, stall = window), 35 requests.
    const run = syntheticRun({ scenario: 'blocked', noise: 0 });
    const stall = 1690;
    run.samples = run.samples.slice(0, 3).map((s) => ({ ...s, windowMs: 1700, lateMs: 1450, delay: { min: stall, mean: stall, p50: stall, p90: stall, p99: stall, max: stall, count: 0 } }));
    run.load = { ...run.load!, requestsTotal: 35 };
    expect(diagnose(run).verdict).toBe('event-loop-blocked');
    // Three windows of 250 ms are too little.
    run.samples = run.samples.map((s) => ({ ...s, windowMs: 250, lateMs: 0 }));
    expect(diagnose(run).verdict).toBe('insufficient-data');
  });
});
