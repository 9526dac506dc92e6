// What `checkup attach` was given: a pid, the host:port of an inspector, or the inspector's ws:// URL. Inspectors are
// attached to on this machine only: an inspector runs any code sent to it, and one on another host is refused.
import { CheckupError } from '../errors.js';

export type AttachAddress =
  | { kind: 'pid'; pid: number }
  /** An inspector's HTTP endpoint (host:port); its /json/list names the WebSocket. */
  | { kind: 'inspector'; host: string; port: number }
  | { kind: 'url'; url: string; host: string; port: number };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** 127.0.0.0/8, ::1 or localhost: an address only this machine reaches (0.0.0.0 and :: are every address, not this). */
export function isLoopbackAddress(host: string): boolean {
  const bare = host.toLowerCase();
  return LOOPBACK.has(bare) || /^127\.\d+\.\d+\.\d+$/.test(bare) || /^::ffff:127\.\d+\.\d+\.\d+$/.test(bare);
}

function loopbackHost(host: string): string {
  const bare = host.toLowerCase();
  if (!isLoopbackAddress(bare)) throw new CheckupError('CHK_ATTACH_REMOTE', { host });
  return bare === 'localhost' ? '127.0.0.1' : bare;
}

function validPort(text: string, what: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `${what}: "${text}" is not a port number` });
  return port;
}

export function parseAttachAddress(input: string): AttachAddress {
  const text = input.trim();
  if (/^\d+$/.test(text)) {
    const pid = Number(text);
    if (!Number.isSafeInteger(pid) || pid < 1) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `"${text}" is not a process id` });
    return { kind: 'pid', pid };
  }
  if (/^wss?:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `"${text}" is not a ws:// URL` });
    }
    const host = loopbackHost(url.hostname);
    return { kind: 'url', url: text, host, port: validPort(url.port || '80', 'the inspector URL') };
  }
  const m = /^(?:(\[[^\]]+\]|[^:]+):)?(\d+)$/.exec(text.replace(/^https?:\/\//i, '').replace(/\/$/, ''));
  if (m && m[1]) return { kind: 'inspector', host: loopbackHost(m[1]), port: validPort(m[2]!, 'the inspector address') };
  throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `attach to a pid, the host:port of an inspector or its ws:// URL, not "${text}"` });
}
