import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../main/scheme.js';
import { HOST_METHODS, SHUTDOWN_CALL } from '../../../main/engine-host-protocol.js';
import { fakeEvent } from '../../helpers/fake-electron.js';
import { boot, hostCommands, PRELOAD, quit, tmp, until, type Booted } from './desktop-harness.js';

let booted: Booted | undefined;
afterEach(async () => {
  if (booted) await quit(booted);
  booted = undefined;
});

describe('desktop app: window and origin', () => {
  it('opens one sandboxed, context-isolated window without Node, with our preload, on checkup://app', async () => {
    booted = await boot();
    const { record, window } = booted.fake;
    expect(record.windows).toHaveLength(1);
    const prefs = window!.options.webPreferences!;
    expect(prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true, preload: PRELOAD });
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.navigateOnDragDrop).toBe(false);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(window!.options.show).toBe(false);
    expect(window!.shown).toBe(true);
    expect(window!.webContents.mainFrame.url).toBe('checkup://app/index.html');
  });

  it('runs the engine in a utility process started from the compiled engine host', async () => {
    booted = await boot();
    expect(booted.fake.record.forks).toHaveLength(1);
    expect(booted.fake.record.forks[0]!.modulePath).toMatch(/out[\\/]main[\\/]engine-host\.js$/);
  });

  it('registers the checkup scheme as privileged before ready, and never with bypassCSP', async () => {
    booted = await boot();
    expect(booted.fake.record.privileged).toEqual([
      { scheme: 'checkup', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
    ]);
  });

  it('serves the renderer over the registered protocol, each response with the CSP header', async () => {
    booted = await boot();
    const page = await booted.fake.fetch('checkup://app/index.html');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Checkup</title>');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const speedscope = await booted.fake.fetch('checkup://app/speedscope/index.html');
    expect(speedscope.status).toBe(200);
    expect(speedscope.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const traversal = await booted.fake.fetch('checkup://app/..%2f..%2fpackage.json');
    expect(traversal.status).toBe(403);
    // Unknown flame documents go to the engine host and come back as a 404.
    const flame = await booted.fake.fetch('checkup://app/flame/0123456789abcdef.cpuprofile');
    expect(flame.status).toBe(404);
    expect(booted.hosts[0]!.received).toContainEqual(expect.objectContaining({ method: HOST_METHODS.flameDocument, params: { name: '0123456789abcdef.cpuprofile' } }));
  });

  it('denies every permission request and check', async () => {
    booted = await boot();
    const { record } = booted.fake;
    for (const permission of ['media', 'notifications', 'clipboard-read', 'geolocation', 'fullscreen', 'openExternal']) {
      let granted: boolean | undefined;
      record.permissionRequestHandler!(booted.fake.window!.webContents, permission, (g) => (granted = g));
      expect(granted).toBe(false);
      expect(record.permissionCheckHandler!(booted.fake.window!.webContents, permission, 'checkup://app')).toBe(false);
    }
    expect(record.devicePermissionHandler!({ deviceType: 'usb' })).toBe(false);
  });

  it('a second instance quits at once: no window, no engine', async () => {
    booted = await boot({ singleInstance: false });
    expect(booted.started).toBe(false);
    expect(booted.fake.record.quitRequests).toBe(1);
    expect(booted.fake.record.windows).toHaveLength(0);
    expect(booted.fake.record.forks).toHaveLength(0);
  });
});

