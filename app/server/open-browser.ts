// Opens the browser-mode address in the user's default browser. Best effort: the address is printed anyway, so a
// machine without an opener (a server, a container) just goes on. Never through a shell; the URL is one argument.
import { spawn } from 'node:child_process';

function opener(): { command: string; args: (url: string) => string[] } {
  if (process.platform === 'darwin') return { command: 'open', args: (u) => [u] };
  // `start` is a cmd built-in; rundll32 opens a URL with the default handler without a shell.
  if (process.platform === 'win32') return { command: 'rundll32', args: (u) => ['url.dll,FileProtocolHandler', u] };
  return { command: 'xdg-open', args: (u) => [u] };
}

export function openBrowser(url: string): void {
  const { command, args } = opener();
  try {
    const child = spawn(command, args(url), { detached: true, stdio: 'ignore', shell: false });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // no opener: the printed address is enough
  }
}
