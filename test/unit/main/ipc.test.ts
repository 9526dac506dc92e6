import { afterEach, describe, expect, it } from 'vitest';
import { RecipeSchema } from '../../../app/contract/recipe.js';
import { SessionWriter } from '../../../app/store/session-writer.js';
import { isMethodName } from '../../../app/contract/rpc.js';
import { HOST_METHODS } from '../../../main/engine-host-protocol.js';
import { CALL_CHANNEL, type CallAnswer } from '../../../main/ipc.js';
import { FakeFrame, FakeWebContents, fakeEvent } from '../../helpers/fake-electron.js';
import { boot, quit, type Booted } from './desktop-harness.js';

let booted: Booted | undefined;
afterEach(async () => {
  if (booted) await quit(booted);
  booted = undefined;
});

/** Calls the way the preload does, from the main frame of our window unless another sender is given. */
async function call(b: Booted, method: unknown, params: unknown, event?: unknown): Promise<CallAnswer> {
  const wc = b.fake.window!.webContents;
  return (await b.fake.invoke(CALL_CHANNEL, event ?? wc.ipcEvent(), method, params)) as CallAnswer;
}

/** Contract calls main passed on to the engine host (not its own flame or shutdown calls). */
function engineCalls(b: Booted): unknown[] {
  return b.hosts.flatMap((h) => h.received).filter((m) => isMethodName((m as { method?: unknown }).method));
}

