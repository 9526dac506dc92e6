// One doctor, one answer: a profile opened on its own, a recorded run's profile and a crash's stack are judged by the
// same rules as a run, and Checkup's own probe never stands in the user's results.
import { describe, expect, it } from 'vitest';
import type { Diagnosis } from '../../../app/contract/diagnosis.js';
import { summarizeProfile, withRunDiagnosis } from '../../../app/diagnosis/profile-summary.js';
import { parseStackFrames, responsibleFrame, withoutProbeFrames } from '../../../app/diagnosis/stack-frames.js';
import { cpuProfile } from '../profile/synthetic.js';

const PROBE = 'file:///opt/checkup/app/probe/probe.cjs';
const advice = (id: string) => ({ title: `T ${id}`, text: 'x' });

describe('the probe in a profile', () => {
  const p = cpuProfile([
    [['main@file:///srv/app/main.js:1', 'handle@file:///srv/app/handle.js:4'], 6000],
    [['main@file:///srv/app/main.js:1', `take@${PROBE}:120`], 1500],
    [['main@file:///srv/app/main.js:1', `routeOf@${PROBE}:300`], 500],
    [['(idle)'], 2000],
  ]);
  const s = summarizeProfile(p, 'cpuprofile', { adviceText: advice });

  it('is left out of the hot functions, packages and files', () => {
    expect(s.topFunctions.map((f) => f.functionName)).not.toContain('take');
    expect(s.topFunctions.map((f) => f.functionName)).not.toContain('routeOf');
    expect(s.packages.map((x) => x.name)).not.toContain('checkup (probe)');
    expect(s.files.map((x) => x.name)).not.toContain(PROBE);
  });

  it('has its share said', () => {
    expect(s.warnings).toContain("Checkup's own probe (20 % of the time) is left out of the hot functions, packages and files.");
  });

  it('says nothing when the profile holds none of it', () => {
    const clean = summarizeProfile(cpuProfile([[['main@file:///srv/app/main.js:1'], 1000]]), 'cpuprofile', { adviceText: advice });
    expect(clean.warnings.join(' ')).not.toMatch(/probe/);
  });
});

describe('a profile whose time is in one function of the user', () => {
  // JSON.stringify's time is charged to its caller in V8's CPU profiles: no builtin frame for the JSON rule to see.
  const p = cpuProfile([
    [['main@file:///srv/app/main.js:1', 'handler@file:///srv/app/server.js:12', 'render@file:///srv/app/render.js:3'], 9000],
    [['main@file:///srv/app/main.js:1', 'handler@file:///srv/app/server.js:12'], 500],
    [['(idle)'], 500],
  ]);

  it('is named by the hot-path rule, not "no known costly pattern"', () => {
    const s = summarizeProfile(p, 'cpuprofile', { adviceText: advice });
    expect(s.advice).toHaveLength(1);
    expect(s.advice[0]).toMatchObject({ id: 'hot-path', frames: [{ functionName: 'render', line: 3 }] });
    expect(s.advice[0]!.percent).toBe(90);
  });

  it('leaves a profile without a dominant function of the user to the hotspot rules', () => {
    const spread = cpuProfile([
      [['main@file:///srv/app/main.js:1', 'a@file:///srv/app/a.js:1'], 3000],
      [['main@file:///srv/app/main.js:1', 'b@file:///srv/app/b.js:1'], 3000],
      [['main@file:///srv/app/main.js:1', 'c@file:///srv/app/c.js:1'], 3000],
    ]);
    expect(summarizeProfile(spread, 'cpuprofile', { adviceText: advice }).advice).toEqual([]);
  });
});

describe("a recorded run's profile", () => {
  const culprit = { functionName: 'computeReport', url: 'file:///srv/app/slow.js', line: 13, column: 1, selfPercent: 93.9, totalPercent: 94.2, category: 'app' as const, measure: 'cpu' as const };
  const blocked: Diagnosis = {
    verdict: 'event-loop-blocked',
    analyser: 'test',
    findings: [{ kind: 'event-loop-blocked', severity: 'problem', title: 'The event loop is blocked', explanation: 'Each request holds the loop 20 ms.', evidence: [], culprits: [culprit], advice: 'Move the work off the loop.' }],
  };
  const own = [{ id: 'hot-path', title: 'Most of the busy time in computeReport', text: 'x', percent: 94.2, frames: [] }];

  it('says what the diagnosis says, in place of the profile\'s own hot-path word', () => {
    const advice = withRunDiagnosis(own, blocked);
    expect(advice.map((a) => a.id)).toEqual(['event-loop-blocked']);
    expect(advice[0]).toMatchObject({ title: 'The event loop is blocked', percent: 94.2, frames: [{ functionName: 'computeReport', line: 13 }] });
    expect(advice[0]!.text).toContain('Move the work off the loop.');
  });

  it('keeps the profile\'s advice when the verdict names no function by CPU time', () => {
    const healthy: Diagnosis = { verdict: 'healthy', analyser: 'test', findings: [{ kind: 'healthy', severity: 'info', title: 'No problem found', explanation: '', evidence: [], culprits: [], advice: '' }] };
    expect(withRunDiagnosis(own, healthy)).toBe(own);
    expect(withRunDiagnosis(own, undefined)).toBe(own);
  });
});

describe('a stack that passed through the probe', () => {
  const stderr = [
    'Error: listen EADDRINUSE: address already in use :::3000',
    '    at Server.setupListenHandle [as _listen2] (node:net:1817:16)',
    '    at Server.listen (/opt/checkup/app/probe/probe.cjs:340:22)',
    '    at Object.<anonymous> (/srv/app/server.js:9:8)',
  ];

  it('names the user\'s line, never the probe', () => {
    expect(responsibleFrame(parseStackFrames(stderr.join('\n')))).toMatchObject({ functionName: 'Object.<anonymous>', url: 'file:///srv/app/server.js', line: 9 });
    expect(responsibleFrame(parseStackFrames(stderr.slice(0, 3).join('\n')))).toBeUndefined();
  });

  it('is shown without the probe\'s lines, saying they were left out', () => {
    const shown = withoutProbeFrames(stderr);
    expect(shown.join('\n')).not.toMatch(/probe\.cjs/);
    expect(shown.at(-1)).toBe("(1 stack line(s) of Checkup's probe left out)");
    expect(withoutProbeFrames(stderr.slice(0, 2))).toEqual(stderr.slice(0, 2));
  });
});
