// What else used the machine during a run, measured for real: a process burning one core shows as about a core of
// other programs, in the counters and in a real session; without it the same run records less.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../app/engine/engine.js';
import { machineLoad, machineSnapshot } from '../../../app/engine/machine-load.js';

const burners: ChildProcess[] = [];
const burnOneCore = () => {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  burners.push(child);
  return child;
};
const engine = new Engine({ sessionsDir: mkdtempSync(join(tmpdir(), 'checkup-machine-')) });
afterAll(async () => {
  for (const b of burners) b.kill('SIGKILL');
  await engine.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('machine load', () => {
  it('counts a process burning one core as about a core of other programs', async () => {
    const burner = burnOneCore();
    await sleep(300);
    const start = machineSnapshot();
    await sleep(2000);
    const load = machineLoad(start, machineSnapshot(), 0)!;
    burner.kill('SIGKILL');
    expect(load.cores).toBeGreaterThanOrEqual(1);
    // This machine may be shared: at least most of the burner's core, and never more than the machine has.
    expect(load.otherCores).toBeGreaterThanOrEqual(0.7);
    expect(load.otherCores).toBeLessThanOrEqual(load.cores);
    expect(machineLoad(start, { ...start, at: start.at + 500 }, 0)).toBeUndefined();
  });

  it('records it with a real session, and the session without the burner records less', async () => {
    const recipe = { target: { kind: 'lab', lab: 'healthy', variant: 'slow' }, load: { durationSec: 3, warmupSec: 1, connections: 4 }, profile: { cpu: false, heap: false } };
    const run = async () => {
      const started = await engine.startRun({ recipe });
      const outcome = await engine.registry.runOutcome(started.runId);
      expect(outcome.error?.message).toBeUndefined();
      return (await engine.getSession({ id: outcome.sessionId })).session.machine!;
    };
    const quiet = await run();
    const burner = burnOneCore();
    const busy = await run();
    burner.kill('SIGKILL');
    expect(busy.otherCores).toBeGreaterThan(quiet.otherCores + 0.5);
    expect(busy.targetCores).toBeGreaterThan(0);
    expect(busy.checkupCores).toBeGreaterThan(0);
  });
});
