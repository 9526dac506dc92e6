// Where the desktop app's files are, in a checkout and in the packaged app (resources/app.asar). Electron reads
// inside the archive itself; what a separate process or the OS opens comes from app.asar.unpacked.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rootDir } from '../app/paths.js';
import type { DesktopPaths } from './desktop-app.js';

function outsideArchive(path: string): string {
  return path.replace(/\.asar([\\/])/, '.asar.unpacked$1');
}

/** `mainUrl` is main.js's import.meta.url. */
export function desktopPaths(mainUrl: string, root = rootDir): DesktopPaths {
  const mainScript = fileURLToPath(mainUrl);
  const readme = outsideArchive(join(root, 'README.md'));
  return {
    preload: join(dirname(mainScript), 'preload.cjs'),
    // The same path compiledEntry('main/engine-host') gives: the engine runs from real files.
    engineHost: outsideArchive(join(root, 'out', 'main', 'engine-host.js')),
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
