// The desktop app's life: one instance, one window on our own scheme, the engine in a utility process, the menu,
// files opened by the OS, and a quit that stops every run first. Electron is passed in (main.ts gives the real
// module, tests a fake), so this file is exercised without an Electron runtime.
import type { BrowserWindow, Event as ElectronEvent, WebContents } from 'electron';
import type { EngineEvent, SessionListItem } from '../app/contract/api.js';
import { showAbout, type RuntimeVersions } from './about.js';
import { createAppProtocolHandler } from './app-protocol.js';
import { EngineHostClient, type HostProcess } from './engine-host-client.js';
import type { HostMessage } from './engine-host-protocol.js';
import { EVENT_CHANNEL, refuseOtherChannels, registerIpc, type IpcRoutes } from './ipc.js';
import { buildMenuTemplate, type HostCommand } from './menu.js';
import { profilePathsFromArgv } from './open-files.js';
import { pickPath } from './pick-path.js';
import { APP_INDEX_URL, SCHEME, SCHEME_PRIVILEGES } from './scheme.js';
import { denyAllPermissions, guardWebContents, safeExternalUrl, type GuardedContents } from './web-guards.js';
import { mainWindowOptions } from './window.js';

type ElectronModule = typeof import('electron');
export type DesktopElectron = Pick<ElectronModule, 'app' | 'BrowserWindow' | 'Menu' | 'clipboard' | 'dialog' | 'ipcMain' | 'protocol' | 'session' | 'shell' | 'utilityProcess'>;

export interface DesktopPaths {
  /** out/main/preload.cjs */
  preload: string;
  /** out/main/engine-host.js, outside the asar archive when packaged. */
  engineHost: string;
  /** out/renderer */
  rendererDir: string;
  /** node_modules/speedscope/dist/release */
  speedscopeDir: string;
  /** out/main/main.js: on the command line in development, never a file to open. */
  mainScript: string;
  /** A README to open with the OS when there is no project web page. */
  readme?: string;
}

interface DesktopOptions {
  paths: DesktopPaths;
  argv: readonly string[];
  cwd: string;
  version: string;
  /** The project's web page (package.json homepage), for Help and About. */
  projectUrl?: string;
  /** Electron, Chromium, Node and V8 as About shows them: process.versions unless given. */
  versions?: RuntimeVersions;
  log?(line: string): void;
}

/** The engine host as a utility process (Electron's child process with Node, off the main thread). */
export function forkUtilityHost(utilityProcess: DesktopElectron['utilityProcess'], entry: string): HostProcess {
  const child = utilityProcess.fork(entry, [], { serviceName: 'Checkup engine', stdio: 'inherit' });
  return {
    postMessage: (message) => child.postMessage(message),
    onMessage: (listener) => void child.on('message', (message: unknown) => listener(message as HostMessage)),
    onExit: (listener) => void child.on('exit', (code: number) => listener(code)),
    kill: () => void child.kill(),
    get pid() {
      return child.pid;
    },
  };
}

export class DesktopApp {
  window: BrowserWindow | undefined;
  readonly client: EngineHostClient;
  private loaded = false;
  private readonly queue: HostCommand[] = [];
  private sessions: SessionListItem[] = [];
  private quitState: 'running' | 'stopping' | 'done' = 'running';
  private readonly log: (line: string) => void;

  constructor(
    private readonly electron: DesktopElectron,
    private readonly options: DesktopOptions,
  ) {
    this.log = options.log ?? ((line) => console.error(`checkup: ${line}`));
    this.client = new EngineHostClient(() => forkUtilityHost(electron.utilityProcess, options.paths.engineHost));
  }

  /** Wires everything; false when another instance already runs (it gets our command line instead). */
  start(): boolean {
    const { app, protocol } = this.electron;
    if (!app.requestSingleInstanceLock()) {
      app.quit();
      return false;
    }
    protocol.registerSchemesAsPrivileged([SCHEME_PRIVILEGES]);
    for (const path of profilePathsFromArgv(this.options.argv, this.options.cwd, [this.options.paths.mainScript])) {
      this.queue.push({ command: 'open-profile', path });
    }
    // macOS sends files opened from Finder or the dock, possibly before 'ready'.
    app.on('open-file', (event, path) => {
      event.preventDefault();
      this.deliver({ command: 'open-profile', path });
    });
    app.on('second-instance', (_event, argv, workingDirectory) => {
      const paths = profilePathsFromArgv(argv, workingDirectory, [this.options.paths.mainScript]);
      for (const path of paths) this.deliver({ command: 'open-profile', path });
      if (!paths.length) this.focus();
    });
    app.on('web-contents-created', (_event, contents) => {
      guardWebContents(contents as unknown as GuardedContents, { openExternal: (url) => void this.electron.shell.openExternal(url), log: this.log });
    });
    app.on('window-all-closed', () => {
      if (process.platform !== 'darwin') app.quit();
    });
    app.on('activate', () => {
      if (!this.window && app.isReady()) this.createWindow();
    });
    app.on('before-quit', (event) => this.beforeQuit(event));
    void app.whenReady().then(() => this.onReady());
    return true;
  }

