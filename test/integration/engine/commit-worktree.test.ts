// The commit's checkout for an A/B run, with real git: a project in a subfolder of its repository, node_modules
// linked (not installed), a lockfile that differs said, the recipe's paths moved into the checkout, and close()
// leaving nothing: not the folder, not git's record, and the user's own node_modules untouched.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { rootDir } from '../../../app/paths.js';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RecipeSchema } from '../../../app/contract/recipe.js';
import { commitComparisonProblem, openCommitWorktree, removeOrphanedWorktrees } from '../../../app/engine/commit-worktree.js';
import { recipeInCheckout } from '../../../app/engine/interleaved-run.js';
import { git, gitProject, worktrees } from '../../helpers/git-project.js';

describe('the commit checkout', () => {
  it('checks the commit out beside the project, links node_modules, notes the lockfile, and removes it all', async () => {
    const repo = gitProject(
      { 'app/server.js': "module.exports = 'committed';\n", 'app/package-lock.json': '{"v":1}\n', '.gitignore': 'node_modules\n', 'app/node_modules/dep/index.js': 'x' },
      { 'app/server.js': "module.exports = 'edited';\n", 'app/package-lock.json': '{"v":2}\n' },
    );
    const project = join(repo, 'app');
    expect(await commitComparisonProblem(project)).toBeUndefined();
    const w = await openCommitWorktree(project, 'HEAD');
    try {
      expect(w.commit).toBe(git(repo, ['rev-parse', 'HEAD']));
      expect(readFileSync(join(w.projectDir, 'server.js'), 'utf8')).toContain('committed');
      expect(readFileSync(join(w.projectDir, 'node_modules', 'dep', 'index.js'), 'utf8')).toBe('x');
      expect(w.notes.join(' ')).toMatch(/package-lock\.json differs between HEAD and your working tree/);
      expect(worktrees(repo)).toHaveLength(2);

      const recipe = RecipeSchema.parse({ target: { kind: 'script', script: join(project, 'server.js'), cwd: project, args: [join(project, 'config.json')], nodeArgs: [`--require=${join(project, 'setup.js')}`] } });
      const moved = recipeInCheckout(recipe, project, w);
      expect(moved.target).toMatchObject({ script: join(w.projectDir, 'server.js'), cwd: w.projectDir, args: [join(w.projectDir, 'config.json')], nodeArgs: [`--require=${join(w.projectDir, 'setup.js')}`] });
    } finally {
      await w.close();
    }
    expect(existsSync(w.checkoutRoot)).toBe(false);
    expect(worktrees(repo)).toHaveLength(1);
    expect(readFileSync(join(project, 'node_modules', 'dep', 'index.js'), 'utf8')).toBe('x');
    await w.close(); // twice is fine
  });

  it('a checkout left by a Checkup killed outright is removed before the next one is made', async () => {
    const repo = gitProject({ 'server.js': 'a' }, { 'server.js': 'b' });
    const tmp = mkdtempSync(join(tmpdir(), 'checkup-orphans-'));
    // A real engine in a child process opens a checkout under its own temp folder, then is SIGKILLed.
    const child = spawn(process.execPath, ['--input-type=module', '-e', `import { openCommitWorktree } from ${JSON.stringify(pathToFileURL(join(rootDir, 'out', 'app', 'engine', 'commit-worktree.js')).href)}; await openCommitWorktree(${JSON.stringify(repo)}); console.log('open'); setInterval(() => {}, 1000);`], { env: { ...process.env, TMPDIR: tmp }, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout!.on('data', () => resolve()));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const left = readdirSync(tmp).filter((n) => n.startsWith('checkup-ab-'));
    expect(left).toHaveLength(1);
    expect(worktrees(repo)).toHaveLength(2);
    // Another project's folder without our owner record is never touched.
    mkdirSync(join(tmp, 'checkup-ab-not-ours'));
    expect(removeOrphanedWorktrees(tmp)).toEqual([join(tmp, left[0]!)]);
    expect(readdirSync(tmp)).toEqual(['checkup-ab-not-ours']);
    expect(worktrees(repo)).toHaveLength(1);
  });

  it("runs none of the repository's own programs while checking out: no post-checkout hook, no smudge filter", async () => {
    const repo = gitProject({ 'server.js': 'a', 'data.txt': 'stored\n', '.gitattributes': '*.txt filter=shout\n' }, { 'server.js': 'b' });
    const ran = mkdtempSync(join(tmpdir(), 'checkup-hooks-ran-'));
    git(repo, ['config', 'filter.shout.smudge', `sh -c 'touch ${join(ran, 'smudge')}; tr a-z A-Z'`]);
    writeFileSync(join(repo, '.git', 'hooks', 'post-checkout'), `#!/bin/sh\ntouch ${join(ran, 'post-checkout')}\n`, { mode: 0o755 });
    const w = await openCommitWorktree(repo, 'HEAD');
    try {
      expect(readFileSync(join(w.projectDir, 'data.txt'), 'utf8')).toBe('stored\n');
      expect(w.notes.join(' ')).toMatch(/without running git's shout filter \(nor any hook\)/);
    } finally {
      await w.close();
    }
    expect(readdirSync(ran)).toEqual([]);
  });

  it('the orphan clean-up follows no link its record lists outside the folder, and skips folders others could write', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'checkup-orphans-'));
    const victimDir = mkdtempSync(join(tmpdir(), 'checkup-victim-'));
    writeFileSync(join(victimDir, 'precious.txt'), 'keep me');
    const repo = gitProject({ 'server.js': 'a' });
    // A folder of ours whose record lists a file outside it, and a link inside it pointing at the victim's folder.
    const folder = mkdtempSync(join(tmp, 'checkup-ab-'));
    symlinkSync(victimDir, join(folder, 'inner-link'));
    writeFileSync(join(folder, 'owner.json'), JSON.stringify({ pid: 2 ** 22 + 1, repoRoot: repo, links: [join(victimDir, 'precious.txt'), join(folder, '..', basename(victimDir), 'precious.txt'), join(folder, 'inner-link')] }));
    // A folder of ours that others may write into: its record cannot be trusted.
    const open = mkdtempSync(join(tmp, 'checkup-ab-'));
    chmodSync(open, 0o777);
    writeFileSync(join(open, 'owner.json'), JSON.stringify({ pid: 2 ** 22 + 1, repoRoot: repo, links: [] }));
    expect(removeOrphanedWorktrees(tmp)).toEqual([folder]);
    expect(readFileSync(join(victimDir, 'precious.txt'), 'utf8')).toBe('keep me');
    expect(existsSync(folder)).toBe(false);
    expect(existsSync(join(open, 'owner.json'))).toBe(true);
  });

  it('a checkout left by a Checkup killed outright goes when the next engine starts, before any A/B', async () => {
    const repo = gitProject({ 'server.js': 'a' }, { 'server.js': 'b' });
    const tmp = mkdtempSync(join(tmpdir(), 'checkup-orphans-'));
    const child = spawn(process.execPath, ['--input-type=module', '-e', `import { openCommitWorktree } from ${JSON.stringify(pathToFileURL(join(rootDir, 'out', 'app', 'engine', 'commit-worktree.js')).href)}; await openCommitWorktree(${JSON.stringify(repo)}); console.log('open'); setInterval(() => {}, 1000);`], { env: { ...process.env, TMPDIR: tmp }, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout!.on('data', () => resolve()));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(readdirSync(tmp).filter((n) => n.startsWith('checkup-ab-'))).toHaveLength(1);
    // A new engine (any command, the desktop app, browser mode) in a process with the same temp folder.
    execFileSync(process.execPath, ['--input-type=module', '-e', `import { Engine } from ${JSON.stringify(pathToFileURL(join(rootDir, 'out', 'app', 'engine', 'engine.js')).href)}; new Engine({ sessionsDir: ${JSON.stringify(join(tmp, 'sessions'))} });`], { env: { ...process.env, TMPDIR: tmp } });
    expect(readdirSync(tmp).filter((n) => n.startsWith('checkup-ab-'))).toEqual([]);
    expect(worktrees(repo)).toHaveLength(1);
  });

  it('carries ignored files in, but never through a link the commit holds that leads out of the checkout', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'checkup-outside-'));
    const repo = gitProject({ 'server.js': 'a', '.gitignore': 'local.json\n.env\n' }, { 'server.js': 'b', '.env': 'A=1\n' });
    // The commit has `config` as a link out of the repository; the working tree has a real folder there now.
    symlinkSync(outside, join(repo, 'config'));
    git(repo, ['add', 'config']);
    git(repo, ['commit', '-q', '-m', 'config as a link']);
    git(repo, ['rm', '-q', '--cached', 'config']);
    rmSync(join(repo, 'config'));
    mkdirSync(join(repo, 'config', 'sub'), { recursive: true });
    writeFileSync(join(repo, 'config', 'sub', 'local.json'), '{}');
    writeFileSync(join(repo, 'config', 'local.json'), '{}');
    const w = await openCommitWorktree(repo, 'HEAD');
    try {
      expect(w.carried.copied).toEqual(['.env']);
      expect(w.carried.skipped).toEqual(expect.arrayContaining([{ path: 'config/local.json', why: 'outside' }, { path: 'config/sub/local.json', why: 'outside' }]));
    } finally {
      await w.close();
    }
    expect(readdirSync(outside)).toEqual([]);
  });

  it('names the problem a face shows on the disabled action', async () => {
    const clean = gitProject({ 'server.js': 'x' });
    expect(await commitComparisonProblem(clean)).toMatch(/Nothing to compare/);
    expect(await commitComparisonProblem(clean, 'HEAD~3')).toMatch(/git knows no such commit/);
    expect(await commitComparisonProblem('/definitely/not/here')).toMatch(/not in a git repository/);
  });
});
