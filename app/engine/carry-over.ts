// The files a commit's checkout lacks that the app needs to run as the user runs it: untracked, git-ignored files of
// the working tree (`.env` read by dotenv, `config/local.json`, certificates, uploaded data, node_modules) put in the
// same place in the checkout, so that both sides of an A/B run with the same settings. Small files are copied (the
// commit's side cannot then change the user's own); folders and big files are linked, never copied whole (a
// node_modules, a build output or an upload folder can be gigabytes). Caches and logs stay behind: shared between two
// apps at once they would mix, and nothing needs them to start. What the user excluded, what the commit has its own
// copy of, and untracked files that are not ignored (new files of the change itself) stay on their side only.
import { execFile } from 'node:child_process';
import { constants, copyFileSync, existsSync, lstatSync, mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { CarriedFiles } from '../contract/session.js';

/** Files up to this size are copied; bigger ones are linked. A settings file is a few KB; a database is not one. */
const COPY_MAX_BYTES = 1024 * 1024;
/** All copies together stay under this; past it, files are linked too. */
const COPY_BUDGET_BYTES = 32 * 1024 * 1024;
/** Entries git lists past this many are not carried (said so): a folder of thousands of single ignored files. */
const MAX_ENTRIES = 2000;
/** Listed by name in a note; the session keeps the whole list. */
const NOTE_NAMES = 8;

/** Caches and logs: not carried (see the top of the file). Matched on the entry's own name. */
const CACHE_NAMES = new Set(['.cache', '.parcel-cache', '.turbo', '.eslintcache', '.nyc_output', 'coverage', '.npm', '.yarn', '.pnpm-store', '.vite', '.angular', '.swc', '.DS_Store']);
const isCacheOrLog = (name: string) => CACHE_NAMES.has(name) || /\.log$/.test(name) || name === 'npm-debug.log';

/** Build outputs: carried (the app may run from them), but then the commit's side runs the working tree's build. */
const BUILD_NAMES = new Set(['dist', 'build', 'out', '.next', '.nuxt', '.output', '.svelte-kit', 'lib-cov']);

function gitLines(cwd: string, args: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    // The user's repository: no fsmonitor or other configured command runs for a listing.
    execFile('git', ['-c', 'core.fsmonitor=false', ...args], { cwd, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => {
      if (err) reject(err);
      else resolve(stdout.split('\0').filter(Boolean));
    });
  });
}

/** `--ab-exclude` patterns: `*` within a path segment, `**` across segments, `?` one character; a pattern without a
 * slash matches an entry's name anywhere (as in .gitignore), one with a slash the path from the repository's top. */
