// Opens the browser-mode address in the user's default browser. Best effort: the address is printed anyway, so a
// machine without an opener (a server, a container) just goes on. Never through a shell. What the opener is given is
// a private file, not the address: an argument is readable by every user (launch-codes.ts says why).
import { spawn } from 'node:child_process';
import { privateRedirectFile } from './launch-codes.js';

function opener(): { command: string; args: (url: string) => string[] } {
  if (process.platform === 'darwin') return { command: 'open', args: (u) => [u] };
  // `start` is a cmd built-in; rundll32 opens a URL with the default handler without a shell.
  if (process.platform === 'win32') return { command: 'rundll32', args: (u) => ['url.dll,FileProtocolHandler', u] };
  return { command: 'xdg-open', args: (u) => [u] };
}

/** `launchUrl`: an address carrying a one-time code (CheckupServer.launchUrl), written into a file only we can read. */
export async function openBrowser(launchUrl: string): Promise<void> {
  const { command, args } = opener();
  try {
    const page = await privateRedirectFile(launchUrl);
    const child = spawn(command, args(page.path), { detached: true, stdio: 'ignore', shell: false });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // no opener: the printed address is enough
  }
}
