// About Checkup (Help menu; the app menu on macOS): which Checkup, and the Electron, Chromium, Node and V8 inside it,
// the facts a bug report needs, with a button that copies them. A message box rather than Electron's about panel:
// that panel shows no versions of its own on Windows and only some on Linux.
import type { BrowserWindow, MessageBoxOptions } from 'electron';

export interface RuntimeVersions {
  electron?: string;
  chrome?: string;
  node?: string;
  v8?: string;
}

interface AboutDialog {
  showMessageBox(window: BrowserWindow, options: MessageBoxOptions): Promise<{ response: number }>;
  showMessageBox(options: MessageBoxOptions): Promise<{ response: number }>;
}

/** "Checkup 0.1.0", then one line per runtime, in the order people ask for them. */
function aboutLines(version: string, versions: RuntimeVersions, platform = `${process.platform} ${process.arch}`): string[] {
  const runtime: Array<[string, string | undefined]> = [
    ['Electron', versions.electron],
    ['Chromium', versions.chrome],
    ['Node.js', versions.node],
    ['V8', versions.v8],
  ];
  return [`Checkup ${version}`, ...runtime.map(([name, v]) => `${name} ${v ?? 'unknown'}`), `OS ${platform}`];
}

const COPY_BUTTON = 0;

function aboutMessageBox(version: string, versions: RuntimeVersions, projectUrl?: string): MessageBoxOptions {
  const [title, ...rest] = aboutLines(version, versions);
  return {
    type: 'info',
    title: 'About Checkup',
    message: title!,
    detail: `A performance doctor for Node.js.\n\n${rest.join('\n')}${projectUrl ? `\n\n${projectUrl}` : ''}`,
    buttons: ['Copy versions', 'OK'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
}

/** Shows About; when the user asks, the versions go to the clipboard as plain lines. */
export async function showAbout(
  dialog: AboutDialog,
  clipboard: { writeText(text: string): void },
  parent: BrowserWindow | undefined,
  about: { version: string; versions: RuntimeVersions; projectUrl?: string },
): Promise<void> {
  const options = aboutMessageBox(about.version, about.versions, about.projectUrl);
  const { response } = parent && !parent.isDestroyed() ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
  if (response === COPY_BUTTON) clipboard.writeText(aboutLines(about.version, about.versions).join('\n'));
}
