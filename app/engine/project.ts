// What "Check my app" needs to know about a project folder: its npm scripts, likely entry files, and the recipe that
// was used for it last time (remembered per project through its sessions).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ProjectInfo } from '../contract/api.js';
import { CheckupError } from '../errors.js';
import { listSessions, readSessionFile } from '../store/session-reader.js';

const ENTRY_GUESSES = ['server.js', 'index.js', 'app.js', 'main.js', 'server.mjs', 'index.mjs', 'src/server.js', 'src/index.js', 'src/app.js', 'dist/server.js', 'dist/index.js', 'bin/www'];

export async function describeProject(dir: string, sessionsDir: string): Promise<ProjectInfo> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new CheckupError('CHK_FILE_NOT_FOUND', { path: dir });
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
