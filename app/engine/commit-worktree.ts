// A commit of the user's project checked out beside it, for an interleaved A/B run: a detached `git worktree` under
// the OS temp folder, nothing installed (the project's node_modules is linked in where the commit has none), and
// removed again whatever happens (`git worktree remove --force`, then prune, then the temp folder). A process that
// exits while one is open removes it synchronously on the way out.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, promises as fs, readFileSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { CarriedFiles } from '../contract/session.js';
import { CheckupError } from '../errors.js';
import { carriedNotes, carryIgnored, excludeMatcher, untrackedEntries } from './carry-over.js';
import { CHECKOUT_PREFIX, removeCheckoutSync, removeOrphanedWorktrees, writeOwner } from './orphan-worktrees.js';

/** A checked-out commit; `close()` removes it (idempotent). */
export interface CommitWorktree {
  /** The ref as the user gave it, and the commit it named. */
  ref: string;
  commit: string;
  /** Top of the user's repository, and the same place in the checked-out commit. */
  repoRoot: string;
  checkoutRoot: string;
  /** Where the project folder is inside the checked-out commit. */
  projectDir: string;
  /** What the user should know (files carried over, a lockfile that differs). */
  notes: string[];
  /** The working tree's untracked, ignored files put into the checkout. */
  carried: CarriedFiles;
  close(): Promise<void>;
}

const LOCKFILES = ['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lockb'];

interface GitFailure {
  code?: string | number;
  stderr?: string;
}

function git(cwd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (!err) return resolve(stdout.trim());
      const failure = err as NodeJS.ErrnoException & GitFailure;
      // git itself is not there: no repository can be read at all.
      if (failure.code === 'ENOENT') return reject(new CheckupError('CHK_GIT_MISSING'));
      reject(Object.assign(err, { stderr: String(stderr) }));
    });
  });
}

/** The repository holding `dir`, or CHK_NOT_GIT_REPO. */
async function repositoryOf(dir: string): Promise<string> {
  // git cannot even start in a folder that is not there (and would be taken for a missing git).
  if (!existsSync(dir)) throw new CheckupError('CHK_NOT_GIT_REPO', { dir });
  try {
    return await git(dir, ['rev-parse', '--show-toplevel']);
  } catch (err) {
    if (err instanceof CheckupError) throw err;
    throw new CheckupError('CHK_NOT_GIT_REPO', { dir });
  }
}

