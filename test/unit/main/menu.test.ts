import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionListItem } from '../../../app/contract/api.js';
import { RecipeSchema } from '../../../app/contract/recipe.js';
import { SessionWriter } from '../../../app/store/session-writer.js';
import { buildMenuTemplate, newestSessions, type HostCommand } from '../../../main/menu.js';
import type { MenuItemLike } from '../../helpers/fake-electron.js';
import { boot, hostCommands, quit, until, type Booted } from './desktop-harness.js';

let booted: Booted | undefined;
afterEach(async () => {
  if (booted) await quit(booted);
  booted = undefined;
});

function session(i: number, extra: Partial<SessionListItem> = {}): SessionListItem {
  const createdAt = new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString();
  return { id: `s${i}`, dir: `/d/s${i}`, name: `app${i}.js`, project: '/p', createdAt, status: 'complete', interrupted: false, summary: {}, repeats: 1, ...extra };
}

function find(items: MenuItemLike[] | undefined, label: string): MenuItemLike | undefined {
  return items?.find((i) => i.label === label || i.role === label);
}

describe('menu template', () => {
  const base = { platform: 'linux' as NodeJS.Platform, openProfile: () => undefined, openProjectPage: () => undefined, about: () => undefined };

  it('Recent sessions lists the ten newest, newest first, and each opens its session', () => {
    const commands: HostCommand[] = [];
    const sessions = Array.from({ length: 13 }, (_, i) => session(i, i === 12 ? { summary: { verdict: 'event-loop-blocked' } } : {}));
    const template = buildMenuTemplate({ ...base, isPackaged: true, sessions: [...sessions.filter((_, i) => i % 2), ...sessions.filter((_, i) => !(i % 2))], command: (c) => commands.push(c) }) as MenuItemLike[];
    const recent = find(find(template, '&File')!.submenu, 'Recent sessions')!.submenu!;
    const items = recent.filter((i) => i.label?.startsWith('app'));
    expect(items).toHaveLength(10);
    expect(items[0]!.label).toBe('app12.js · 2025-01-01 00:12 · event-loop-blocked');
    expect(items[9]!.label).toMatch(/^app3\.js/);
    items[0]!.click!();
    find(recent, 'All sessions…')!.click!();
    expect(commands).toEqual([{ command: 'open-session', sessionId: 's12' }, { command: 'show-sessions' }]);
    expect(newestSessions([session(1), session(5), session(3)], 2).map((s) => s.id)).toEqual(['s5', 's3']);
  });

  it('says so when there are no sessions, and escapes & in names', () => {
    const empty = buildMenuTemplate({ ...base, isPackaged: true, sessions: [], command: () => undefined }) as MenuItemLike[];
    expect(find(find(empty, '&File')!.submenu, 'Recent sessions')!.submenu![0]).toMatchObject({ label: 'No sessions yet', enabled: false });
    const amp = buildMenuTemplate({ ...base, isPackaged: true, sessions: [session(1, { name: 'a&b' })], command: () => undefined }) as MenuItemLike[];
    expect(find(find(amp, '&File')!.submenu, 'Recent sessions')!.submenu![0]!.label).toMatch(/^a&&b /);
  });

  it('offers dev tools only when not packaged', () => {
    const roles = (packaged: boolean) =>
      (find(buildMenuTemplate({ ...base, isPackaged: packaged, sessions: [], command: () => undefined }) as MenuItemLike[], '&View')!.submenu ?? []).map((i) => i.role);
    expect(roles(false)).toContain('toggleDevTools');
    expect(roles(true)).not.toContain('toggleDevTools');
    expect(roles(true)).toEqual(expect.arrayContaining(['reload', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']));
  });
});

describe('menu in the desktop app', () => {
  it('File > New checkup and Open profile… send host commands to the renderer', async () => {
    booted = await boot();
    booted.fake.menuItem('&File', 'New checkup')!.click!();
    booted.fake.record.dialogAnswers.push({ canceled: false, filePaths: ['/data/prod.cpuprofile'] });
    booted.fake.menuItem('&File', 'Open profile…')!.click!();
    await until(() => hostCommands(booted!).length === 2);
    expect(hostCommands(booted)).toEqual([{ command: 'new-checkup' }, { command: 'open-profile', path: '/data/prod.cpuprofile' }]);
    expect(booted.fake.record.dialogCalls[0]).toMatchObject({ filters: [{ name: 'Profiles and session bundles', extensions: expect.arrayContaining(['checkup']) }, { name: 'All files' }] });
    // A cancelled chooser sends nothing.
    booted.fake.menuItem('&File', 'Open profile…')!.click!();
    await until(() => booted!.fake.record.dialogCalls.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hostCommands(booted)).toHaveLength(2);
  });

  it('Recent sessions come from the engine, refresh after a delete, and open a session', async () => {
    const b = (booted = await boot());
    const recipe = RecipeSchema.parse({ target: { kind: 'lab', lab: 'healthy' } });
    const ids: string[] = [];
    for (const name of ['first.js', 'second.js']) {
      const writer = await SessionWriter.create(b.sessionsDir, { name, project: '/p', recipe });
      await writer.finish('complete');
      ids.push(writer.id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    b.app.refreshMenu();
    const labels = () => (b.fake.menuItem('&File', 'Recent sessions')?.submenu ?? []).map((i) => i.label ?? '');
    await until(() => labels().some((l) => l.startsWith('second.js')));
    expect(labels().filter((l) => l.endsWith('.js') || /\.js ·/.test(l))).toHaveLength(2);
    expect(labels()[0]).toMatch(/^second\.js/);

    b.fake.menuItem('&File', 'Recent sessions')!.submenu![0]!.click!();
    expect(hostCommands(b)).toEqual([{ command: 'open-session', sessionId: ids[1] }]);

    const answer = await b.fake.invoke('checkup:call', b.fake.window!.webContents.ipcEvent(), 'deleteSession', { id: ids[1] });
    expect(answer).toMatchObject({ ok: true });
    await until(() => !labels().some((l) => l.startsWith('second.js')));
    expect(labels()[0]).toMatch(/^first\.js/);
  });

  it('Help opens the project page externally; without one, the README with the OS', async () => {
    booted = await boot({ projectUrl: 'https://github.com/example/checkup#readme' });
    booted.fake.menuItem('&Help', 'Checkup on the web')!.click!();
    expect(booted.fake.record.openedExternal).toEqual(['https://github.com/example/checkup#readme']);
    await quit(booted);
    booted = await boot();
    booted.fake.menuItem('&Help', 'Checkup on the web')!.click!();
    expect(booted.fake.record.openedExternal).toEqual([]);
    expect(booted.fake.record.openedPaths[0]).toMatch(/README\.md$/);
  });

  const versions = { electron: '45.4.1', chrome: '140.0.7339.133', node: '22.19.0', v8: '14.0.365.4-electron.0' };

  it('Help > About Checkup shows the versions of Checkup, Electron, Chromium, Node and V8, and copies them on request', async () => {
    booted = await boot({ versions, projectUrl: 'https://github.com/example/checkup#readme' });
    booted.fake.menuItem('&Help', 'About Checkup')!.click!();
    await until(() => booted!.fake.record.messageBoxes.length === 1);
    const box = booted.fake.record.messageBoxes[0]!;
    expect(box.message).toBe('Checkup 0.1.0');
    for (const line of ['Electron 45.4.1', 'Chromium 140.0.7339.133', 'Node.js 22.19.0', 'V8 14.0.365.4-electron.0', 'https://github.com/example/checkup#readme']) {
      expect(String(box.detail)).toContain(line);
    }
    expect(booted.fake.record.clipboard).toEqual([]); // OK (the default) copies nothing

    booted.fake.record.messageBoxAnswers.push((box.buttons as string[]).indexOf('Copy versions'));
    booted.fake.menuItem('&Help', 'About Checkup')!.click!();
    await until(() => booted!.fake.record.clipboard.length === 1);
    expect(booted.fake.record.clipboard[0]!.split('\n').slice(0, 5)).toEqual(['Checkup 0.1.0', 'Electron 45.4.1', 'Chromium 140.0.7339.133', 'Node.js 22.19.0', 'V8 14.0.365.4-electron.0']);
    expect(booted.fake.record.aboutShown).toBe(0); // never Electron's stock panel, which lacks the versions
  });
});

describe('About on macOS', () => {
  it('the app menu carries our About (with the versions) in place of the stock panel, and Quit', () => {
    const about = vi.fn();
    const template = buildMenuTemplate({ isPackaged: true, platform: 'darwin', sessions: [], command: () => undefined, openProfile: () => undefined, openProjectPage: () => undefined, about });
    const appMenu = template[0]!;
    expect(appMenu.role).toBeUndefined();
    const items = appMenu.submenu as Array<{ label?: string; role?: string; click?: () => void }>;
    items.find((i) => i.label === 'About Checkup')!.click!();
    expect(about).toHaveBeenCalledOnce();
    expect(items.map((i) => i.role).filter(Boolean)).toEqual(['services', 'hide', 'hideOthers', 'unhide', 'quit']);
  });
});
