// Another user of the machine against the A/B orphan clean-up: the temp folder is shared, so a second local account
// (made here with useradd, run with runuser, removed afterwards) plants a folder named like a checkout of ours, whose
// owner record names a dead pid, a file of ours to "unlink" and a repository. The clean-up must touch
// none of it: the folder is not ours. Runs where the suite runs as root (useradd needs it); said so otherwise.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeOrphanedWorktrees } from '../../../app/engine/commit-worktree.js';
import { gitProject, worktrees } from '../../helpers/git-project.js';

const isRoot = process.getuid?.() === 0;
const user = `chkab${process.pid}`;

/** A command as the second user. */
const asOther = (script: string) => execFileSync('runuser', ['-u', user, '--', 'sh', '-c', script], { stdio: 'pipe' });

describe.runIf(isRoot)('the A/B orphan clean-up against a second local user', () => {
  // /tmp's own shape: world-writable and sticky, so each user can make folders there and remove only their own.
  const shared = mkdtempSync(join(tmpdir(), 'checkup-shared-tmp-'));
  beforeAll(() => {
    chmodSync(shared, 0o1777);
    execFileSync('useradd', ['--no-create-home', '--shell', '/usr/sbin/nologin', user]);
  });
  afterAll(() => {
    execFileSync('userdel', [user], { stdio: 'ignore' });
    rmSync(shared, { recursive: true, force: true });
  });

  it("does not delete the files another user's planted record lists", () => {
    const victim = mkdtempSync(join(tmpdir(), 'checkup-victim-'));
    writeFileSync(join(victim, 'thesis.tex'), 'years of work');
    const repo = gitProject({ 'server.js': 'a' });
    const planted = join(shared, 'checkup-ab-planted');
    const record = JSON.stringify({ pid: 2 ** 22 + 7, repoRoot: repo, links: [join(victim, 'thesis.tex')] });
    asOther(`mkdir -m 700 ${planted} && printf '%s' '${record}' > ${planted}/owner.json`);
    // And one that is writable by all, as a careless umask would leave it.
    const lax = join(shared, 'checkup-ab-lax');
    asOther(`mkdir -m 777 ${lax} && printf '%s' '${record}' > ${lax}/owner.json && chmod 666 ${lax}/owner.json`);

    expect(removeOrphanedWorktrees(shared)).toEqual([]);
    expect(readFileSync(join(victim, 'thesis.tex'), 'utf8')).toBe('years of work');
    expect(existsSync(join(planted, 'owner.json'))).toBe(true);
    expect(existsSync(join(lax, 'owner.json'))).toBe(true);
    expect(worktrees(repo)).toHaveLength(1);
  });
});

describe.runIf(!isRoot)('the A/B orphan clean-up against a second local user (needs root for useradd)', () => {
  it.skip('skipped: not running as root', () => undefined);
});
