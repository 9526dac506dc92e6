// A stand-in for the parts of Electron that main/ uses, so main's real code runs in tests on a machine without an
// Electron runtime. It records what main asks of Electron (window options, handlers, menus, dialogs, links) and lets
// a test play Electron's part: fire app events, navigate, invoke IPC from a frame, request our protocol, click menus.
// The engine host runs for real: in-process over a structured-clone channel (`inProcessHost`), or as a child process.
import { EventEmitter } from 'node:events';
import type { DesktopElectron } from '../../main/desktop-app.js';
import { serveHostedEngine, type HostedEngine, type HostMessage, type HostPort } from '../../main/engine-host-protocol.js';

export interface FakeEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
}

export function fakeEvent<T extends object>(fields: T = {} as T): T & FakeEvent {
  const event = {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

let nextProcessId = 100;

export class FakeFrame {
  constructor(
    public url: string,
    public readonly parent: FakeFrame | null,
    public readonly processId = nextProcessId++,
    public readonly routingId = 1,
  ) {}
}

let nextContentsId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextContentsId++;
  readonly sent: Array<{ channel: string; args: unknown[] }> = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  readonly mainFrame = new FakeFrame('', null);
  reloads = 0;

  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }

  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args: structuredClone(args) });
  }

  async loadURL(url: string): Promise<void> {
    this.mainFrame.url = url;
    this.emit('did-start-navigation', fakeEvent({ url, isMainFrame: true, isSameDocument: false }));
    await new Promise((resolve) => setImmediate(resolve));
    this.emit('did-finish-load');
  }

  reload(): void {
    this.reloads++;
    void this.loadURL(this.mainFrame.url);
  }

  /** Plays a navigation event; true when main let it happen. */
  navigate(kind: 'will-navigate' | 'will-frame-navigate' | 'will-redirect', url: string, isMainFrame = true): boolean {
    const event = fakeEvent({ url, isMainFrame });
    this.emit(kind, event, url);
    return !event.defaultPrevented;
  }

  /** A real user input reaching the page, as Electron reports it ('input-event'): a click by default. */
  userInput(type = 'mouseDown'): void {
    this.emit('input-event', fakeEvent(), { type, modifiers: [] });
  }

  /** What window.open / target=_blank would get from main's handler. */
  open(url: string): string {
    return this.windowOpenHandler?.({ url }).action ?? 'no handler';
  }

  /** An IPC event as Electron builds it for a message sent from `frame` of this web contents. */
  ipcEvent(frame: FakeFrame | null = this.mainFrame): { sender: FakeWebContents; senderFrame: FakeFrame | null } {
    return { sender: this, senderFrame: frame };
  }
}

export interface FakeElectronOptions {
  /** What requestSingleInstanceLock answers (false: another instance runs). */
  singleInstance?: boolean;
  isPackaged?: boolean;
  /** Makes the process utilityProcess.fork returns; defaults to a process that never answers. */
  forkHost?: (modulePath: string) => FakeUtilityProcess;
}

export class FakeUtilityProcess extends EventEmitter {
  readonly pid = nextProcessId++;
  killed = false;
  exited = false;
  /** Everything main posted, in order. */
  readonly received: unknown[] = [];
  /** Receives what main posts. */
  onPost: (message: unknown) => void = () => undefined;

  postMessage(message: unknown): void {
    if (this.exited) throw new Error('the process is gone');
    const copy = structuredClone(message);
    this.received.push(copy);
    setImmediate(() => this.onPost(copy));
  }

  /** The host side posting to main. */
  reply(message: HostMessage): void {
    if (this.exited) return;
    const copy = structuredClone(message);
    setImmediate(() => this.emit('message', copy));
  }

  exit(code: number): void {
    if (this.exited) return;
    this.exited = true;
    setImmediate(() => this.emit('exit', code));
  }

  kill(): boolean {
    this.killed = true;
    this.exit(15);
    return true;
  }
}

/** An engine host served in this process over a structured-clone channel: the real protocol and a real Engine. */
export function inProcessHost(makeEngine: () => HostedEngine): FakeUtilityProcess {
  const proc = new FakeUtilityProcess();
  const listeners: Array<(message: unknown) => void> = [];
  proc.onPost = (message) => listeners.forEach((l) => l(message));
  const port: HostPort = { post: (m) => proc.reply(m), onMessage: (l) => void listeners.push(l) };
  serveHostedEngine(makeEngine(), port, { onShutdown: () => proc.exit(0) });
  return proc;
}

export interface MenuItemLike {
  label?: string;
  role?: string;
  type?: string;
  enabled?: boolean;
  accelerator?: string;
  submenu?: MenuItemLike[];
  click?: () => void;
}

