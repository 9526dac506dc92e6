// Files handed to the app by the OS: paths on the command line (first launch, or a second launch forwarded by the
// single-instance lock) and macOS 'open-file'. Formats are recognised from content by the engine, so any regular
// file is passed on; flags, the executable, the app folder and our own entry script are not files to open. They reach
// the renderer as 'open-profile' commands; it imports `.checkup` session bundles and opens everything else as a profile.
import { statSync } from 'node:fs';
import { extname, isAbsolute, resolve } from 'node:path';

/** A session bundle (Export bundle in the app, `checkup export` in the CLI): imported as a session, not a profile. */
export const BUNDLE_EXTENSION = 'checkup';

/**
 * What File > Open offers first: profiles (.cpuprofile, .heapprofile; Chrome traces and speedscope files are .json;
 * `node --prof` logs .log) and session bundles. The same list is in electron-builder.yml's fileAssociations.
 */
export const OPENABLE_EXTENSIONS = ['cpuprofile', 'heapprofile', 'json', 'log', BUNDLE_EXTENSION] as const;

export function isBundlePath(path: string): boolean {
  return extname(path).toLowerCase() === `.${BUNDLE_EXTENSION}`;
}

/** At most this many files from one command line: a glob gone wrong must not open hundreds of tabs. */
const MAX_FILES = 8;

function isRegularFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Profile paths in `argv`, absolute, resolved against `cwd` (the second instance's working folder). `ignore` holds
 * paths that are ours (the main script) and never count as files to open.
 */
export function profilePathsFromArgv(argv: readonly string[], cwd: string, ignore: readonly string[] = []): string[] {
  const ignored = new Set(ignore.map((p) => resolve(p)));
  const paths: string[] = [];
  let afterDoubleDash = false;
  for (const arg of argv.slice(1)) {
    if (!afterDoubleDash && arg === '--') {
      afterDoubleDash = true;
      continue;
    }
    if (!arg || (!afterDoubleDash && arg.startsWith('-'))) continue;
    const path = isAbsolute(arg) ? resolve(arg) : resolve(cwd, arg);
    if (ignored.has(path) || paths.includes(path) || !isRegularFile(path)) continue;
    paths.push(path);
    if (paths.length >= MAX_FILES) break;
  }
  return paths;
}