export function excludeMatcher(patterns: readonly string[]): (path: string) => boolean {
  const compiled = patterns.map((raw) => {
    const pattern = raw.replace(/^\.\//, '').replace(/\/+$/, '');
    const source = pattern
      .split(/(\*\*\/?|\*|\?)/)
      .map((part) => (part === '**' || part === '**/' ? '(?:.*/)?' + (part === '**' ? '.*' : '') : part === '*' ? '[^/]*' : part === '?' ? '[^/]' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('');
    return { re: new RegExp(`^${source}$`), byName: !pattern.includes('/') };
  });
  return (path) => {
    const clean = path.replace(/\/+$/, '');
    return compiled.some(({ re, byName }) => re.test(clean) || (byName && re.test(basename(clean))));
  };
}

/** Untracked files of the repository: git-ignored ones and the others, folders as one entry (`data/`). */
export async function untrackedEntries(repoRoot: string): Promise<{ ignored: string[]; other: string[] }> {
  const base = ['ls-files', '-z', '--others', '--exclude-standard', '--directory'];
  const [ignored, other] = await Promise.all([gitLines(repoRoot, [...base, '--ignored']), gitLines(repoRoot, [...base, '--no-empty-directory'])]);
  return { ignored, other };
}

/** Whether `path` is `root` or inside it, both real paths. */
function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && rel !== '..');
}

/**
 * Puts the ignored entries into the checkout. `links` receives every link made (removed before the checkout is).
 * Never writes outside the checkout: a parent that resolves elsewhere (a symlink the commit holds) is skipped.
 */
export function carryIgnored(repoRoot: string, checkoutRoot: string, entries: { ignored: string[]; other: string[] }, exclude: readonly string[], links: string[]): CarriedFiles {
  const carried: CarriedFiles = { copied: [], linked: [], skipped: [], onlyAfter: entries.other.slice(0, MAX_ENTRIES) };
  const excluded = excludeMatcher(exclude);
  const realCheckout = realpathSync(checkoutRoot);
  let budget = COPY_BUDGET_BYTES;
  entries.ignored.forEach((entry, i) => {
    const rel = entry.replace(/\/+$/, '');
    if (i >= MAX_ENTRIES) return void (i === MAX_ENTRIES && carried.skipped.push({ path: `${entries.ignored.length - MAX_ENTRIES} more`, why: 'limit' }));
    if (excluded(rel)) return void carried.skipped.push({ path: entry, why: 'excluded' });
    if (isCacheOrLog(basename(rel))) return void carried.skipped.push({ path: entry, why: 'cache' });
    const source = join(repoRoot, rel);
    const target = join(checkoutRoot, rel);
    let stat;
    try {
      stat = lstatSync(source);
      // node_modules, linked already (commit-worktree.ts says so in its own words)
      if (links.includes(target)) return;
      // the commit has its own file there: both sides keep their own
      if (existsSync(target) || isLink(target)) return void carried.skipped.push({ path: entry, why: 'commit-has-its-own' });
      // Checked before any folder is made: a link the commit holds on the way must not lead the mkdir out.
      if (!inside(realCheckout, realpathSync(existingAncestor(dirname(target))))) return void carried.skipped.push({ path: entry, why: 'outside' });
      mkdirSync(dirname(target), { recursive: true });
      if (!inside(realCheckout, realpathSync(dirname(target)))) return void carried.skipped.push({ path: entry, why: 'outside' });
    } catch {
      return void carried.skipped.push({ path: entry, why: 'unreadable' });
    }
    if (stat.isFile() && stat.size <= COPY_MAX_BYTES && stat.size <= budget) {
      copyFileSync(source, target, constants.COPYFILE_EXCL);
      budget -= stat.size;
      carried.copied.push(entry);
    } else {
      // A junction needs no privileges on Windows and is a plain symlink elsewhere.
      symlinkSync(source, target, process.platform === 'win32' && stat.isDirectory() ? 'junction' : undefined);
      links.push(target);
      carried.linked.push(entry);
    }
  });
  return carried;
}

/** `path` or its nearest ancestor that exists (a dangling link counts as existing: realpath then fails, refused). */
function existingAncestor(path: string): string {
  let at = path;
  while (!existsSync(at) && !isLink(at) && dirname(at) !== at) at = dirname(at);
  return at;
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

const names = (list: readonly string[]) => (list.length > NOTE_NAMES ? `${list.slice(0, NOTE_NAMES).join(', ')} and ${list.length - NOTE_NAMES} more` : list.join(', '));

/** What the user should know of the carrying, as notes (the full lists go into each session). */
export function carriedNotes(c: CarriedFiles, ref: string): string[] {
  const notes: string[] = [];
  if (c.copied.length) notes.push(`Copied into ${ref}'s checkout from your working tree (untracked, ignored by git): ${names(c.copied)}.`);
  if (c.linked.length) notes.push(`Linked into ${ref}'s checkout from your working tree, not copied (folders and big files; both sides read and write the same ones): ${names(c.linked)}.`);
  const builds = c.linked.filter((p) => BUILD_NAMES.has(basename(p.replace(/\/+$/, ''))));
  if (builds.length) notes.push(`${names(builds)}: build output of your working tree. If the app runs from it, both sides run the same build; exclude it (--ab-exclude ${builds[0]!.replace(/\/+$/, '')}) and have the app build at start to compare builds.`);
  const own = c.skipped.filter((s) => s.why === 'commit-has-its-own').map((s) => s.path);
  if (own.length) notes.push(`The two sides differ in ${names(own)}: ignored in your working tree, but ${ref} has its own, which its side uses.`);
  const excluded = c.skipped.filter((s) => s.why === 'excluded').map((s) => s.path);
  if (excluded.length) notes.push(`Excluded as asked, so only your working tree's side has them: ${names(excluded)}.`);
  const caches = c.skipped.filter((s) => s.why === 'cache').map((s) => s.path);
  if (caches.length) notes.push(`Not carried over (caches and logs): ${names(caches)}.`);
  const other = c.skipped.filter((s) => s.why === 'outside' || s.why === 'unreadable' || s.why === 'limit').map((s) => s.path);
  if (other.length) notes.push(`Not carried over (unreadable, past the limit of ${MAX_ENTRIES} entries, or where ${ref} has a link out of the checkout): ${names(other)}.`);
  if (c.onlyAfter.length) notes.push(`Untracked files that git does not ignore are taken as part of your change and run on your working tree's side only: ${names(c.onlyAfter)}.`);
  return notes;
}