  private onReady(): void {
    const { protocol, session, ipcMain } = this.electron;
    denyAllPermissions(session.defaultSession);
    protocol.handle(
      SCHEME,
      createAppProtocolHandler({
        rendererDir: this.options.paths.rendererDir,
        speedscopeDir: this.options.paths.speedscopeDir,
        flameDocument: (name) => this.client.flameDocument(name).catch(() => undefined),
      }),
    );
    this.client.onEvent((event) => {
      this.send(event);
      if (event.type === 'run-finished') this.refreshMenu();
    });
    this.client.onRestart((info) => {
      const message = `${info.error.message}${info.restarted ? ' The engine was restarted.' : ''}`;
      this.log(message);
      this.send({ type: 'host-notice', level: 'error', message, error: info.error });
      this.refreshMenu();
    });
    this.client.start();
    registerIpc(ipcMain, this.routes());
    this.installMenu();
    this.createWindow();
    this.refreshMenu();
  }

  private routes(): IpcRoutes {
    return {
      trusted: () => {
        const win = this.window;
        if (!win || win.isDestroyed()) return undefined;
        return { webContents: win.webContents, mainFrame: win.webContents.mainFrame };
      },
      engine: this.client.api,
      pickPath: (params) => pickPath(this.electron.dialog, this.window, params),
      afterCall: (method) => {
        if (method === 'deleteSession') this.refreshMenu();
      },
    };
  }

  createWindow(): BrowserWindow {
    const win = new this.electron.BrowserWindow(mainWindowOptions(this.options.paths.preload));
    this.window = win;
    this.loaded = false;
    const contents: WebContents = win.webContents;
    refuseOtherChannels(contents, this.log);
    // A new document in the main frame (reload, crash recovery) must load before it can take events; an iframe
    // (speedscope) loading does not count.
    contents.on('did-start-navigation', (details) => {
      if (details.isMainFrame && !details.isSameDocument) this.loaded = false;
    });
    contents.on('did-finish-load', () => {
      this.loaded = true;
      this.flush();
    });
    contents.on('render-process-gone', (_event, details) => {
      this.log(`the window's renderer stopped (${details.reason})`);
      if (details.reason !== 'clean-exit' && !win.isDestroyed()) contents.reload();
    });
    win.once('ready-to-show', () => win.show());
    win.on('closed', () => {
      if (this.window === win) {
        this.window = undefined;
        this.loaded = false;
      }
    });
    win.loadURL(APP_INDEX_URL).catch((err: unknown) => this.log(`could not load the window: ${String(err)}`));
    return win;
  }

  private focus(): void {
    const win = this.window;
    if (!win || win.isDestroyed()) {
      if (this.electron.app.isReady()) this.createWindow();
      return;
    }
    if (win.isMinimized()) win.restore();
    win.focus();
  }

  /** Sends a host command to the renderer now, or once the page has loaded. */
  deliver(command: HostCommand): void {
    this.queue.push(command);
    if (this.window && this.loaded) this.flush();
    else if (!this.window && this.electron.app.isReady()) this.createWindow();
  }

  private flush(): void {
    for (const command of this.queue.splice(0)) this.send({ type: 'host-command', ...command });
    this.focus();
  }

  private send(event: EngineEvent): void {
    const win = this.window;
    if (!win || win.isDestroyed() || !this.loaded) return;
    win.webContents.send(EVENT_CHANNEL, event);
  }

  private installMenu(): void {
    const { Menu, app } = this.electron;
    const template = buildMenuTemplate({
      isPackaged: app.isPackaged,
      platform: process.platform,
      sessions: this.sessions,
      command: (command) => this.deliver(command),
      openProfile: () => {
        pickPath(this.electron.dialog, this.window, { kind: 'file', profilesOnly: true }).then(
          (picked) => picked.path && this.deliver({ command: 'open-profile', path: picked.path }),
          (err: unknown) => this.log(`file chooser failed: ${String(err)}`),
        );
      },
      openProjectPage: () => this.openProjectPage(),
      about: () => {
        const { version, projectUrl } = this.options;
        showAbout(this.electron.dialog, this.electron.clipboard, this.window, { version, versions: this.options.versions ?? process.versions, ...(projectUrl ? { projectUrl } : {}) }).catch(
          (err: unknown) => this.log(`About failed: ${String(err)}`),
        );
      },
    });
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  }

  private openProjectPage(): void {
    const url = this.options.projectUrl ? safeExternalUrl(this.options.projectUrl) : undefined;
    if (url) void this.electron.shell.openExternal(url);
    else if (this.options.paths.readme) void this.electron.shell.openPath(this.options.paths.readme);
  }

  /** Re-reads the sessions for File > Recent sessions. */
  refreshMenu(): void {
    this.client.call('listSessions', {}).then(
      (sessions) => {
        this.sessions = sessions;
        this.installMenu();
      },
      () => undefined,
    );
  }

  /** The first quit is held until the engine host has stopped its runs (and with them every target) and exited. */
  private beforeQuit(event: ElectronEvent): void {
    if (this.quitState === 'done') return;
    event.preventDefault();
    if (this.quitState === 'stopping') return;
    this.quitState = 'stopping';
    void this.client.shutdown().finally(() => {
      this.quitState = 'done';
      this.electron.app.quit();
    });
  }
}