/** The commit a ref names, or CHK_GIT_REF_UNKNOWN. */
async function resolveCommit(repoRoot: string, ref: string): Promise<string> {
  // A ref starting with '-' would be read as an option by git.
  if (!ref || ref.startsWith('-')) throw new CheckupError('CHK_GIT_REF_UNKNOWN', { ref });
  try {
    return await git(repoRoot, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
  } catch (err) {
    if (err instanceof CheckupError) throw err;
    throw new CheckupError('CHK_GIT_REF_UNKNOWN', { ref });
  }
}

/** Files changed in the working tree against HEAD (staged, unstaged and untracked; ignored files do not count). */
async function uncommittedChanges(repoRoot: string): Promise<string[]> {
  const status = await git(repoRoot, ['status', '--porcelain']);
  return status ? status.split('\n').map((l) => l.slice(3)) : [];
}

/**
 * Whether "compare with a commit" can run for `projectDir` against `ref`, and why not: the same refusals the engine
 * makes, for a face to grey out the action with the reason. Never throws.
 */
export async function commitComparisonProblem(projectDir: string, ref = 'HEAD'): Promise<string | undefined> {
  try {
    const root = await repositoryOf(projectDir);
    const commit = await resolveCommit(root, ref);
    await refuseNothingToCompare(root, ref, commit);
    return undefined;
  } catch (err) {
    return err instanceof CheckupError ? err.message : String(err);
  }
}

/** REF being HEAD with no uncommitted change means the same code twice: refused, there is nothing to compare. */
async function refuseNothingToCompare(repoRoot: string, ref: string, commit: string): Promise<void> {
  const head = await git(repoRoot, ['rev-parse', 'HEAD']).catch(() => '');
  if (commit !== head) return;
  if ((await uncommittedChanges(repoRoot)).length) return;
  throw new CheckupError('CHK_AB_NOTHING_TO_COMPARE', { ref });
}

interface OpenWorktree {
  path: string;
  repoRoot: string;
  /** node_modules links made into the checkout, removed before anything else. */
  links: string[];
  closed: boolean;
}

const open = new Set<OpenWorktree>();
let exitHookInstalled = false;

/** Removes every worktree still open, synchronously: for exit and signal handlers. */
export function removeAllWorktreesSync(): void {
  for (const w of [...open]) {
    w.closed = true;
    open.delete(w);
    removeCheckoutSync(w);
  }
}

export { removeOrphanedWorktrees };

/**
 * `-c` options that keep the repository's own programs from running while the commit is checked out: no hook
 * (post-checkout), no fsmonitor, and each configured filter driver's smudge and process emptied (git runs no filter
 * whose command is empty), so files come out as git stores them. The filters emptied are named for a note.
 */
async function neutralCheckoutConfig(repoRoot: string): Promise<{ args: string[]; filters: string[] }> {
  const listed = await git(repoRoot, ['config', '--get-regexp', '^filter\\..*\\.(smudge|process|clean)$']).catch(() => '');
  const filters = [...new Set(listed.split('\n').map((line) => /^filter\.(.+)\.(?:smudge|process|clean) /.exec(line)?.[1]).filter((n): n is string => Boolean(n)))];
  const args = ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false'];
  for (const name of filters) args.push('-c', `filter.${name}.smudge=`, '-c', `filter.${name}.process=`, '-c', `filter.${name}.required=false`);
  return { args, filters };
}

/** Checks `ref` out for `projectDir`'s repository; refuses with a coded error before touching anything. */
export async function openCommitWorktree(givenDir: string, ref = 'HEAD', exclude: readonly string[] = []): Promise<CommitWorktree> {
  const repoRoot = await repositoryOf(givenDir);
  // git names the top by its real path; so must the project, for the one to be found inside the other.
  const projectDir = realpathSync(givenDir);
  const commit = await resolveCommit(repoRoot, ref);
  await refuseNothingToCompare(repoRoot, ref, commit);

  removeOrphanedWorktrees();
  // mkdtemp makes the folder 0700: no other user can read the files carried into it or write into it.
  const holder: OpenWorktree = { path: mkdtempSync(join(tmpdir(), CHECKOUT_PREFIX)), repoRoot, links: [], closed: false };
  open.add(holder);
  writeOwner(holder);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', removeAllWorktreesSync);
  }
  const checkoutRoot = join(holder.path, 'tree');
  const close = async (): Promise<void> => {
    if (holder.closed) return;
    holder.closed = true;
    open.delete(holder);
    // The link first, so that nothing below can ever reach into the user's own node_modules.
    for (const link of holder.links) await fs.unlink(link).catch(() => undefined);
    await git(repoRoot, ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', 'worktree', 'remove', '--force', checkoutRoot]).catch(() => undefined);
    await fs.rm(holder.path, { recursive: true, force: true });
    await git(repoRoot, ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', 'worktree', 'prune']).catch(() => undefined);
  };
  try {
    const neutral = await neutralCheckoutConfig(repoRoot);
    await git(repoRoot, [...neutral.args, 'worktree', 'add', '--detach', checkoutRoot, commit]);
    const rel = relative(repoRoot, projectDir);
    const inside = rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep));
    const projectInCheckout = inside ? join(checkoutRoot, rel) : checkoutRoot;
    if (!existsSync(projectInCheckout)) throw new CheckupError('CHK_GIT_REF_UNKNOWN', { ref: `${ref} (it has no folder ${rel})` });
    const notes: string[] = [];
    if (neutral.filters.length) notes.push(`Checked out without running git's ${neutral.filters.join(', ')} filter${neutral.filters.length > 1 ? 's' : ''} (nor any hook): such files are as git stores them (Git LFS: pointer files) on the commit's side.`);
    const excluded = excludeMatcher(exclude);
    const nodeModules = (dir: string) => !excluded(relative(repoRoot, join(dir, 'node_modules')));
    if (nodeModules(projectDir)) linkNodeModules(projectDir, projectInCheckout, holder.links, notes);
    if (repoRoot !== projectDir && nodeModules(repoRoot)) linkNodeModules(repoRoot, checkoutRoot, holder.links, notes);
    writeOwner(holder);
    const carried = carryIgnored(repoRoot, checkoutRoot, await untrackedEntries(repoRoot), exclude, holder.links);
    if (exclude.length) carried.exclude = [...exclude];
    writeOwner(holder);
    notes.push(...carriedNotes(carried, ref));
    const lockfile = differingLockfile(projectDir, projectInCheckout);
    if (lockfile) notes.push(`${lockfile} differs between ${ref} and your working tree: both sides run with your current node_modules, so dependency changes are not part of this comparison.`);
    return { ref, commit, repoRoot, checkoutRoot, projectDir: projectInCheckout, notes, carried, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** node_modules of the working tree, linked into the checkout where the commit has none. */
function linkNodeModules(from: string, to: string, links: string[], notes: string[]): void {
  const source = join(from, 'node_modules');
  const target = join(to, 'node_modules');
  if (!existsSync(source) || existsSync(target)) return;
  // A junction needs no privileges on Windows and is a plain symlink elsewhere.
  symlinkSync(source, target, process.platform === 'win32' ? 'junction' : 'dir');
  links.push(target);
  notes.push(`The commit uses your project's node_modules (${source}), linked in: nothing was installed.`);
}

/** The first lockfile whose content differs between the working tree and the checkout. */
function differingLockfile(workingDir: string, checkoutDir: string): string | undefined {
  for (const name of LOCKFILES) {
    const [a, b] = [join(workingDir, name), join(checkoutDir, name)];
    const [ea, eb] = [existsSync(a), existsSync(b)];
    if (!ea && !eb) continue;
    if (ea !== eb || !readFileSync(a).equals(readFileSync(b))) return name;
  }
  return undefined;
}

