// A/B checkouts left behind by a Checkup that was killed outright (kill -9, a power cut): it could not remove its own,
// so the next Checkup does, when its engine starts and before it makes a checkout of its own. The temp folder is
// shared with every user of the machine, so a folder is trusted only when it is ours beyond doubt: a real directory
// (not a link) owned by our uid and writable by nobody else, holding an owner record that is a regular file of ours
// too. Another user can neither make such a folder nor write into ours (mkdtemp makes it 0700). Even then, nothing a
// record lists is followed blindly: a link is removed only when it is a link inside the folder itself, and the folder
// goes with a removal that deletes links rather than what they point to.
import { execFileSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync, realpathSync, rmSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

export const CHECKOUT_PREFIX = 'checkup-ab-';
const OWNER_FILE = 'owner.json';

/** What a checkout records of itself, so that one left by a killed process is found and removed later. */
interface CheckoutOwner {
  path: string;
  repoRoot: string;
  /** Links made inside the checkout (node_modules, carried-over folders), removed before anything else. */
  links: string[];
}

export function writeOwner(w: CheckoutOwner): void {
  writeFileSync(join(w.path, OWNER_FILE), JSON.stringify({ pid: process.pid, repoRoot: w.repoRoot, links: w.links }), { mode: 0o600 });
}

/** git in the user's repository with nothing of the repository's own configuration run: no hook, no fsmonitor. */
function quietGit(repoRoot: string, args: string[]): void {
  try {
    execFileSync('git', ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', ...args], { cwd: repoRoot, stdio: 'ignore', timeout: 30_000 });
  } catch {
    // nothing more to do: the folder is gone either way and a later prune forgets it
  }
}

/** Removes a checkout: its links, git's record of it, the folder. Links are unlinked only when inside `path`. */
export function removeCheckoutSync(w: CheckoutOwner): void {
  for (const link of w.links) if (linkInside(w.path, link)) unlinkQuietly(link);
  quietGit(w.repoRoot, ['worktree', 'remove', '--force', join(w.path, 'tree')]);
  // fs.rm deletes a symbolic link, never what it points to
  rmSync(w.path, { recursive: true, force: true });
  quietGit(w.repoRoot, ['worktree', 'prune']);
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

/** `link` is a symbolic link whose own place (not its target) is inside `folder`, with no link on the way there. */
function linkInside(folder: string, link: string): boolean {
  if (!isAbsolute(link)) return false;
  const rel = relative(folder, resolve(link));
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) return false;
  try {
    const parent = realpathSync(resolve(link, '..'));
    const realFolder = realpathSync(folder);
    return (parent === realFolder || parent.startsWith(realFolder + sep)) && lstatSync(link).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Ours and private: a real directory or file owned by this uid, writable by no group or other user. */
function ownPrivate(stat: Stats): boolean {
  const uid = process.getuid?.();
  // Windows has no uids; its temp folder is the user's own.
  const mine = uid === undefined || stat.uid === uid;
  return mine && (stat.mode & 0o022) === 0;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The owner record of `path` if the folder and its record are ours beyond doubt, else undefined. */
function trustedOwner(path: string): { pid: number; repoRoot: string; links: string[] } | undefined {
  try {
    const folder = lstatSync(path);
    if (!folder.isDirectory() || !ownPrivate(folder)) return undefined;
    const recordPath = join(path, OWNER_FILE);
    const record = lstatSync(recordPath);
    if (!record.isFile() || !ownPrivate(record) || record.size > 1024 * 1024) return undefined;
    const owner = JSON.parse(readFileSync(recordPath, 'utf8')) as { pid?: unknown; repoRoot?: unknown; links?: unknown };
    if (typeof owner.pid !== 'number' || !Number.isInteger(owner.pid) || owner.pid <= 0) return undefined;
    if (typeof owner.repoRoot !== 'string' || !isAbsolute(owner.repoRoot)) return undefined;
    const links = Array.isArray(owner.links) ? owner.links.filter((l): l is string => typeof l === 'string') : [];
    return { pid: owner.pid, repoRoot: owner.repoRoot, links };
  } catch {
    return undefined;
  }
}

/**
 * Checkouts in `dir` whose maker is gone, removed; their paths returned. Folders that are not ours beyond doubt, and
 * those of a Checkup still running, are left alone.
 */
export function removeOrphanedWorktrees(dir = tmpdir()): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(CHECKOUT_PREFIX));
  } catch {
    return removed;
  }
  for (const name of names) {
    const path = join(dir, name);
    const owner = trustedOwner(path);
    if (!owner || owner.pid === process.pid || alive(owner.pid)) continue;
    removeCheckoutSync({ path, repoRoot: owner.repoRoot, links: owner.links });
    removed.push(path);
  }
  return removed;
}
