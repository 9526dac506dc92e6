// Electron's entry (package.json `main`, compiled to out/main/main.js). Everything happens in DesktopApp; this file
// only hands over the real Electron modules and where our files are.
import { app, BrowserWindow, clipboard, dialog, ipcMain, Menu, protocol, session, shell, utilityProcess } from 'electron';
import { checkupVersion } from '../app/paths.js';
import { DesktopApp } from './desktop-app.js';
import { desktopPaths, projectHomepage } from './desktop-paths.js';

const homepage = projectHomepage();
const desktop = new DesktopApp(
  { app, BrowserWindow, clipboard, dialog, ipcMain, Menu, protocol, session, shell, utilityProcess },
  {
    paths: desktopPaths(import.meta.url),
    argv: process.argv,
    cwd: process.cwd(),
    version: checkupVersion,
    ...(homepage ? { projectUrl: homepage } : {}),
  },
);

if (desktop.start()) {
  // Ctrl-C in the terminal that ran `npm start`: quit the normal way, so runs are stopped and targets killed.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());
}
