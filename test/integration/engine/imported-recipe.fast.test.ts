// A shared bundle cannot run code (issue 15, item 1). Real .checkup bundles made by the real writer on "another
// machine" (its own sessions folder), imported into this one; real engine, real `checkup import`, real target
// processes. A malicious recipe (`-e` writing a marker file) is shown and refused, and the marker never appears; every
// kind of argument and environment a recipe from outside must never carry is refused with a coded error naming it;
// a harmless imported recipe runs only after the user confirmed it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RecipeInput } from '../../../app/contract/recipe.js';
import { RecipeSchema } from '../../../app/contract/recipe.js';
import { Engine } from '../../../app/engine/engine.js';
import { writeBundle } from '../../../app/share/bundle.js';
import { SessionWriter } from '../../../app/store/session-writer.js';
import { runCli } from '../../helpers/cli.js';

const root = mkdtempSync(join(tmpdir(), 'checkup-imported-'));
const project = join(root, 'shop');
mkdirSync(project);
writeFileSync(join(project, 'server.js'), `require('node:http').createServer((req, res) => res.end('ok')).listen(0, '127.0.0.1');\n`);
const preloadMarker = join(root, 'preload-ran');
writeFileSync(join(project, 'preload.js'), `require('node:fs').writeFileSync(${JSON.stringify(preloadMarker)}, 'yes');\n`);
const evilMarker = join(root, 'pwned');
const evilCode = `require('node:fs').writeFileSync(${JSON.stringify(evilMarker)}, 'pwned')`;
const sessionsDir = join(root, 'sessions');
const engine = new Engine({ sessionsDir });
afterAll(() => engine.close());

let made = 0;
/** A bundle of a session whose recipe is `target` (over the harmless script), made on "another machine". */
async function bundle(target: Record<string, unknown>, extra: Partial<RecipeInput> = {}, id?: string): Promise<string> {
  const elsewhere = mkdtempSync(join(root, 'elsewhere-'));
  const recipe = RecipeSchema.parse({ target: { kind: 'script', script: 'server.js', cwd: project, ...target }, load: { durationSec: 1, warmupSec: 0 }, profile: { cpu: false, heap: false }, ...extra } satisfies RecipeInput);
  const w = await SessionWriter.create(elsewhere, { name: 'server.js', project, recipe });
  if (id) w.session.id = id;
  await w.finish('complete');
  const file = join(root, `shared-${made++}.checkup`);
  await writeBundle(w.dir, file);
  return file;
}

async function imported(target: Record<string, unknown>, extra: Partial<RecipeInput> = {}): Promise<string> {
  return (await engine.importBundle({ path: await bundle(target, extra) })).sessionId;
}

