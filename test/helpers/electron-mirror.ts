// A local stand-in for Electron's download server, for testing `npm start`'s runtime fetch without the network: a
// scratch copy of node_modules/electron (never the shared one), a stand-in runtime archive named as @electron/get
// asks for it, and an HTTP server on 127.0.0.1 that serves it with its SHASUMS256.txt in ELECTRON_MIRROR's layout
// (<mirror>v<version>/<file>).
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, realpathSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { rootDir } from '../../app/paths.js';

export const electronVersion: string = (JSON.parse(readFileSync(join(rootDir, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;

/** The archive name @electron/get asks the mirror for on this machine. */
export function runtimeArchiveName(platform = process.platform, arch = process.arch): string {
  return `electron-v${electronVersion}-${platform}-${arch}.zip`;
}

/**
 * node_modules/electron's own files (package.json, install.js, index.js, checksums.json) copied under `dir`, with
 * Electron's downloader and unzipper linked beside it where install.js looks for them. Returns the package folder.
 */
export function scratchElectronPackage(dir: string): string {
  const real = join(rootDir, 'node_modules');
  const pkg = join(dir, 'node_modules', 'electron');
  mkdirSync(pkg, { recursive: true });
  for (const file of ['package.json', 'install.js', 'index.js', 'cli.js', 'checksums.json']) copyFileSync(join(real, 'electron', file), join(pkg, file));
  for (const dep of ['@electron/get', '@electron-internal/extract-zip']) {
    mkdirSync(dirname(join(dir, 'node_modules', dep)), { recursive: true });
    symlinkSync(realpathSync(join(real, dep)), join(dir, 'node_modules', dep), 'dir');
  }
  return pkg;
}

export interface ZipEntry {
  name: string;
  data: string | Buffer;
  /** Unix permissions, e.g. 0o755 for the executable. */
  mode?: number;
}

/** A zip archive (stored, no compression) with Unix permissions, as Electron's release archives carry them. */
export function zipArchive(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by: Unix, so the external attributes carry the mode
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(0, 30); // extra, comment lengths
    central.writeUInt32LE(0, 34); // disk, internal attributes
    central.writeUInt32LE(((0o100000 | (entry.mode ?? 0o644)) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export interface ElectronMirror {
  /** For ELECTRON_MIRROR: ends with a slash. */
  url: string;
  /** Paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Serves `files` (name -> bytes) under /v<version>/ with a SHASUMS256.txt of them, as Electron's releases do. */
export async function startElectronMirror(files: Record<string, Buffer>): Promise<ElectronMirror> {
  const shasums = Object.entries(files)
    .map(([name, data]) => `${createHash('sha256').update(data).digest('hex')} *${name}`)
    .join('\n');
  const served: Record<string, Buffer> = { ...files, 'SHASUMS256.txt': Buffer.from(shasums + '\n') };
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const prefix = `/v${electronVersion}/`;
    const name = req.url?.startsWith(prefix) ? decodeURIComponent(req.url.slice(prefix.length)) : undefined;
    const body = name ? served[name] : undefined;
    if (!body) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
