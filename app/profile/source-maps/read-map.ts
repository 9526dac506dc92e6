// Finds the source map of one script on disk: the last `//# sourceMappingURL=` comment of the compiled file, naming
// either an inline `data:` URL or a map file beside it. Reads only the script the profile names and the map file it
// names (which must be a .map file reached by a file: URL), each within the limits.
import { open, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { formatBytes } from '../import/source.js';
import { MAX_MAP_BYTES, SCRIPT_TAIL_BYTES } from './limits.js';
import { sourceMapWarning } from './warnings.js';

export type MapLookup =
  | { kind: 'found'; text: string; mapUrl: string }
  | { kind: 'none' }
  | { kind: 'refused'; warning: string };

/** What can carry a sourceMappingURL comment: JavaScript and TypeScript sources, compiled or not. */
const SCRIPT_FILE = /\.(?:[cm]?[jt]sx?)$/i;
/** Both spellings (`//#` and the old `//@`), also in a block comment; the URL runs to the end of its line. */
const COMMENT = /(?:\/\/|\/\*)[#@][ \t]+sourceMappingURL=([^\s'"]+?)[ \t]*(?:\*\/)?[ \t]*(?:\r?\n|$)/g;

const NONE: MapLookup = { kind: 'none' };

/** The URL in the script's last sourceMappingURL comment, from its tail. */
function lastComment(tail: string): string | undefined {
  let found: string | undefined;
  for (const m of tail.matchAll(COMMENT)) found = m[1];
  return found;
}

async function readTail(path: string, size: number, bytes: number): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const length = Math.min(size, bytes);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    return buffer.toString('utf8');
  } finally {
    await handle.close();
  }
}

function tooLarge(script: string, size: number): MapLookup {
  return { kind: 'refused', warning: sourceMapWarning('CHK_SOURCE_MAP_TOO_LARGE', { script, size: formatBytes(size), limit: formatBytes(MAX_MAP_BYTES) }) };
}

function unreadable(script: string, detail: string): MapLookup {
  return { kind: 'refused', warning: sourceMapWarning('CHK_SOURCE_MAP_UNREADABLE', { script, detail }) };
}

function fromDataUrl(url: string, script: string, scriptUrl: string): MapLookup {
  const comma = url.indexOf(',');
  if (comma < 0) return unreadable(script, 'its inline map is not a data: URL');
  const meta = url.slice(5, comma);
  const data = url.slice(comma + 1);
  const estimate = meta.endsWith(';base64') ? Math.floor((data.length * 3) / 4) : data.length;
  if (estimate > MAX_MAP_BYTES) return tooLarge(script, estimate);
  try {
    const text = meta.endsWith(';base64') ? Buffer.from(data, 'base64').toString('utf8') : decodeURIComponent(data);
    return { kind: 'found', text, mapUrl: scriptUrl };
  } catch {
    return unreadable(script, 'its inline map is not valid percent-encoding');
  }
}

async function fromFile(reference: string, script: string, scriptUrl: string): Promise<MapLookup> {
  let mapUrl: URL;
  try {
    mapUrl = new URL(reference, scriptUrl);
  } catch {
    return unreadable(script, `its sourceMappingURL ${reference} is not a URL`);
  }
  // A map is looked for on this disk only, and only as a .map file: a profile must not make us read anything else.
  if (mapUrl.protocol !== 'file:' || !mapUrl.pathname.endsWith('.map')) return NONE;
  const path = fileURLToPath(mapUrl);
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) return NONE;
  if (info.size > MAX_MAP_BYTES) return tooLarge(script, info.size);
  try {
    return { kind: 'found', text: await readTail(path, info.size, info.size), mapUrl: mapUrl.href };
  } catch (err) {
    return unreadable(script, (err as Error).message);
  }
}

/** The map of the script at `scriptUrl` (a file:// URL), as its text and the URL its relative sources resolve against. */
export async function readScriptMap(scriptUrl: string): Promise<MapLookup> {
  if (!scriptUrl.startsWith('file://')) return NONE;
  let path: string;
  try {
    path = fileURLToPath(scriptUrl);
  } catch {
    return NONE;
  }
  if (!SCRIPT_FILE.test(path)) return NONE;
  const info = await stat(path).catch(() => undefined);
  // A script that is gone or moved since the profile was taken is simply shown as recorded.
  if (!info?.isFile() || info.size === 0) return NONE;
  try {
    let reference = lastComment(await readTail(path, info.size, SCRIPT_TAIL_BYTES));
    // An inline map longer than the first read: the comment starts further back; read as far as a map may be long.
    if (!reference && info.size > SCRIPT_TAIL_BYTES) {
      const inlineLimit = Math.ceil((MAX_MAP_BYTES * 4) / 3) + SCRIPT_TAIL_BYTES;
      const tail = await readTail(path, info.size, inlineLimit);
      reference = lastComment(tail);
      // Still none, and the tail is one run of base64: the end of an inline map too long to read.
      if (!reference && info.size > inlineLimit && !tail.trimEnd().includes('\n') && /^[A-Za-z0-9+/=]{200}/.test(tail)) return tooLarge(path, info.size);
    }
    if (!reference) return NONE;
    return reference.startsWith('data:') ? fromDataUrl(reference, path, scriptUrl) : await fromFile(reference, path, scriptUrl);
  } catch (err) {
    return unreadable(path, (err as Error).message);
  }
}
