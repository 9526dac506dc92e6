// Boots the real DesktopApp on the fake Electron, with a real Engine served in-process over the real host protocol.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../../../app/engine/engine.js';
import { rootDir } from '../../../app/paths.js';
import type { RuntimeVersions } from '../../../main/about.js';
import { DesktopApp } from '../../../main/desktop-app.js';
import { createFakeElectron, inProcessHost, type FakeElectron, type FakeUtilityProcess } from '../../helpers/fake-electron.js';

export const PRELOAD = join(rootDir, 'out', 'main', 'preload.cjs');

export interface Booted {
  fake: FakeElectron;
  app: DesktopApp;
  started: boolean;
  logs: string[];
  sessionsDir: string;
  rendererDir: string;
  hosts: FakeUtilityProcess[];
  engines: Engine[];
}

export function tmp(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `checkup-${prefix}-`));
}

/** Resolves when `check` holds, polling; fails after `ms`. */
export async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export async function boot(
  options: { argv?: string[]; cwd?: string; singleInstance?: boolean; isPackaged?: boolean; sessionsDir?: string; projectUrl?: string; versions?: RuntimeVersions } = {},
): Promise<Booted> {
  const sessionsDir = options.sessionsDir ?? tmp('sessions');
  const rendererDir = tmp('renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Checkup</title>');
  const hosts: FakeUtilityProcess[] = [];
  const engines: Engine[] = [];
  const fake = createFakeElectron({
    ...(options.singleInstance === undefined ? {} : { singleInstance: options.singleInstance }),
    ...(options.isPackaged === undefined ? {} : { isPackaged: options.isPackaged }),
    forkHost: () => {
      const host = inProcessHost(() => {
        const engine = new Engine({ sessionsDir });
        engines.push(engine);
        return engine;
      });
      hosts.push(host);
      return host;
    },
  });
  const logs: string[] = [];
  const app = new DesktopApp(fake.electron, {
    paths: {
      preload: PRELOAD,
      engineHost: join(rootDir, 'out', 'main', 'engine-host.js'),
      rendererDir,
      speedscopeDir: join(rootDir, 'node_modules', 'speedscope', 'dist', 'release'),
      mainScript: join(rootDir, 'out', 'main', 'main.js'),
      readme: join(rootDir, 'README.md'),
    },
    argv: options.argv ?? ['/opt/Checkup/checkup'],
    cwd: options.cwd ?? process.cwd(),
    version: '0.1.0',
    ...(options.projectUrl ? { projectUrl: options.projectUrl } : {}),
    ...(options.versions ? { versions: options.versions } : {}),
    log: (line) => logs.push(line),
  });
  const started = app.start();
  if (started) {
    await fake.ready();
    await until(() => fake.window?.webContents.listenerCount('did-finish-load') !== undefined && fake.window.shown);
  }
  return { fake, app, started, logs, sessionsDir, rendererDir, hosts, engines };
}

/** Host commands the renderer was sent, in order. */
export function hostCommands(booted: Booted): unknown[] {
  return (booted.fake.window?.webContents.sent ?? [])
    .filter((m) => m.channel === 'checkup:event')
    .map((m) => m.args[0] as { type: string })
    .filter((e) => e.type === 'host-command')
    .map(({ type: _type, ...rest }) => rest);
}

/** Ends the app the way a user does, and waits until the engine host is gone. */
export async function quit(booted: Booted): Promise<void> {
  if (!booted.started) return;
  booted.fake.electron.app.quit();
  await until(() => booted.fake.record.quit, 10_000);
}
