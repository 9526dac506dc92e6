// The main side of the engine host channel when the host misbehaves: dies mid-call or mid-run, keeps dying, or
// ignores a shutdown. The test plays the host's side of the protocol on a fake utility process.
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../app/contract/api.js';
import { EngineHostClient, RemoteError, type HostProcess } from '../../../main/engine-host-client.js';
import { forkUtilityHost } from '../../../main/desktop-app.js';
import { SHUTDOWN_CALL } from '../../../main/engine-host-protocol.js';
import { FakeUtilityProcess, createFakeElectron } from '../../helpers/fake-electron.js';
import { until } from './desktop-harness.js';

function harness(options: ConstructorParameters<typeof EngineHostClient>[1] = {}) {
  const procs: FakeUtilityProcess[] = [];
  const fake = createFakeElectron({
    forkHost: () => {
      const proc = new FakeUtilityProcess();
      procs.push(proc);
      return proc;
    },
  });
  const client = new EngineHostClient(() => forkUtilityHost(fake.electron.utilityProcess, '/app/out/main/engine-host.js'), options);
  const events: EngineEvent[] = [];
  client.onEvent((e) => events.push(e));
  const restarts: unknown[] = [];
  client.onRestart((info) => restarts.push(info));
  return { client, procs, events, restarts, fake };
}

describe('engine host client', () => {
  it('matches answers to calls by id, out of order', async () => {
    const { client, procs } = harness();
    client.start();
    const a = client.call('listLabs', {});
    const b = client.call('listSessions', {});
    await until(() => procs[0]!.received.length === 2);
    const [ma, mb] = procs[0]!.received as Array<{ id: number }>;
    procs[0]!.reply({ id: mb!.id, ok: true, value: ['sessions'] });
    procs[0]!.reply({ id: ma!.id, ok: false, error: { code: 'CHK_LAB_NOT_FOUND', message: 'no lab' } });
    expect(await b).toEqual(['sessions']);
    const err = await a.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RemoteError);
    expect((err as RemoteError).serialized.code).toBe('CHK_LAB_NOT_FOUND');
    expect(procs[0]!.pid).toBe(client.pid);
  });

  it('a host that dies: pending calls fail coded, its runs end for the renderer, a new host takes over', async () => {
    const { client, procs, events, restarts } = harness();
    client.start();
    procs[0]!.reply({ event: { type: 'run-phase', runId: 'run-1', sessionId: 's-1', phase: 'measuring', at: 1 } });
    procs[0]!.reply({ event: { type: 'run-phase', runId: 'run-0', sessionId: 's-0', phase: 'measuring', at: 1 } });
    procs[0]!.reply({ event: { type: 'run-finished', runId: 'run-0', sessionId: 's-0', sessionDir: '/s', status: 'complete' } });
    await until(() => events.length === 3);
    const pending = client.call('openProfile', { source: { kind: 'file', path: '/big.cpuprofile' } });
    await until(() => procs[0]!.received.length === 1);
    procs[0]!.exit(134);

    const err = (await pending.catch((e: unknown) => e)) as RemoteError;
    expect(err.serialized.code).toBe('CHK_INTERNAL');
    expect(err.serialized.message).toMatch(/engine process stopped unexpectedly \(exit code 134\)/);
    expect(events.at(-1)).toMatchObject({ type: 'run-finished', runId: 'run-1', sessionId: 's-1', status: 'partial', error: { code: 'CHK_INTERNAL' } });
    expect(events.filter((e) => e.type === 'run-finished')).toHaveLength(2);
    expect(restarts).toEqual([expect.objectContaining({ code: 134, restarted: true })]);

    expect(procs).toHaveLength(2);
    const next = client.call('listLabs', {});
    await until(() => procs[1]!.received.length === 1);
    procs[1]!.reply({ id: (procs[1]!.received[0] as { id: number }).id, ok: true, value: [] });
    expect(await next).toEqual([]);
  });

  it('stops restarting a host that keeps dying, and says so on every call', async () => {
    const { client, procs, restarts } = harness({ maxRestarts: 2 });
    client.start();
    for (let i = 0; i < 3; i++) {
      procs[i]!.exit(1);
      await until(() => restarts.length === i + 1);
    }
    expect(procs).toHaveLength(3);
    expect(restarts.at(-1)).toMatchObject({ restarted: false });
    const err = (await client.call('listLabs', {}).catch((e: unknown) => e)) as RemoteError;
    expect(err.serialized).toMatchObject({ code: 'CHK_INTERNAL', message: expect.stringMatching(/keeps stopping/) });
  });

  it('shutdown asks the host to stop; a host that does not exit is killed after the grace period', async () => {
    const { client, procs } = harness({ shutdownGraceMs: 50 });
    client.start();
    const pending = client.call('listLabs', {});
    const started = Date.now();
    await client.shutdown();
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(procs[0]!.received.at(-1)).toEqual(SHUTDOWN_CALL);
    expect(procs[0]!.killed).toBe(true);
    expect(procs).toHaveLength(1); // an expected exit is not restarted
    await expect(pending).rejects.toMatchObject({ serialized: { code: 'CHK_CANCELLED' } });
    await expect(client.call('listLabs', {})).rejects.toMatchObject({ code: 'CHK_CANCELLED' });
  });

  it('a host that exits on shutdown is not killed', async () => {
    const { client, procs } = harness({ shutdownGraceMs: 5000 });
    client.start();
    const done = client.shutdown();
    await until(() => procs[0]!.received.length === 1);
    procs[0]!.reply({ id: SHUTDOWN_CALL.id, ok: true, value: undefined });
    procs[0]!.exit(0);
    await done;
    expect(procs[0]!.killed).toBe(false);
  });

  it('the host process is forked with a service name and inherited output', () => {
    const { client, fake } = harness();
    client.start();
    expect(fake.record.forks[0]).toMatchObject({ modulePath: '/app/out/main/engine-host.js', options: { serviceName: 'Checkup engine', stdio: 'inherit' } });
    const host: HostProcess = forkUtilityHost(fake.electron.utilityProcess, '/x.js');
    expect(typeof host.pid).toBe('number');
  });
});
