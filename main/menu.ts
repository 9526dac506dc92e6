// The application menu. Menu items do not act on the page themselves: they send `host-command` events, and the
// renderer decides what a command means on the screen it is showing.
import type { MenuItemConstructorOptions } from 'electron';
import type { EngineEvent, SessionListItem } from '../app/contract/api.js';

export type HostCommand = Omit<Extract<EngineEvent, { type: 'host-command' }>, 'type'>;

const RECENT_SESSIONS = 10;

interface MenuActions {
  isPackaged: boolean;
  platform: NodeJS.Platform;
  /** Sessions for File > Recent sessions, any order; the newest RECENT_SESSIONS are shown. */
  sessions: readonly SessionListItem[];
  command(command: HostCommand): void;
  /** File > Open profile…: a file chooser, then an 'open-profile' command. */
  openProfile(): void;
  /** Help > the project page, opened in the system browser (or the README with the OS). */
  openProjectPage(): void;
  /** About Checkup (Help; the app menu on macOS): the versions of Checkup, Electron, Chromium, Node and V8. */
  about(): void;
}

export function newestSessions(sessions: readonly SessionListItem[], count = RECENT_SESSIONS): SessionListItem[] {
  return [...sessions].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)).slice(0, count);
}

function sessionLabel(session: SessionListItem): string {
  const when = session.createdAt.slice(0, 16).replace('T', ' ');
  const verdict = session.interrupted ? 'interrupted' : session.summary?.verdict;
  // Menu labels treat '&' as a mnemonic marker on Windows and Linux; double it to show it.
  return `${session.name} · ${when}${verdict ? ` · ${verdict}` : ''}`.replace(/&/g, '&&').slice(0, 120);
}

export function buildMenuTemplate(actions: MenuActions): MenuItemConstructorOptions[] {
  const recent = newestSessions(actions.sessions);
  const recentItems: MenuItemConstructorOptions[] = recent.length
    ? recent.map((s) => ({ label: sessionLabel(s), click: () => actions.command({ command: 'open-session', sessionId: s.id }) }))
    : [{ label: 'No sessions yet', enabled: false }];
  recentItems.push({ type: 'separator' }, { label: 'All sessions…', click: () => actions.command({ command: 'show-sessions' }) });

  const mac = actions.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [];
  // macOS's app menu as its role builds it, but with our About (it shows the versions) in place of the stock panel.
  if (mac) {
    template.push({
      label: 'Checkup',
      submenu: [
        { label: 'About Checkup', click: () => actions.about() },
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }
  template.push(
    {
      label: '&File',
      submenu: [
        { label: 'New checkup', accelerator: 'CmdOrCtrl+N', click: () => actions.command({ command: 'new-checkup' }) },
        { label: 'Open profile…', accelerator: 'CmdOrCtrl+O', click: () => actions.openProfile() },
        { label: 'Recent sessions', submenu: recentItems },
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    {
      label: '&View',
      submenu: [
        { role: 'reload' },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        ...(actions.isPackaged ? [] : [{ role: 'toggleDevTools' } as const]),
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: '&Help',
      role: 'help',
      submenu: [
        { label: 'Checkup on the web', click: () => actions.openProjectPage() },
        ...(mac ? [] : [{ type: 'separator' } as const, { label: 'About Checkup', click: () => actions.about() }]),
      ],
    },
  );
  return template;
}
