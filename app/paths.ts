// Where things are: the project root (a checkout or the packaged app), compiled entry points for child processes
// and workers, bundled assets, and the user's data folder.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'checkup') return dir;
      } catch {
        // not ours; keep walking up
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('checkup: cannot find the project root from ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

/** Root of the checkout or of the packaged app (resources/app[.asar]). */
export const rootDir = findRoot();

/**
 * What the packaged app keeps outside its archive (resources/app.asar.unpacked), because something other than Electron
 * reads it: the user's own Node runs the probes (preloaded through --require / NODE_OPTIONS), the labs, and the tree
 * guard's supervisor and the inspector guard with the modules they import; the OS opens the README; package.json's "type" makes those .js
 * files ES modules. Everything else (the engine in its utility process, its worker threads, the advice it reads) is
 * read by Electron, which reads inside the archive. electron-builder.yml's asarUnpack lists the same paths (a test
 * holds them together). Paths relative to the root, '/'-separated; a trailing '/' takes a whole folder.
 */
export const OUTSIDE_ARCHIVE: readonly string[] = [
  'package.json',
  'README.md',
  'app/probe/',
  'assets/labs/',
  'out/lab-modules/',
  'out/app/target/supervisor.js',
  'out/app/target/process-tree.js',
  'out/app/target/tree-members.js',
  'out/app/target/proc-stat.js',
  'out/app/attach/inspector-guard-process.js',
  'out/app/attach/inspector-closer.js',
  'out/app/attach/inspector-list.js',
  'out/app/attach/inspector-watchdog.js',
  'out/app/attach/os-processes.js',
  'out/app/errors.js',
];

/**
 * Where `relative` (a '/'-separated path under `root`) is on disk: under app.asar.unpacked when `root` is the packaged
 * app's archive and the path is one of OUTSIDE_ARCHIVE, else plainly under `root`.
 */
export function packagedPath(root: string, relative: string): string {
  const path = join(root, relative);
  const outside = OUTSIDE_ARCHIVE.some((entry) => (entry.endsWith('/') ? `${relative}/`.startsWith(entry) : relative === entry));
  return outside ? path.replace(/\.asar([\\/])/, '.asar.unpacked$1') : path;
}

/**
 * Compiled JavaScript entry for a module that runs in its own worker or child process, e.g. `app/load/load-worker`.
 * Always the compiled file under out/, so tests running TypeScript sources start the same code as production.
 */
export function compiledEntry(modulePath: string): string {
  return packagedPath(rootDir, `out/${modulePath}.js`);
}

export function assetPath(...parts: string[]): string {
  return packagedPath(rootDir, ['assets', ...parts].join('/'));
}

/** The probe preloaded into targets: plain CommonJS, run by the user's own Node. */
export const probePath = packagedPath(rootDir, 'app/probe/probe.cjs');

/** The start-up probe, preloaded into each start that `checkup startup` makes (plain CommonJS, like the probe). */
export const startupProbePath = packagedPath(rootDir, 'app/probe/startup.cjs');

/**
 * The npm packages the labs need (express, mongoose and theirs), copied out by the build (scripts/lab-modules.js):
 * the labs' NODE_PATH, so a lab resolves them in a checkout and in the packaged app alike.
 */
export const labModulesPath = packagedPath(rootDir, 'out/lab-modules');

export const checkupVersion: string = (JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * The user's data folder, the same one Electron's app.getPath('userData') gives for productName "Checkup", so the
 * CLI and the desktop app share sessions. CHECKUP_DATA_DIR overrides it (tests, portable use).
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CHECKUP_DATA_DIR) return resolve(env.CHECKUP_DATA_DIR);
  const home = homedir();
  if (process.platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Checkup');
  if (process.platform === 'darwin') return join(home, 'Library', 'Application Support', 'Checkup');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Checkup');
}

/** Where sessions are kept unless the user chooses (`--out DIR`): one folder per session. */
export function defaultSessionsDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(defaultDataDir(env), 'sessions');
}
