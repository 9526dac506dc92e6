// Where the desktop app's files are, in a checkout and in the packaged app (resources/app.asar). Electron reads
// inside the archive itself (the engine host is a utility process: Electron too); what the OS opens comes from
// app.asar.unpacked (app/paths.ts decides which files those are).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packagedPath, rootDir } from '../app/paths.js';
import type { DesktopPaths } from './desktop-app.js';

/** `mainUrl` is main.js's import.meta.url. */
export function desktopPaths(mainUrl: string, root = rootDir): DesktopPaths {
  const mainScript = fileURLToPath(mainUrl);
  const readme = packagedPath(root, 'README.md');
  return {
    preload: join(dirname(mainScript), 'preload.cjs'),
    engineHost: join(root, 'out', 'main', 'engine-host.js'),
    rendererDir: join(root, 'out', 'renderer'),
    speedscopeDir: join(root, 'node_modules', 'speedscope', 'dist', 'release'),
    mainScript,
    ...(existsSync(readme) ? { readme } : {}),
  };
}

/** package.json `homepage`, for Help and About, when there is one. */
export function projectHomepage(root = rootDir): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { homepage?: unknown };
    return typeof pkg.homepage === 'string' ? pkg.homepage : undefined;
  } catch {
    return undefined;
  }
}
