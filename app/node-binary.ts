// Which Node runs the user's app: theirs, not ours. In the desktop app process.execPath is Electron, so we look for
// `node` on the PATH first and fall back to our own executable only when it is a real Node.
import { accessSync, constants, existsSync, realpathSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { CheckupError } from './errors.js';

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    if (process.platform !== 'win32') accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable `name` on PATH (with PATHEXT on Windows), or undefined. */
export function findOnPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const pathVar = env.PATH ?? env.Path ?? '';
  const exts = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';').filter(Boolean) : [''];
  for (const dir of pathVar.split(delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const candidate = join(dir, name + ext.toLowerCase());
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

function withoutNpmBins(pathVar: string): string {
  return pathVar
    .split(delimiter)
    .filter((dir) => !/[\\/]node_modules[\\/]\.bin[\\/]?$/.test(dir))
    .join(delimiter);
}

/**
 * The node binary to launch: the `node` option if given, else `node` on PATH, else process.execPath when this
 * process is plain Node (not Electron).
 */
export function resolveNodeBinary(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (explicit) {
    // A bare name (`node22`) is looked up on PATH like a shell would; anything with a separator is a path.
    if (!/[\\/]/.test(explicit)) {
      const found = findOnPath(explicit, env);
      if (!found) throw new CheckupError('CHK_NODE_NOT_FOUND', { detail: `no \`${explicit}\` on the PATH` });
      return found;
    }
    if (!isExecutable(explicit)) throw new CheckupError('CHK_NODE_NOT_FOUND', { detail: `${explicit} is not an executable file` });
    return explicit;
  }
  // npm and npx put node_modules/.bin first on the PATH; a `node` package installed there is not the user's node.
  const onPath = findOnPath('node', { ...env, PATH: withoutNpmBins(env.PATH ?? env.Path ?? '') });
  if (onPath) return onPath;
  if (!process.versions.electron) return process.execPath;
  throw new CheckupError('CHK_NODE_NOT_FOUND', { detail: 'no `node` on the PATH' });
}

/**
 * npm's own entry script for a given node, so `npm run` runs without a shell wrapper and under the same Node:
 * <prefix>/lib/node_modules/npm/bin/npm-cli.js on Unix, <prefix>/node_modules/npm/bin/npm-cli.js on Windows.
 * Falls back to resolving the `npm` found on PATH (a symlink into the same folder on Unix).
 */
export function findNpmCli(nodeBinary: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates: string[] = [];
  const nodeDirs = new Set([dirname(nodeBinary)]);
  try {
    nodeDirs.add(dirname(realpathSync(nodeBinary)));
  } catch {
    // keep the given path
  }
  for (const dir of nodeDirs) {
    candidates.push(join(dir, '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'));
    candidates.push(join(dir, 'node_modules', 'npm', 'bin', 'npm-cli.js'));
  }
  const npm = findOnPath('npm', env);
  if (npm && process.platform !== 'win32') {
    try {
      const real = realpathSync(npm);
      if (real.endsWith('.js')) candidates.push(real);
      candidates.push(join(dirname(real), 'npm-cli.js'));
    } catch {
      // a broken link: ignore
    }
  }
  return candidates.find((c) => existsSync(c));
}
