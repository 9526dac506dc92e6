// The compiled preload (out/main/preload.cjs), run the way Electron runs a sandboxed preload: a function whose
// `require` knows only 'electron'. Calls go through the fake main process's real IPC handler to a real Engine.
import { afterEach, describe, expect, it } from 'vitest';
import { methodParams } from '../../../app/contract/api.js';
import { CALL_CHANNEL, EVENT_CHANNEL } from '../../../main/ipc.js';
import { runPreload } from './preload-sandbox.js';
import { boot, PRELOAD, quit, type Booted } from './desktop-harness.js';

let booted: Booted | undefined;
afterEach(async () => {
  if (booted) await quit(booted);
  booted = undefined;
});

type Api = Record<string, unknown> & {
  onEvent(listener: (event: unknown) => void): () => void;
  files: { toPath(file: unknown): Promise<string> };
};

async function preloadOnDesktop() {
  booted = await boot();
  const b = booted;
  const invoked: unknown[][] = [];
  const { exposed, ipcRenderer } = runPreload(PRELOAD, (channel, ...args) => {
    invoked.push([channel, ...args]);
    return b.fake.invoke(channel, b.fake.window!.webContents.ipcEvent(), ...args);
  });
  return { api: exposed.checkup as Api, exposed, ipcRenderer, invoked };
}

describe('preload: window.checkup', () => {
  it("exposes one object, with exactly the contract's methods plus onEvent, host and files", async () => {
    const { exposed, api } = await preloadOnDesktop();
    expect(Object.keys(exposed)).toEqual(['checkup']);
    expect(Object.keys(api).sort()).toEqual([...Object.keys(methodParams), 'onEvent', 'host', 'files'].sort());
    expect(api.host).toBe('desktop');
    expect(Object.keys(api.files)).toEqual(['toPath']);
    for (const method of Object.keys(methodParams)) expect(typeof api[method]).toBe('function');
    // Nothing that could reach ipcRenderer or Node.
    const text = JSON.stringify(Object.keys(api));
    expect(text).not.toMatch(/ipc|invoke|send|require|process/i);
  });

  it('calls go over checkup:call and come back with real engine results', async () => {
    const { api, invoked } = await preloadOnDesktop();
    const labs = (await (api.listLabs as (p: object) => Promise<Array<{ name: string }>>)({})).map((l) => l.name);
    expect(labs).toContain('blocking');
    expect(invoked).toEqual([[CALL_CHANNEL, 'listLabs', {}]]);
    const check = await (api.validateRecipe as (p: object) => Promise<{ ok: boolean }>)({ recipe: { target: { kind: 'lab', lab: 'healthy' } } });
    expect(check.ok).toBe(true);
  });

  it('a refused call rejects with the coded error as a plain object (the bridge would drop Error fields)', async () => {
    const { api } = await preloadOnDesktop();
    const err = await (api.getSession as (p: object) => Promise<unknown>)({ id: '../x' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'CheckupError', code: 'CHK_INVALID_OPTIONS' });
    expect((err as { message: string }).message).toMatch(/getSession/);
  });

  it('onEvent relays events pushed by main, and its return value unsubscribes', async () => {
    const { api, ipcRenderer } = await preloadOnDesktop();
    const seen: unknown[] = [];
    const off = api.onEvent((e) => seen.push(e));
    ipcRenderer.emit(EVENT_CHANNEL, {}, { type: 'host-command', command: 'new-checkup' });
    off();
    ipcRenderer.emit(EVENT_CHANNEL, {}, { type: 'host-command', command: 'show-start' });
    expect(seen).toEqual([{ type: 'host-command', command: 'new-checkup' }]);
    expect(ipcRenderer.listenerCount(EVENT_CHANNEL)).toBe(0);
    expect(() => api.onEvent('nope' as never)).toThrow(TypeError);
  });

  it('files.toPath gives the dropped file\'s real path, and a coded error for a file without one', async () => {
    const { api } = await preloadOnDesktop();
    expect(await api.files.toPath({ name: 'a.cpuprofile', size: 3, path: '/home/me/a.cpuprofile' })).toBe('/home/me/a.cpuprofile');
    await expect(api.files.toPath({ name: 'pasted.cpuprofile', size: 3 })).rejects.toMatchObject({ code: 'CHK_FILE_NOT_FOUND' });
  });
});
