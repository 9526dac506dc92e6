// Where attach works. Linux and macOS open a running node's inspector with SIGUSR1, as `node --inspect` does on
// demand. Windows has no signals: Node's equivalent is process._debugProcess(pid) run from another Node process
// (a remote thread in the target), and its listening ports would come from `netstat -ano`; neither is written here
// because neither can be tested on this machine, so Windows is refused in the user's words.
import { CheckupError } from '../errors.js';

export function attachSupported(platform: NodeJS.Platform = process.platform): boolean {
  return platform === 'linux' || platform === 'darwin';
}

export function assertAttachSupported(platform: NodeJS.Platform = process.platform): void {
  if (!attachSupported(platform)) throw new CheckupError('CHK_ATTACH_UNSUPPORTED', { platform: platform === 'win32' ? 'Windows' : platform });
}
