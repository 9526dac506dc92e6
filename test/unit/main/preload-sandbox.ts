// The renderer side of a sandboxed preload: Electron's preload wrapper, a `require` that only knows 'electron', and
// fakes of contextBridge, ipcRenderer and webUtils, so the compiled preload runs as it would in a sandboxed page.
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';

/**
 * Runs a compiled sandboxed preload the way Electron does (lib/sandboxed_renderer/preload.ts): a function of
 * (require, process, exports, module, Buffer, global, setImmediate, clearImmediate), where `require` knows only
 * 'electron' here (Electron adds events, timers and url, which the preload does not use). Returns what it exposed on the page's `window` and the renderer-side fakes.
 */
export function runPreload(file: string, invoke: (channel: string, ...args: unknown[]) => Promise<unknown>) {
  const exposed: Record<string, unknown> = {};
  const ipcRenderer = Object.assign(new EventEmitter(), {
    invoke: (channel: string, ...args: unknown[]) => invoke(channel, ...structuredClone(args)),
    send: () => {
      throw new Error('the preload must not use ipcRenderer.send');
    },
    sendSync: () => {
      throw new Error('the preload must not use ipcRenderer.sendSync');
    },
  });
  const electron = {
    contextBridge: {
      exposeInMainWorld: (key: string, api: unknown) => {
        if (key in exposed) throw new Error(`Cannot bind an API on top of an existing property on the window object: ${key}`);
        exposed[key] = api;
      },
    },
    ipcRenderer,
    webUtils: { getPathForFile: (file: { path?: string }) => file.path ?? '' },
  };
  const sandboxRequire = (name: string): unknown => {
    if (name === 'electron') return electron;
    throw new Error(`module not found: ${name}`);
  };
  const module = { exports: {} };
  const wrapper = vm.runInNewContext(
    `(function (require, process, exports, module, Buffer, global, setImmediate, clearImmediate) {\n${readFileSync(file, 'utf8')}\n})`,
    { Promise, Error, TypeError, Object, Array, JSON, String, Symbol },
    { filename: file },
  ) as (...args: unknown[]) => void;
  wrapper(sandboxRequire, { platform: process.platform }, module.exports, module, undefined, {}, setImmediate, clearImmediate);
  return { exposed, ipcRenderer };
}