describe('IPC: checkup:call', () => {
  it('passes good calls from our main frame through to the engine', async () => {
    booted = await boot();
    const labs = await call(booted, 'listLabs', {});
    expect(labs.ok).toBe(true);
    const names = (labs as { value: Array<{ name: string }> }).value.map((l) => l.name);
    expect(names).toEqual(expect.arrayContaining(['healthy', 'blocking']));

    const recipe = RecipeSchema.parse({ target: { kind: 'lab', lab: 'healthy' } });
    await (await SessionWriter.create(booted.sessionsDir, { name: 'server.js', project: '/p', recipe })).finish('complete');
    const sessions = await call(booted, 'listSessions', {});
    expect(sessions).toMatchObject({ ok: true, value: [{ name: 'server.js', status: 'complete' }] });

    const check = await call(booted, 'validateRecipe', { recipe: { target: { kind: 'lab', lab: 'healthy' }, load: { connections: -1 } } });
    expect(check).toMatchObject({ ok: true, value: { ok: false } });
    expect(Object.keys((check as { value: { errors: object } }).value.errors)).toContain('load.connections');
  });

  it("engine errors arrive with their code, not flattened to a message", async () => {
    booted = await boot();
    const answer = await call(booted, 'getSession', { id: 'no-such-session' });
    expect(answer.ok).toBe(false);
    expect((answer as { error: { code: string } }).error.code).toMatch(/^CHK_SESSION_(NOT_FOUND|UNREADABLE)$/);
  });

  it('registers exactly one channel; any other is refused and never reaches the engine', async () => {
    booted = await boot();
    expect([...booted.fake.record.ipcHandlers.keys()]).toEqual([CALL_CHANNEL]);
    await expect(booted.fake.invoke('checkup:startRun', booted.fake.window!.webContents.ipcEvent(), {})).rejects.toThrow(/No handler registered/);
    // Fire-and-forget and synchronous messages on any channel: ignored, and a sync sender gets a coded refusal.
    const sync = fakeEvent({ returnValue: undefined as unknown });
    booted.fake.window!.webContents.emit('ipc-message-sync', sync, 'checkup:call', 'listLabs', {});
    expect(sync.returnValue).toMatchObject({ ok: false, error: { code: 'CHK_FORBIDDEN' } });
    booted.fake.window!.webContents.emit('ipc-message', fakeEvent(), 'anything', 1);
    expect(engineCalls(booted)).toHaveLength(1); // only main's own listSessions for the menu
  });

  it.each(['nope', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'onEvent', 'stopAll', 'runOutcome', HOST_METHODS.shutdown, HOST_METHODS.flameDocument, '', 42, null, { method: 'listLabs' }])(
    'refuses the unknown method %j',
    async (method) => {
      booted = await boot();
      const before = booted.hosts.flatMap((h) => h.received).length;
      const answer = await call(booted, method, {});
      expect(answer).toMatchObject({ ok: false, error: { code: 'CHK_UNKNOWN_METHOD' } });
      // Nothing at all reached the engine host: not even the host's own methods are open to the page.
      expect(booted.hosts.flatMap((h) => h.received)).toHaveLength(before);
    },
  );

  it.each([
    ['getSession', { id: '../../etc' }],
    ['getSession', {}],
    ['deleteSession', { id: 'a/b' }],
    ['listLabs', { extra: true }],
    ['stopRun', { runId: 7 }],
    ['openProfile', { source: { kind: 'file', path: 'relative/path.cpuprofile' } }],
    ['openProfile', { source: { kind: 'url', url: 'https://x' } }],
    ['openInEditor', { url: '' }],
    ['revealPath', { path: 'x'.repeat(5000) }],
    ['pickPath', { kind: 'device' }],
    ['listSessions', 'not an object'],
    ['startRun', []],
  ])('refuses a bad payload for %s', async (method, params) => {
    booted = await boot();
    const before = engineCalls(booted).length;
    const dialogs = booted.fake.record.dialogCalls.length;
    const answer = await call(booted, method, params);
    expect(answer).toMatchObject({ ok: false, error: { code: 'CHK_INVALID_OPTIONS' } });
    expect((answer as { error: { message: string } }).error.message).toContain(method);
    expect(engineCalls(booted)).toHaveLength(before);
    expect(booted.fake.record.dialogCalls).toHaveLength(dialogs);
  });

  it('refuses foreign senders: another origin, a subframe, another window, a gone frame', async () => {
    booted = await boot();
    const wc = booted.fake.window!.webContents;
    const main = wc.mainFrame;
    const before = engineCalls(booted).length;
    const senders = {
      'another origin': wc.ipcEvent(new FakeFrame('https://evil.example/', null, main.processId, main.routingId)),
      'a file page': wc.ipcEvent(new FakeFrame('file:///tmp/x.html', null, main.processId, main.routingId)),
      'another checkup host': wc.ipcEvent(new FakeFrame('checkup://evil/index.html', null, main.processId, main.routingId)),
      'a subframe on our origin': wc.ipcEvent(new FakeFrame('checkup://app/speedscope/index.html', main, main.processId, 7)),
      'another frame on our origin': wc.ipcEvent(new FakeFrame('checkup://app/index.html', null, main.processId + 1, 3)),
      'a gone frame': wc.ipcEvent(null),
      'another window': new FakeWebContents().ipcEvent(),
      'another window, same frame numbers': { sender: new FakeWebContents(), senderFrame: main },
    };
    for (const [what, event] of Object.entries(senders)) {
      const answer = await call(booted, 'listLabs', {}, event);
      expect(answer, what).toMatchObject({ ok: false, error: { code: 'CHK_FORBIDDEN' } });
    }
    expect(engineCalls(booted)).toHaveLength(before);
    // The same web contents through another wrapper object (same id) is still our window.
    const twin = { sender: { id: wc.id }, senderFrame: main };
    expect(await call(booted, 'listLabs', {}, twin)).toMatchObject({ ok: true });
  });

  it('answers pickPath in main with a native dialog, profile filters when asked', async () => {
    booted = await boot();
    const before = engineCalls(booted).length;
    booted.fake.record.dialogAnswers.push({ canceled: false, filePaths: ['/home/me/app.cpuprofile'] });
    expect(await call(booted, 'pickPath', { kind: 'file', profilesOnly: true })).toEqual({ ok: true, value: { path: '/home/me/app.cpuprofile' } });
    expect(booted.fake.record.dialogCalls[0]).toMatchObject({
      properties: expect.arrayContaining(['openFile']),
      filters: [{ name: 'Profiles and session bundles', extensions: expect.arrayContaining(['cpuprofile', 'heapprofile', 'checkup']) }, { name: 'All files', extensions: ['*'] }],
    });
    expect(await call(booted, 'pickPath', { kind: 'folder', title: 'Your project' })).toEqual({ ok: true, value: {} });
    expect(booted.fake.record.dialogCalls[1]).toMatchObject({ title: 'Your project', properties: expect.arrayContaining(['openDirectory']) });
    expect(booted.fake.record.dialogCalls[1]).not.toHaveProperty('filters');
    expect(engineCalls(booted)).toHaveLength(before);
  });
});
