// Fix, then re-measure: a sample app against its fixed variant, compared as a user would (real runs, real profiles),
// here with repeated runs a side. One run a side (the requests/s gain significant over the runs' windows, the verdict
// change, the culprit among the largest drops) is compared on the blocking lesson's own runs in
// test/integration/labs/lessons.test.ts, which measures the same two variants anyway.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../app/engine/engine.js';
import { welchTest } from '../../../app/compare/stats.js';
import { getLab } from '../../../app/labs/catalogue.js';

const engine = new Engine({ sessionsDir: mkdtempSync(join(tmpdir(), 'checkup-compare-')) });

async function run(lab: string, variant: 'slow' | 'fixed', repeats = 1): Promise<string> {
  const load = { ...getLab(lab).recipe.load, durationSec: 4, warmupSec: 1 };
  const started = await engine.startRun({ recipe: { target: { kind: 'lab', lab, variant }, load, repeats } });
  const outcome = await engine.registry.runOutcome(started.runId);
  expect(outcome.error?.message).toBeUndefined();
  return outcome.sessionId;
}

describe('before and after on the blocking lab, three runs a side', () => {
  // Two runs a side give a Welch test one or two degrees of freedom (a t of 12.7 needed): on a busy machine the fixed
  // lab's runs can differ by x3 and hide even blocking's x600 (it did, 2026-11-24, in a full suite). Three a side give
  // it two to four degrees of freedom, which a change of hundreds of times clears whatever the load; the p-value is
  // checked against the same test computed here from the runs themselves.
  it('with repeated runs the test is on whole runs', async () => {
    const before = await run('blocking', 'slow', 3);
    const after = await run('blocking', 'fixed', 3);
    const c = await engine.compareSessions({ before, after });
    const rps = c.figures.find((f) => f.key === 'requestsPerSecond')!;
    expect(rps.test!.method).toMatch(/3 vs 3 separate runs/);
    expect(rps.test!.n).toEqual([3, 3]);
    expect(c.before.repeats).toBe(3);
    const runs = async (id: string) => (await engine.getSession({ id })).load!.repeats!.map((r) => Math.log(r.requestsPerSecond));
    const welch = welchTest(await runs(before), await runs(after), 0.05)!;
    expect(rps.test!.p).toBeCloseTo(welch.p, 6);
    expect(rps.outcome).toBe('improved');
  });
});
