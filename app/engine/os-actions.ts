// Handing things to the operating system: a culprit's file:line to the user's editor, a session folder to the file
// manager. Programs are started detached and never through a shell, with arguments as separate strings.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CheckupError } from '../errors.js';

function onPath(command: string): string | undefined {
  const exts = process.platform === 'win32' ? ['.cmd', '.exe', ''] : [''];
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const ext of exts) {
      const candidate = join(dir, command + ext);
      if (dir && existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

function launch(command: string, args: string[]): void {
  const child = spawn(command, args, { detached: true, stdio: 'ignore', shell: false });
  child.on('error', () => undefined);
  child.unref();
}

function osOpener(): { command: string; args: (path: string) => string[] } | undefined {
  if (process.platform === 'darwin') return { command: 'open', args: (p) => [p] };
  if (process.platform === 'win32') return { command: 'explorer.exe', args: (p) => [p] };
  const xdg = onPath('xdg-open');
  return xdg ? { command: xdg, args: (p) => [p] } : undefined;
}

function filePathOf(url: string): string {
  if (url.startsWith('node:') || !url) throw new CheckupError('CHK_NOT_SUPPORTED', { what: 'Opening Node\'s own source', hint: 'Node core frames have no file on this machine.' });
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  if (!existsSync(path) || !statSync(path).isFile()) throw new CheckupError('CHK_FILE_NOT_FOUND', { path });
  return path;
}

/** Opens file:line:column in VS Code when `code` is on the PATH, else with the OS's default application. */
export function openInEditor(url: string, line = 0, column = 0): { opened: 'editor' | 'os' } {
  const path = filePathOf(url);
  const code = onPath('code');
  if (code) {
    launch(code, ['-g', `${path}${line ? `:${line}${column ? `:${column}` : ''}` : ''}`]);
    return { opened: 'editor' };
  }
  const opener = osOpener();
  if (!opener) throw new CheckupError('CHK_NO_EDITOR', { path });
  launch(opener.command, opener.args(path));
  return { opened: 'os' };
}

/** Shows a file or folder in the OS file manager. */
export function revealPath(path: string): { revealed: boolean } {
  if (!existsSync(path)) throw new CheckupError('CHK_FILE_NOT_FOUND', { path });
  if (process.platform === 'darwin') launch('open', ['-R', path]);
  else if (process.platform === 'win32') launch('explorer.exe', [`/select,${path}`]);
  else {
    const opener = osOpener();
    if (!opener) throw new CheckupError('CHK_NO_EDITOR', { path });
    launch(opener.command, opener.args(statSync(path).isDirectory() ? path : dirname(path)));
  }
  return { revealed: true };
}
