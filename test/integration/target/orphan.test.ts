// The engine going away never leaves a target behind: killed hard (the probe sees its channel close without a bye
// and takes its process group down), or exiting without a shutdown (the exit hook's killAllTargetsSync).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { killAllTargetsSync } from '../../../app/target/index.js';
import { pidAlive } from '../../../app/target/process-tree.js';
import { cleanUpTargets, expectTreeGone, fixturesDir, launchFixture } from './target-helpers.js';

afterEach(cleanUpTargets);

interface Launched {
  pid: number;
  appPid: number;
  port: number;
}

/** Start the harness engine and read the target it launched. */
async function startHarness(args: string[]): Promise<{ engine: ReturnType<typeof spawn>; target: Launched }> {
  const engine = spawn(process.execPath, [join(fixturesDir, 'engine-harness.mjs'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: engine.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    engine.once('exit', (code) => reject(new Error(`harness exited with ${code}`)));
  });
  return { engine, target: JSON.parse(first) as Launched };
}

describe('when the engine goes away', () => {
  it('killed with SIGKILL: the target shuts itself down', async () => {
    const { engine, target } = await startHarness(['stay', 'hello-server.cjs']);
    expect(pidAlive(target.appPid)).toBe(true);
    engine.kill('SIGKILL');
    await expectTreeGone(target.pid, 5000, [target.appPid]);
  });

  it('killed with SIGKILL while running an npm script: npm, its shell and the app all go', async () => {
    const { engine, target } = await startHarness(['stay', '', 'start']);
    expect(target.appPid).not.toBe(target.pid);
    engine.kill('SIGKILL');
    await expectTreeGone(target.pid, 5000, [target.appPid]);
  });

  it('killed while the target ignores SIGTERM: the probe forces it after its grace period', async () => {
    const { engine, target } = await startHarness(['stay', 'ignore-sigterm.cjs']);
    engine.kill('SIGKILL');
    await expectTreeGone(target.pid, 8000, [target.appPid]);
  });

  it('exiting without shutting the target down: the exit hook kills it', async () => {
    const { engine, target } = await startHarness(['exit', 'ignore-sigterm.cjs']);
    await new Promise((r) => engine.once('exit', r));
    // ignore-sigterm would survive a SIGTERM for 3 s; the exit hook's SIGKILL is immediate.
    await expectTreeGone(target.pid, 1000, [target.appPid]);
  });

  it('killAllTargetsSync takes down every running target at once', async () => {
    const a = await launchFixture('ignore-sigterm.cjs');
    const b = await launchFixture('spawns-child.cjs');
    await Promise.all([a.waitUntilListening(15_000), b.waitUntilListening(15_000)]);
    killAllTargetsSync();
    await expectTreeGone(a.pid, 1000);
    await expectTreeGone(b.pid, 1000);
  });
});
