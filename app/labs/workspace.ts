// The student's own copy of a lab: `<root>/<course>/<lab>/` (root: ~/Checkup workshop unless CHECKUP_WORKSHOP_DIR says
// otherwise), holding the lab's `files` and its package.json. Starting a lab copies only what is missing, so a
// student's edits are never overwritten; resetting restores exactly the lab's files and nothing else. Runs of the copy
// resolve the lab's npm dependencies from Checkup's own node_modules (NODE_PATH), in a checkout and in the packaged
// app alike (app/paths.ts keeps node_modules outside the archive for that).
import { constants as fsConstants, existsSync, promises as fs } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join, relative, isAbsolute, resolve } from 'node:path';
import { structuredPatch } from 'diff';
import type { SolutionDiff } from '../contract/course.js';
import type { RecipeInput } from '../contract/recipe.js';
import { CheckupError } from '../errors.js';
import { labModulesPath } from '../paths.js';
import { makeDir, storeError } from '../store/atomic.js';
import type { CourseLab } from './courses.js';

export function defaultWorkshopDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHECKUP_WORKSHOP_DIR ? resolve(env.CHECKUP_WORKSHOP_DIR) : join(homedir(), 'Checkup workshop');
}

/** The folder of a student's copy of a lab (course ids and lab names are [a-z0-9-]+: they cannot leave the root). */
export function workspaceDir(root: string, lab: CourseLab): string {
  const dir = resolve(root, lab.course.file.id, lab.name);
  const rel = relative(resolve(root), dir);
  if (rel.startsWith('..') || isAbsolute(rel)) throw new CheckupError('CHK_INTERNAL', { detail: `a workspace outside ${root}: ${dir}` });
  return dir;
}

/** What a student's copy holds: the lab's files and its package.json (which marks the .js files as CommonJS). */
export function workspaceFiles(lab: CourseLab): string[] {
  const files = lab.file.files ?? ['slow.js'];
  return [...new Set([...files, ...(existsSync(join(lab.dir, 'package.json')) ? ['package.json'] : [])])];
}

/** Whether something (a file, a folder, a link even dangling) is at `path`. */
async function present(path: string): Promise<boolean> {
  return fs.lstat(path).then(() => true, () => false);
}

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

async function copyInto(lab: CourseLab, dir: string, file: string, overwrite: boolean): Promise<boolean> {
  const to = join(dir, file);
  // A link counts as there, dangling or not: a start never writes through it to wherever it points.
  if (!overwrite && (await present(to))) return false;
  try {
    await makeDir(dirname(to));
    // A file in a subfolder: the subfolder must be the copy's own, not a link out of it.
    if (!inside(await fs.realpath(dir), await fs.realpath(dirname(to)))) throw new CheckupError('CHK_INTERNAL', { detail: `${dirname(to)} leads outside ${dir}` });
    // Replace rather than write through: a link the student put there must not redirect the copy elsewhere.
    if (overwrite) await fs.rm(to, { force: true });
    // Exclusive: should anything appear at `to` meanwhile (a link), the copy fails rather than follow it.
    await fs.copyFile(join(lab.dir, file), to, fsConstants.COPYFILE_EXCL);
  } catch (err) {
    if (err instanceof CheckupError) throw err;
    throw storeError(err, to);
  }
  return true;
}

/** The files of the student's copy that differ from the lab's starting code (their edits): what a reset would lose. */
export async function editedFiles(root: string, lab: CourseLab): Promise<string[]> {
  const dir = workspaceDir(root, lab);
  const edited: string[] = [];
  for (const file of workspaceFiles(lab)) {
    const mine = await fs.readFile(join(dir, file)).catch(() => undefined);
    if (mine === undefined) continue;
    if (!mine.equals(await fs.readFile(join(lab.dir, file)))) edited.push(file);
  }
  return edited;
}

/** Makes the student's copy; files already there are kept as they are. Answers the files copied now. */
export async function startWorkspace(root: string, lab: CourseLab): Promise<string[]> {
  const dir = workspaceDir(root, lab);
  await makeDir(dir);
  const copied: string[] = [];
  for (const file of workspaceFiles(lab)) if (await copyInto(lab, dir, file, false)) copied.push(file);
  return copied;
}

/** Puts the lab's starting files back (the student confirmed); other files in the folder are left alone. */
export async function resetWorkspace(root: string, lab: CourseLab): Promise<string[]> {
  const dir = workspaceDir(root, lab);
  if (!existsSync(dir)) throw new CheckupError('CHK_LAB_NOT_STARTED', { name: lab.name, dir });
  const files = workspaceFiles(lab);
  for (const file of files) await copyInto(lab, dir, file, true);
  return files;
}

export function workspaceExists(root: string, lab: CourseLab): boolean {
  return existsSync(join(workspaceDir(root, lab), 'slow.js'));
}

/** Where the lab's npm dependencies resolve from: the lab's own node_modules (stand-in packages), then the packages Checkup ships for the labs. */
function dependencyPath(lab: CourseLab): string {
  const own = join(lab.dir, 'node_modules');
  return [...(existsSync(own) ? [own] : []), labModulesPath].join(delimiter);
}

/** A run of the student's copy: their slow.js, in their folder, with the lab's load. */
export function workspaceRecipe(root: string, lab: CourseLab): RecipeInput {
  const dir = workspaceDir(root, lab);
  return {
    target: { kind: 'script', script: join(dir, 'slow.js'), args: [], nodeArgs: [], cwd: dir, env: { PORT: '0', NODE_PATH: dependencyPath(lab) } },
    load: lab.file.recipe.load,
    note: `lab ${lab.name} (your copy)`,
  };
}

/** The student's slow.js (or the lab's, before they started) against the lab's solution. */
export async function solutionDiff(root: string, lab: CourseLab): Promise<SolutionDiff> {
  const mine = join(workspaceDir(root, lab), 'slow.js');
  const from = existsSync(mine) ? mine : join(lab.dir, 'slow.js');
  const [before, after] = await Promise.all([fs.readFile(from, 'utf8'), fs.readFile(join(lab.dir, 'fixed.js'), 'utf8')]);
  const patch = structuredPatch('slow.js', 'solution.js', before, after, '', '', { context: 3 });
  return { file: from, hunks: patch.hunks.map((h) => ({ oldStart: h.oldStart, oldLines: h.oldLines, newStart: h.newStart, newLines: h.newLines, lines: h.lines })) };
}
