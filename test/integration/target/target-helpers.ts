// Shared by the target and probe integration tests: launch fixture servers, remember every process group we
// started, and check afterwards that nothing of it is left.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { launchTarget, type LaunchOptions, type Target } from '../../../app/target/index.js';
import type { LaunchSpec } from '../../../app/target/launch-command.js';
import { groupAlive, pidAlive } from '../../../app/target/process-tree.js';
import type { ProbeSample } from '../../../app/contract/metrics.js';

export const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'targets');

const launched: Target[] = [];

export async function launchFixture(script: string, options: LaunchOptions & { args?: string[]; env?: Record<string, string>; nodeArgs?: string[] } = {}): Promise<Target> {
  const spec: LaunchSpec = { kind: 'script', script, args: options.args ?? [], nodeArgs: options.nodeArgs ?? [], cwd: fixturesDir, env: options.env ?? {} };
  return track(await launchTarget(spec, options));
}

export function track(target: Target): Target {
  launched.push(target);
  return target;
}

/** afterEach: shut down whatever a test left running, then prove every tree we started is gone. */
export async function cleanUpTargets(): Promise<void> {
  const all = launched.splice(0);
  await Promise.all(all.map((t) => t.shutdown({ graceMs: 500 })));
  for (const t of all) await expectTreeGone(t.pid);
}

/** No live process left in the group the target led (polls briefly: reaping takes a moment). */
export async function expectTreeGone(pgid: number, withinMs = 3000, extraPids: number[] = []): Promise<void> {
  const deadline = Date.now() + withinMs;
  const anyAlive = () => groupAlive(pgid) || pidAlive(pgid) || extraPids.some((p) => pidAlive(p));
  while (anyAlive() && Date.now() < deadline) await sleep(50);
  expect(anyAlive(), `process group ${pgid} still has live processes`).toBe(false);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Collect samples for a while. */
export async function collectSamples(target: Target, ms: number): Promise<ProbeSample[]> {
  const samples: ProbeSample[] = [];
  const onSample = (s: ProbeSample) => samples.push(s);
  target.on('sample', onSample);
  await sleep(ms);
  target.off('sample', onSample);
  return samples;
}

/** Wait for an event with a timeout. */
export function nextEvent<T>(target: Target, event: 'exit' | 'warning' | 'listening', timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} event within ${timeoutMs} ms`)), timeoutMs);
    target.once(event, (value: unknown) => {
      clearTimeout(timer);
      resolve(value as T);
    });
  });
}

/** Assert a promise rejects with a CheckupError of the given code and return it. */
export async function expectCode(promise: Promise<unknown>, code: string): Promise<{ code: string; message: string; details: string[]; params: Record<string, unknown> }> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, `expected ${code}`).toBeDefined();
  expect((err as { code?: string }).code, (err as Error).message).toBe(code);
  return err as { code: string; message: string; details: string[]; params: Record<string, unknown> };
}
