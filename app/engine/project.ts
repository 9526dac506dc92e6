// What "Check my app" needs to know about a project folder: its npm scripts, likely entry files, and the recipe that
// was used for it last time (remembered per project through its sessions).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join } from 'node:path';
import type { ProjectInfo } from '../contract/api.js';
import { CheckupError } from '../errors.js';
import { listSessions, readSessionFile } from '../store/session-reader.js';

const ENTRY_GUESSES = ['server.js', 'index.js', 'app.js', 'main.js', 'server.mjs', 'index.mjs', 'src/server.js', 'src/index.js', 'src/app.js', 'dist/server.js', 'dist/index.js', 'bin/www'];

/** The folder a user typed, as a full path: `~` and `~/…` from their home folder; what is wrong with it as a coded error. */
export function projectFolder(typed: string): string {
  const trimmed = typed.trim();
  const dir = trimmed === '~' ? homedir() : /^~[\\/]/.test(trimmed) ? join(homedir(), trimmed.slice(2)) : trimmed;
  if (!isAbsolute(dir)) throw new CheckupError('CHK_PATH_NOT_ABSOLUTE', { path: trimmed });
  if (!existsSync(dir)) throw new CheckupError('CHK_FOLDER_NOT_FOUND', { path: dir });
  if (!statSync(dir).isDirectory()) throw new CheckupError('CHK_NOT_A_FOLDER', { path: dir, dir: dirname(dir) });
  return dir;
}

export async function describeProject(typed: string, sessionsDir: string): Promise<ProjectInfo> {
  const dir = projectFolder(typed);
  let pkg: { name?: string; main?: string; scripts?: Record<string, string> } = {};
  try {
    pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as typeof pkg;
  } catch {
    // no package.json, or not valid JSON: a folder with a script in it is fine too
  }
  const candidates = [...(pkg.main ? [pkg.main] : []), ...ENTRY_GUESSES];
  const entries = [...new Set(candidates)].filter((e) => {
    const p = join(dir, e);
    return existsSync(p) && statSync(p).isFile();
  });
  // Someone else's recipe (an imported session) is never offered as this project's own.
  const last = (await listSessions(sessionsDir)).find((s) => s.project === dir && !s.damaged && !s.imported);
  const lastRecipe = last ? (await readSessionFile(sessionsDir, last.id).catch(() => undefined))?.recipe : undefined;
  return {
    dir,
    name: typeof pkg.name === 'string' && pkg.name ? pkg.name : basename(dir),
    scripts: pkg.scripts && typeof pkg.scripts === 'object' ? Object.fromEntries(Object.entries(pkg.scripts).filter(([, v]) => typeof v === 'string')) : {},
    entries,
    ...(lastRecipe ? { lastRecipe } : {}),
  };
}