describe('desktop app: navigation and new windows', () => {
  it('blocks navigation off our origin; web links go to the system browser, files and scripts nowhere', async () => {
    booted = await boot();
    const wc = booted.fake.window!.webContents;
    expect(wc.navigate('will-navigate', 'checkup://app/index.html#/sessions')).toBe(true);
    wc.userInput();
    expect(wc.navigate('will-navigate', 'https://example.com/docs')).toBe(false);
    expect(wc.navigate('will-navigate', 'file:///tmp/dropped.cpuprofile')).toBe(false);
    expect(wc.navigate('will-navigate', 'javascript:alert(1)')).toBe(false);
    expect(wc.navigate('will-navigate', 'checkup://evil/index.html')).toBe(false);
    expect(wc.navigate('will-redirect', 'https://example.com/')).toBe(false);
    expect(wc.navigate('will-frame-navigate', 'https://example.com/', false)).toBe(false);
    expect(wc.navigate('will-frame-navigate', 'checkup://app/speedscope/index.html#profileURL=x', false)).toBe(true);
    expect(booted.fake.record.openedExternal).toEqual(['https://example.com/docs']);
  });

  it('denies every new window; only validated http(s) links are opened externally', async () => {
    booted = await boot();
    const wc = booted.fake.window!.webContents;
    for (const url of ['https://nodejs.org/api/', 'http://example.com/a', 'file:///etc/passwd', 'checkup://app/index.html', 'https://user:pw@example.com/', 'smb://host/share', 'not a url']) {
      wc.userInput();
      expect(wc.open(url)).toBe('deny');
    }
    expect(booted.fake.record.openedExternal).toEqual(['https://nodejs.org/api/', 'http://example.com/a']);
    expect(booted.fake.record.windows).toHaveLength(1);
  });

  // Issue 15 item 8: a page cannot send the user to the web by itself, only right after a real click or key press.
  it('opens a web link in the system browser only after a user input, once per input', async () => {
    const app = (booted = await boot());
    const wc = app.fake.window!.webContents;
    const opened = () => app.fake.record.openedExternal;
    expect(wc.open('https://example.com/by-script')).toBe('deny');
    expect(wc.navigate('will-navigate', 'https://example.com/by-location')).toBe(false);
    wc.userInput('mouseMove');
    expect(wc.open('https://example.com/after-hover')).toBe('deny');
    expect(opened()).toEqual([]);
    expect(app.logs.join('\n')).toMatch(/blocked https:\/\/example\.com\/by-script: not opened by a user's click or key/);

    wc.userInput('mouseDown');
    expect(wc.open('https://example.com/clicked')).toBe('deny');
    expect(wc.open('https://example.com/second-tab-from-one-click')).toBe('deny');
    wc.userInput('keyDown');
    expect(wc.navigate('will-navigate', 'https://example.com/enter-on-a-link')).toBe(false);
    expect(opened()).toEqual(['https://example.com/clicked', 'https://example.com/enter-on-a-link']);
  });

  it('refuses webviews', async () => {
    booted = await boot();
    const event = fakeEvent();
    booted.fake.window!.webContents.emit('will-attach-webview', event, {}, {});
    expect(event.defaultPrevented).toBe(true);
  });

  it('reloads the window when its renderer crashes', async () => {
    booted = await boot();
    const wc = booted.fake.window!.webContents;
    wc.emit('render-process-gone', fakeEvent(), { reason: 'crashed', exitCode: 1 });
    expect(wc.reloads).toBe(1);
    expect(booted.logs.join('\n')).toMatch(/renderer stopped \(crashed\)/);
  });
});

describe('desktop app: files from the OS', () => {
  it('a profile on the command line is opened once the page has loaded', async () => {
    const dir = tmp('argv');
    const file = join(dir, 'slow.cpuprofile');
    writeFileSync(file, '{}');
    booted = await boot({ argv: ['/opt/Checkup/checkup', '--no-sandbox', 'slow.cpuprofile', 'missing.cpuprofile', dir], cwd: dir });
    await until(() => hostCommands(booted!).length > 0);
    expect(hostCommands(booted)).toEqual([{ command: 'open-profile', path: file }]);
  });

  it('a second launch with a file opens it in the running window', async () => {
    booted = await boot();
    const dir = tmp('second');
    writeFileSync(join(dir, 'heap.heapprofile'), '{}');
    booted.fake.electron.app.emit('second-instance', fakeEvent(), ['/opt/Checkup/checkup', 'heap.heapprofile'], dir, {});
    expect(hostCommands(booted)).toEqual([{ command: 'open-profile', path: join(dir, 'heap.heapprofile') }]);
    const focused = booted.fake.window!.focused;
    booted.fake.electron.app.emit('second-instance', fakeEvent(), ['/opt/Checkup/checkup'], dir, {});
    expect(booted.fake.window!.focused).toBe(focused + 1);
  });

  it('commands wait while the page reloads, not while an iframe (speedscope) loads', async () => {
    booted = await boot();
    const wc = booted.fake.window!.webContents;
    wc.emit('did-start-navigation', fakeEvent({ url: 'checkup://app/speedscope/index.html', isMainFrame: false, isSameDocument: false }));
    booted.app.deliver({ command: 'show-sessions' });
    expect(hostCommands(booted)).toEqual([{ command: 'show-sessions' }]);
    wc.emit('did-start-navigation', fakeEvent({ url: 'checkup://app/index.html', isMainFrame: true, isSameDocument: false }));
    booted.app.deliver({ command: 'new-checkup' });
    expect(hostCommands(booted)).toHaveLength(1);
    wc.emit('did-finish-load');
    expect(hostCommands(booted)).toEqual([{ command: 'show-sessions' }, { command: 'new-checkup' }]);
  });

  it("macOS 'open-file' is taken (preventDefault) and opened", async () => {
    booted = await boot();
    const event = fakeEvent();
    booted.fake.electron.app.emit('open-file', event, '/Users/me/trace.cpuprofile');
    expect(event.defaultPrevented).toBe(true);
    expect(hostCommands(booted)).toEqual([{ command: 'open-profile', path: '/Users/me/trace.cpuprofile' }]);
  });
});

describe('desktop app: engine events', () => {
  it("the engine's events reach the window on checkup:event", async () => {
    booted = await boot();
    const event = { type: 'profile-progress', path: '/x.cpuprofile', phase: 'parsing', fraction: 0.5 } as const;
    booted.hosts[0]!.reply({ event });
    await until(() => booted!.fake.window!.webContents.sent.some((m) => m.channel === 'checkup:event'));
    expect(booted.fake.window!.webContents.sent.filter((m) => m.channel === 'checkup:event').map((m) => m.args[0])).toEqual([event]);
  });
});

describe('desktop app: quitting', () => {
  it('holds the quit until the engine host has stopped its runs and exited', async () => {
    booted = await boot();
    const host = booted.hosts[0]!;
    let stopAllCalls = 0;
    const engine = booted.engines[0]!;
    const stopAll = engine.stopAll.bind(engine);
    engine.stopAll = () => {
      stopAllCalls++;
      return stopAll();
    };
    booted.fake.electron.app.quit();
    expect(booted.fake.record.quit).toBe(false);
    expect(host.received.at(-1)).toEqual(SHUTDOWN_CALL);
    await until(() => booted!.fake.record.quit);
    expect(stopAllCalls).toBe(1);
    expect(host.exited).toBe(true);
    expect(host.killed).toBe(false);
    expect(booted.fake.record.quitRequests).toBe(2);
  });

  it('closing the last window quits (outside macOS)', async () => {
    booted = await boot();
    booted.fake.window!.close();
    if (process.platform !== 'darwin') await until(() => booted!.fake.record.quit);
  });
});