export function createFakeElectron(options: FakeElectronOptions = {}) {
  let ready = false;
  let resolveReady: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => (resolveReady = resolve));

  const record = {
    windows: [] as FakeBrowserWindow[],
    forks: [] as Array<{ modulePath: string; args: unknown; options: unknown; process: FakeUtilityProcess }>,
    privileged: [] as unknown[],
    protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
    ipcHandlers: new Map<string, (event: unknown, ...args: unknown[]) => unknown>(),
    menu: undefined as { template: MenuItemLike[] } | undefined,
    openedExternal: [] as string[],
    openedPaths: [] as string[],
    dialogCalls: [] as unknown[],
    dialogAnswers: [] as Array<{ canceled: boolean; filePaths: string[] }>,
    permissionRequestHandler: undefined as undefined | ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void),
    permissionCheckHandler: undefined as undefined | ((...args: unknown[]) => boolean),
    devicePermissionHandler: undefined as undefined | ((...args: unknown[]) => boolean),
    aboutShown: 0,
    /** Message boxes shown (their options), and the button each answers with (else the cancel button). */
    messageBoxes: [] as Array<Record<string, unknown>>,
    messageBoxAnswers: [] as number[],
    clipboard: [] as string[],
    quitRequests: 0,
    quit: false,
  };

  const app = Object.assign(new EventEmitter(), {
    isPackaged: options.isPackaged ?? false,
    requestSingleInstanceLock: () => options.singleInstance ?? true,
    isReady: () => ready,
    whenReady: () => readyPromise,
    quit: () => {
      record.quitRequests++;
      const event = fakeEvent();
      app.emit('before-quit', event);
      if (!event.defaultPrevented) record.quit = true;
    },
    setAboutPanelOptions: () => undefined,
    showAboutPanel: () => void record.aboutShown++,
  });

  class FakeBrowserWindow extends EventEmitter {
    readonly webContents = new FakeWebContents();
    destroyed = false;
    shown = false;
    focused = 0;

    constructor(readonly options: { webPreferences?: Record<string, unknown> } & Record<string, unknown>) {
      super();
      record.windows.push(this);
      app.emit('web-contents-created', fakeEvent(), this.webContents);
      this.webContents.on('did-finish-load', () => this.emit('ready-to-show'));
    }

    loadURL(url: string): Promise<void> {
      return this.webContents.loadURL(url);
    }
    show(): void {
      this.shown = true;
    }
    focus(): void {
      this.focused++;
    }
    isMinimized(): boolean {
      return false;
    }
    restore(): void {}
    isDestroyed(): boolean {
      return this.destroyed;
    }
    close(): void {
      this.destroyed = true;
      this.emit('closed');
      if (!record.windows.some((w) => !w.destroyed)) app.emit('window-all-closed');
    }
  }

  const electron = {
    app,
    BrowserWindow: FakeBrowserWindow,
    Menu: {
      buildFromTemplate: (template: MenuItemLike[]) => ({ template }),
      setApplicationMenu: (menu: { template: MenuItemLike[] }) => void (record.menu = menu),
    },
    dialog: {
      showOpenDialog: async (...args: unknown[]) => {
        record.dialogCalls.push(args.length > 1 ? args[1] : args[0]);
        return record.dialogAnswers.shift() ?? { canceled: true, filePaths: [] };
      },
      showMessageBox: async (...args: unknown[]) => {
        const options = (args.length > 1 ? args[1] : args[0]) as Record<string, unknown>;
        record.messageBoxes.push(options);
        return { response: record.messageBoxAnswers.shift() ?? (options.cancelId as number | undefined) ?? 0, checkboxChecked: false };
      },
    },
    clipboard: {
      writeText: (text: string) => void record.clipboard.push(text),
    },
    ipcMain: {
      handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => {
        if (record.ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
        record.ipcHandlers.set(channel, handler);
      },
      removeHandler: (channel: string) => void record.ipcHandlers.delete(channel),
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => {
        if (ready) throw new Error('registerSchemesAsPrivileged must be called before the app is ready');
        record.privileged.push(...schemes);
      },
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) => {
        if (!ready) throw new Error('protocol.handle must be called after the app is ready');
        record.protocolHandlers.set(scheme, handler);
      },
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (h: typeof record.permissionRequestHandler) => void (record.permissionRequestHandler = h),
        setPermissionCheckHandler: (h: typeof record.permissionCheckHandler) => void (record.permissionCheckHandler = h),
        setDevicePermissionHandler: (h: typeof record.devicePermissionHandler) => void (record.devicePermissionHandler = h),
      },
    },
    shell: {
      openExternal: async (url: string) => void record.openedExternal.push(url),
      openPath: async (path: string) => {
        record.openedPaths.push(path);
        return '';
      },
    },
    utilityProcess: {
      fork: (modulePath: string, args?: unknown, forkOptions?: unknown) => {
        const proc = options.forkHost?.(modulePath) ?? new FakeUtilityProcess();
        record.forks.push({ modulePath, args, options: forkOptions, process: proc });
        return proc;
      },
    },
  };

  return {
    electron: electron as unknown as DesktopElectron,
    record,
    /** Electron's 'ready': resolves whenReady and lets the app finish starting. */
    async ready(): Promise<void> {
      ready = true;
      resolveReady();
      await new Promise((resolve) => setImmediate(resolve));
    },
    get window(): FakeBrowserWindow | undefined {
      return record.windows.filter((w) => !w.destroyed).at(-1);
    },
    /** A request to our scheme through the handler main registered. */
    fetch(url: string, init?: RequestInit): Promise<Response> {
      const handler = record.protocolHandlers.get(new URL(url).protocol.replace(/:$/, ''));
      if (!handler) throw new Error(`no handler for ${url}`);
      return handler(new Request(url, init));
    },
    /** ipcRenderer.invoke as Electron routes it: unknown channels are refused by Electron itself. */
    async invoke(channel: string, event: unknown, ...args: unknown[]): Promise<unknown> {
      const handler = record.ipcHandlers.get(channel);
      if (!handler) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
      return structuredClone(await handler(event, ...structuredClone(args)));
    },
    /** The menu item at a label path, e.g. ['&File', 'Open profile…']. */
    menuItem(...labels: string[]): MenuItemLike | undefined {
      let items: MenuItemLike[] | undefined = record.menu?.template;
      let found: MenuItemLike | undefined;
      for (const label of labels) {
        found = items?.find((i) => i.label === label || i.role === label);
        items = found?.submenu;
      }
      return found;
    },
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;
