// The run's verdict from the units that did the work, on synthetic series of known truth (seeded): a cluster whose
// idle primary served nothing and whose two workers were blocked is judged blocked in a worker, with the workers as
// the deciders; a run where no unit counted requests stays the main process's judgement.
import { describe, expect, it } from 'vitest';
import type { ProbeSample } from '../../../app/contract/metrics.js';
import { RecipeSchema } from '../../../app/contract/recipe.js';
import { diagnoseProcess as diagnoseRun, type CollectedRun } from '../../../app/diagnosis/collected-run.js';
import { judgeUnits } from '../../../app/diagnosis/judge-units.js';
import type { LiveUnit } from '../../../app/target/unit-registry.js';
import type { ProbeHello } from '../../../app/target/probe-protocol.js';
import { syntheticRun } from '../../helpers/synthetic-run.js';

const recipe = RecipeSchema.parse({ target: { kind: 'script', script: 'server.js', cwd: '/srv/app' } });

function withRoutes(samples: ProbeSample[], perWindow: number): ProbeSample[] {
  return samples.map((s) => ({ ...s, routes: perWindow ? [{ method: 'GET', route: '/', count: perWindow, totalMs: perWindow * 30, maxMs: 40, syncMs: perWindow * 25, syncMaxMs: 30, errors: 0 }] : [] }));
}

function unit(pid: number, role: LiveUnit['role'], samples: ProbeSample[], parent?: number): LiveUnit {
  const hello = { type: 'hello', token: '', probeVersion: 2, pid, ppid: parent ?? 1, argv: ['node', '/srv/app/server.js'], execArgv: [], nodeVersion: 'v20', platform: 'linux', arch: 'x64', cwd: '/srv/app', timeOrigin: 0 } as ProbeHello;
  return { id: String(pid), pid, threadId: 0, role, ...(parent ? { parentId: String(parent) } : {}), hello, samples, seenAt: 0 };
}

function collected(samples: ProbeSample[], load: CollectedRun['load']): CollectedRun {
  const start = samples[0]!.ts - 250;
  return { samples, warnings: [], load, profiles: {}, crash: undefined, stderrTail: [], startupMs: 100, timings: { measureStartAt: start, measureEndAt: samples.at(-1)!.ts + 1 }, recipe };
}

describe('judgeUnits', () => {
  it('judges a cluster by the workers that served, not by its idle primary', () => {
    const idle = syntheticRun({ scenario: 'healthy-idle', seed: 2 });
    const blocked = syntheticRun({ scenario: 'blocked', seed: 5 });
    const primary = unit(100, 'primary', withRoutes(idle.samples, 0));
    const workers = [unit(101, 'cluster-worker', withRoutes(blocked.samples, 6), 100), unit(102, 'cluster-worker', withRoutes(blocked.samples, 4), 100)];
    const run = collected(primary.samples, blocked.load);
    const mainResult = diagnoseRun(run);
    expect(mainResult.diagnosis.verdict).not.toBe('event-loop-blocked');

    const judged = judgeUnits(run, mainResult, { live: [primary, ...workers], mainId: '100', profiles: new Map(), loadedPids: new Set() });
    expect(judged.diagnosis.verdict).toBe('event-loop-blocked');
    expect(judged.diagnosis.findings[0]!.explanation).toMatch(/^In cluster worker 101, which served 60% of the requests: /);
    expect(judged.units.decidedBy).toEqual(['101', '102']);
    expect(judged.units.units.map((u) => [u.id, u.requestShare])).toEqual([['100', 0], ['101', 0.6], ['102', 0.4]]);
    expect(judged.summary.verdict).toBe('event-loop-blocked');
  });

  it('keeps the main process\'s judgement when no unit counted requests', () => {
    const io = syntheticRun({ scenario: 'io', seed: 3 });
    const main = unit(200, 'primary', withRoutes(io.samples, 0));
    const child = unit(201, 'child', withRoutes(syntheticRun({ scenario: 'blocked', seed: 4 }).samples, 0), 200);
    const run = collected(main.samples, io.load);
    const mainResult = diagnoseRun(run);
    const judged = judgeUnits(run, mainResult, { live: [main, child], mainId: '200', profiles: new Map(), loadedPids: new Set() });
    expect(judged.diagnosis).toBe(mainResult.diagnosis);
    expect(judged.units.decidedBy).toEqual(['200']);
    // The child is judged on its own all the same.
    expect(judged.units.units.find((u) => u.id === '201')?.diagnosis).toBeDefined();
  });
});
