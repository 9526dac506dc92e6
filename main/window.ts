// The one window: sandboxed, context-isolated, no Node in the page, our preload, our origin.
import type { BrowserWindowConstructorOptions } from 'electron';

export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 840,
    minWidth: 880,
    minHeight: 560,
    title: 'Checkup',
    // Shown on 'ready-to-show', so the window never flashes an empty frame.
    show: false,
    backgroundColor: '#1d2027',
    webPreferences: {
      preload: preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}
