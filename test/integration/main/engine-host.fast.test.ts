// The engine host for real: out/main/engine-host.js in a child process (plain Node standing in for Electron's
// utility process: same entry, Node's IPC channel instead of parentPort), a real Engine, driven through the same
// EngineHostClient main uses. Covers calls, flame documents, refusals, a crash and restart, and quitting mid-run
// without leaving the target behind.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../app/contract/api.js';
import type { SessionDetail } from '../../../app/contract/session.js';
import { RecipeSchema } from '../../../app/contract/recipe.js';
import { compiledEntry, rootDir } from '../../../app/paths.js';
import { pidAlive } from '../../../app/target/process-tree.js';
import { SessionWriter } from '../../../app/store/session-writer.js';
import { EngineHostClient, RemoteError, type HostProcess } from '../../../main/engine-host-client.js';
import { HOST_METHODS, type HostMessage } from '../../../main/engine-host-protocol.js';
import { profileFixture } from '../../helpers/fixtures.js';

const children: ChildProcess[] = [];
const clients: EngineHostClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.shutdown()));
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function start() {
  const dataDir = mkdtempSync(join(tmpdir(), 'checkup-host-'));
  const forks: ChildProcess[] = [];
  const forkHost = (): HostProcess => {
    const child = fork(compiledEntry('main/engine-host'), [], {
      serialization: 'advanced',
      env: { ...process.env, CHECKUP_DATA_DIR: dataDir },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    forks.push(child);
    return {
      postMessage: (message) => void child.send(message),
      onMessage: (listener) => void child.on('message', (m) => listener(m as HostMessage)),
      onExit: (listener) => void child.once('exit', (code) => listener(code)),
      kill: () => void child.kill('SIGTERM'),
      get pid() {
        return child.pid;
      },
    };
  };
  const client = new EngineHostClient(forkHost, { shutdownGraceMs: 10_000 });
  clients.push(client);
  const events: EngineEvent[] = [];
  client.onEvent((e) => events.push(e));
  client.start();
  return { client, forks, events, sessionsDir: join(dataDir, 'sessions') };
}

describe('engine host process', () => {
  it('answers contract calls with a real engine', async () => {
    const { client, sessionsDir } = start();
    const labs = await client.call('listLabs', {});
    expect(labs.map((l) => l.name)).toEqual(expect.arrayContaining(['healthy', 'blocking', 'slow-io', 'gc-churn', 'memory-leak', 'listener-leak']));

    const good = await client.call('validateRecipe', { recipe: { target: { kind: 'lab', lab: 'blocking' } } });
    expect(good).toMatchObject({ ok: true, recipe: { target: { lab: 'blocking', variant: 'slow' }, load: { connections: 10 } } });
    const bad = await client.call('validateRecipe', { recipe: { target: { kind: 'script' } } });
    expect(bad.ok).toBe(false);

    expect(await client.call('listSessions', {})).toEqual([]);
    const recipe = RecipeSchema.parse({ target: { kind: 'lab', lab: 'healthy' } });
    const writer = await SessionWriter.create(sessionsDir, { name: 'server.js', project: '/p', recipe });
    await writer.finish('complete');
    expect(await client.call('listSessions', {})).toMatchObject([{ id: writer.id, name: 'server.js', status: 'complete' }]);

    const missing = (await client.call('getSession', { id: 'nope' }).catch((e: unknown) => e)) as RemoteError;
    expect(missing).toBeInstanceOf(RemoteError);
    expect(missing.serialized.code).toMatch(/^CHK_SESSION_/);
  });

  it('opens a profile and serves its flame document by name', async () => {
    const { client } = start();
    const path = profileFixture('node/20.20/cpu-prof.cpuprofile');
    const view = await client.call('openProfile', { source: { kind: 'file', path } });
    expect(view.flamePath).toMatch(/^flame\/[0-9a-f]{16}\.cpuprofile$/);
    const doc = await client.flameDocument(view.flamePath!.slice('flame/'.length));
    expect(doc).toBeInstanceOf(Uint8Array);
    const parsed = JSON.parse(Buffer.from(doc!).toString('utf8')) as { nodes?: unknown[] };
    expect(Array.isArray(parsed.nodes)).toBe(true);
    expect(await client.flameDocument('ffffffffffffffff.cpuprofile')).toBeUndefined();
    expect(await client.flameDocument('../../etc/passwd')).toBeUndefined();
    const notFound = (await client.call('openProfile', { source: { kind: 'file', path: '/nonexistent/x.cpuprofile' } }).catch((e: unknown) => e)) as RemoteError;
    expect(notFound.serialized.code).toBe('CHK_FILE_NOT_FOUND');
    expect(readFileSync(path).length).toBeGreaterThan(0);
  });

  it('checks every request itself: unknown methods and bad payloads are refused, junk answered with id null', async () => {
    const { client, forks } = start();
    await client.call('listLabs', {});
    const child = forks[0]!;
    const answers = new Map<unknown, HostMessage>();
    const unaddressed: HostMessage[] = [];
    child.on('message', (m: HostMessage) => {
      if (!('ok' in m)) return;
      if (m.id === null) unaddressed.push(m);
      else answers.set(m.id, m);
    });
    child.send('junk');
    child.send({ method: 'listLabs' }); // no id: nothing to answer it by
    child.send({ id: 9001, method: 'stopAll', params: {} });
    child.send({ id: 9002, method: 'getSession', params: { id: '../../etc' } });
    child.send({ id: 9003, method: 'listLabs', params: {} });
    child.send({ id: 9004, method: HOST_METHODS.flameDocument, params: { name: 42 } });
    await until(() => answers.size === 4 && unaddressed.length === 2, 10_000);
    expect(unaddressed).toEqual([expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'CHK_INVALID_OPTIONS' }) }), expect.objectContaining({ ok: false })]);
    expect(answers.get(9001)).toMatchObject({ ok: false, error: { code: 'CHK_UNKNOWN_METHOD' } });
    expect(answers.get(9002)).toMatchObject({ ok: false, error: { code: 'CHK_INVALID_OPTIONS', message: expect.stringMatching(/getSession: id: not a session id/) } });
    expect(answers.get(9003)).toMatchObject({ ok: true });
    expect(answers.get(9004)).toMatchObject({ ok: true });
    expect((answers.get(9004) as { value?: unknown }).value).toBeUndefined();
  });

  it('a killed host is restarted and serves again; its calls fail with a coded error', async () => {
    const { client, forks } = start();
    await client.call('listLabs', {});
    const first = forks[0]!;
    const pending = client.call('openProfile', { source: { kind: 'file', path: profileFixture('node/20.20/cpu-prof.cpuprofile') } });
    first.kill('SIGKILL');
    const err = (await pending.catch((e: unknown) => e)) as RemoteError;
    expect(err.serialized).toMatchObject({ code: 'CHK_INTERNAL' });
    expect(forks).toHaveLength(2);
    expect(client.pid).toBe(forks[1]!.pid);
    expect((await client.call('listLabs', {})).length).toBeGreaterThan(0);
  });

  it('quitting mid-run stops the run, saves it, and leaves no target process behind', async () => {
    const { client, forks, events } = start();
    const recipe = { target: { kind: 'lab', lab: 'healthy' }, load: { durationSec: 60, warmupSec: 1, connections: 2 }, profile: { cpu: false, heap: false } };
    const run = await client.call('startRun', { recipe });
    await until(() => events.some((e) => e.type === 'run-phase' && (e.phase === 'warmup' || e.phase === 'measuring')), 30_000);
    const detail: SessionDetail = await client.call('getSession', { id: run.sessionId });
    const targetPid = detail.session.target.pid!;
    expect(alive(targetPid)).toBe(true);

    await client.shutdown();
    expect(forks[0]!.exitCode ?? forks[0]!.signalCode).not.toBeNull();
    expect(forks[0]!.signalCode).toBeNull(); // exited by itself, not killed after the grace period
    await until(() => !alive(targetPid), 5000);
    const saved = JSON.parse(readFileSync(join(run.sessionDir, 'session.json'), 'utf8')) as { status: string };
    expect(saved.status).toBe('partial');
  });

  it('a host killed mid-run takes its target with it (the probe notices the closed channel)', async () => {
    const { client, forks, events } = start();
    const recipe = { target: { kind: 'lab', lab: 'healthy' }, load: { durationSec: 60, warmupSec: 1, connections: 2 }, profile: { cpu: false, heap: false } };
    const run = await client.call('startRun', { recipe });
    await until(() => events.some((e) => e.type === 'run-phase' && (e.phase === 'warmup' || e.phase === 'measuring')), 30_000);
    const targetPid = (await client.call('getSession', { id: run.sessionId })).session.target.pid!;
    forks[0]!.kill('SIGKILL');
    await until(() => !alive(targetPid), 10_000);
    expect(events.at(-1)).toMatchObject({ type: 'run-finished', runId: run.runId, status: 'partial', error: { code: 'CHK_INTERNAL' } });
  });

  it('a host killed mid-run takes down a target whose event loop is blocked for good, within 5 s (the tree guard)', async () => {
    const { client, forks, events } = start();
    const app = join(rootDir, 'test', 'fixtures', 'cli', 'blocks-forever.js');
    const recipe = { target: { kind: 'script', script: app, cwd: join(rootDir, 'test', 'fixtures', 'cli') }, load: { durationSec: 60, warmupSec: 30, connections: 2 }, profile: { cpu: false, heap: false } };
    const run = await client.call('startRun', { recipe });
    await until(() => events.some((e) => e.type === 'run-phase' && e.phase === 'warmup'), 30_000);
    const targetPid = (await client.call('getSession', { id: run.sessionId })).session.target.pid!;
    // The warm-up's first request blocked the app's loop: its probe can no longer act on anything.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    forks[0]!.kill('SIGKILL');
    await until(() => !pidAlive(targetPid), 5000);
  });
});