describe('imported recipes', () => {
  it('a bundle whose recipe evaluates code: shown by `checkup import`, refused by the engine, never run', async () => {
    const file = await bundle({ nodeArgs: ['-e', evilCode] });
    const r = await runCli(['import', file, '--out', sessionsDir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('-e "require(');
    expect(r.stdout).toContain(`folder   ${project}`);
    expect(r.stdout).toMatch(/will not be run again: Refusing to run a recipe from a bundle: it carries -e/);
    const id = /Imported as session (\S+)/.exec(r.stdout)![1]!;

    expect((await runCli(['sessions', '--out', sessionsDir])).stdout).toContain(`${id}  (imported, recipe not confirmed)`);
    const list = await engine.listSessions({});
    expect(list.find((s) => s.id === id)?.imported).toEqual({ confirmed: false });
    await expect(engine.rerun({ sessionId: id })).rejects.toMatchObject({ code: 'CHK_RECIPE_REFUSED', message: expect.stringContaining('-e') });
    await expect(engine.confirmImportedRecipe({ sessionId: id })).rejects.toMatchObject({ code: 'CHK_RECIPE_REFUSED' });
    await expect(engine.rerun({ sessionId: id })).rejects.toMatchObject({ code: 'CHK_RECIPE_REFUSED' });
    await expect(engine.watchProject({ sessionId: id, enabled: true })).rejects.toMatchObject({ code: 'CHK_RECIPE_REFUSED' });
    const trusted = await runCli(['import', file, '--out', sessionsDir, '--trust-recipe', '--json']);
    expect(trusted.code).toBe(2);
    expect(JSON.parse(trusted.stdout).error.code).toBe('CHK_RECIPE_REFUSED');
    expect(existsSync(evilMarker)).toBe(false);
  });

  it('refuses, naming it, every argument and environment a recipe from outside must never carry', async () => {
    const outside = join(root, 'evil.js');
    writeFileSync(outside, `require('node:fs').writeFileSync(${JSON.stringify(evilMarker)}, 'pwned');\n`);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ nodeArgs: ['--eval', evilCode] }, '--eval'],
      [{ nodeArgs: ['-p', evilCode] }, '-p'],
      [{ nodeArgs: ['-pe', evilCode] }, '-pe'],
      [{ nodeArgs: [`--print=${evilCode}`] }, '--print='],
      [{ nodeArgs: ['--require', outside] }, `--require ${outside}`],
      [{ nodeArgs: ['-r', '../evil.js'] }, '-r ../evil.js'],
      [{ nodeArgs: [`--import=data:text/javascript,${evilCode}`] }, '--import data:text/javascript'],
      [{ nodeArgs: ['--experimental-loader', `file://${outside}`] }, '--experimental-loader file://'],
      [{ nodeArgs: ['--inspect=0.0.0.0:9229'] }, '--inspect=0.0.0.0:9229'],
      [{ nodeArgs: ['--inspect-brk'] }, '--inspect-brk'],
      [{ nodeArgs: ['--env-file=.env'] }, '--env-file=.env'],
      [{ env: { NODE_OPTIONS: `--require ${outside}` } }, 'NODE_OPTIONS='],
      [{ env: { NODE_PATH: root } }, 'NODE_PATH='],
      [{ env: { LD_PRELOAD: '/tmp/x.so' } }, 'LD_PRELOAD='],
      [{ env: { npm_config_script_shell: '/bin/sh' } }, 'npm_config_script_shell='],
      [{ kind: 'npm', npmScript: 'start', script: undefined, env: { BASH_ENV: outside } }, 'BASH_ENV='],
      [{ node: '/bin/sh' }, '--node /bin/sh'],
      [{ script: '../evil.js' }, '../evil.js'],
      [{ cwd: sessionsDir }, `cwd ${sessionsDir}`],
    ];
    for (const [target, named] of cases) {
      const id = await imported(target);
      const preview = await engine.describeRerun({ sessionId: id });
      expect(preview.refused?.code, JSON.stringify(target)).toBe('CHK_RECIPE_REFUSED');
      expect(preview.refused?.message, JSON.stringify(target)).toContain(named);
      await expect(engine.rerun({ sessionId: id }), JSON.stringify(target)).rejects.toMatchObject({ code: 'CHK_RECIPE_REFUSED' });
    }
    expect(existsSync(evilMarker)).toBe(false);
  });

  it('a harmless imported recipe runs only after the user saw it and confirmed', async () => {
    const id = await imported({ nodeArgs: ['--require', './preload.js', '--max-old-space-size=256', '--enable-source-maps'], env: { PORT: '0', NODE_ENV: 'production' } });
    const preview = await engine.describeRerun({ sessionId: id });
    expect(preview).toMatchObject({ command: ['node', '--require', './preload.js', '--max-old-space-size=256', '--enable-source-maps', 'server.js'], cwd: project, env: { PORT: '0', NODE_ENV: 'production' } });
    expect(preview.refused).toBeUndefined();
    expect(preview.imported?.confirmedAt).toBeUndefined();

    const unconfirmed = engine.rerun({ sessionId: id });
    await expect(unconfirmed).rejects.toMatchObject({ code: 'CHK_RECIPE_UNCONFIRMED' });
    await expect(unconfirmed).rejects.toMatchObject({ message: expect.stringContaining(`node --require ./preload.js --max-old-space-size=256 --enable-source-maps server.js (in ${project}, with PORT=0 NODE_ENV=production)`) });
    expect(existsSync(preloadMarker)).toBe(false);

    const confirmed = await engine.confirmImportedRecipe({ sessionId: id });
    expect(confirmed.imported?.confirmedAt).toMatch(/^\d{4}-/);
    expect((await engine.listSessions({})).find((s) => s.id === id)?.imported).toEqual({ confirmed: true });
    const { runId } = await engine.rerun({ sessionId: id });
    const outcome = await engine.registry.runOutcome(runId);
    expect(outcome.error?.message).toBeUndefined();
    expect(existsSync(preloadMarker)).toBe(true);
    // The run it made keeps the mark: its own re-runs are still checked as someone else's recipe.
    expect((await engine.listSessions({})).find((s) => s.id === outcome.sessionId)?.imported).toEqual({ confirmed: true });
    const again = await engine.describeRerun({ sessionId: outcome.sessionId });
    expect(again.imported?.from).toBe(confirmed.imported?.from);
  }, 60_000);

  it('`checkup import --trust-recipe` confirms a harmless recipe after showing it', async () => {
    const file = await bundle({ env: { PORT: '0' } });
    const r = await runCli(['import', file, '--out', sessionsDir, '--trust-recipe']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('command  node server.js');
    expect(r.stdout).toContain('env      PORT=0');
    expect(r.stdout).toContain('Confirmed (--trust-recipe)');
  });

  it('a recipe that attaches, or loads another machine, is refused and shown as what it does', async () => {
    const attaching = await imported({}, { attach: { to: '1' } });
    const preview = await engine.describeRerun({ sessionId: attaching });
    expect(preview.command).toEqual(['checkup', 'attach', '1']);
    expect(preview.refused?.code).toBe('CHK_RECIPE_REFUSED');
    expect(preview.refused?.message).toContain('attach to 1');
    await expect(engine.confirmImportedRecipe({ sessionId: attaching })).rejects.toMatchObject({ code: 'CHK_RECIPE_REFUSED' });
    await expect(engine.rerun({ sessionId: attaching })).rejects.toMatchObject({ code: 'CHK_RECIPE_REFUSED' });

    const remote = await imported({}, { load: { host: '203.0.113.7', allowRemote: true, requests: [{ method: 'GET', path: '/', headers: { Authorization: 'Bearer someone-elses' } }], durationSec: 1, warmupSec: 0 } });
    const remotePreview = await engine.describeRerun({ sessionId: remote });
    expect(remotePreview.refused?.message).toContain('load host 203.0.113.7 (allowRemote)');
    await expect(engine.confirmImportedRecipe({ sessionId: remote })).rejects.toMatchObject({ code: 'CHK_RECIPE_REFUSED' });
  });

  it('viewing an unconfirmed import runs nothing in the folder it names (git, and a repository\'s fsmonitor)', async () => {
    const repo = mkdtempSync(join(root, 'repo-'));
    writeFileSync(join(repo, 'server.js'), 'require("node:http").createServer((q, s) => s.end()).listen(0);\n');
    const marker = join(root, 'fsmonitor-ran');
    const hook = join(root, 'fsmonitor.sh');
    writeFileSync(hook, `#!/bin/sh\ntouch ${JSON.stringify(marker)}\n`, { mode: 0o755 });
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'ignore', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'first');
    git('config', 'core.fsmonitor', hook);
    const id = await imported({ cwd: repo });
    const check = await engine.checkCommitComparison({ sessionId: id });
    expect(existsSync(marker), 'the fsmonitor command ran').toBe(false);
    expect(check.available).toBe(false);
    expect(check.reason).toMatch(/not run before you confirm it/);
    await engine.getSession({ id });
    await engine.describeRerun({ sessionId: id });
    expect(existsSync(marker)).toBe(false);
  });

  it('a bundle whose id starts with a dot is imported under a name the history lists', async () => {
    const { sessionId } = await engine.importBundle({ path: await bundle({}, {}, '.hidden-session') });
    expect(sessionId.startsWith('.')).toBe(false);
    expect((await engine.listSessions({})).map((s) => s.id)).toContain(sessionId);
  });
});
