// `checkup run --ab`: the committed code (A) and the working tree (B) of a real git project, run alternately by the real
// CLI. Whatever happens (success, a commit whose server crashes at start, Ctrl-C, a refusal), the temporary worktree
// is gone afterwards, git forgets it, and no process is left.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionFile } from '../../../app/contract/session.js';
import { rootDir } from '../../../app/paths.js';
import { processesWith, runCli, startCli, waitFor } from '../../helpers/cli.js';
import { git, gitProject, worktrees } from '../../helpers/git-project.js';

const lab = (name: string, file: string) => readFileSync(join(rootDir, 'assets', 'labs', name, file), 'utf8');
const marker = () => `checkup-ab-test-${randomBytes(6).toString('hex')}`;
const tempDir = () => mkdtempSync(join(tmpdir(), 'checkup-ab-cli-'));
/** Both sides require a package from the project's node_modules: the checkout must get it linked, not installed. */
const helperModule = { 'node_modules/ab-helper/index.js': "module.exports = 'linked';\n", '.gitignore': 'node_modules\n' };
const withHelper = (code: string) => code.replace("const http = require('node:http');", "const http = require('node:http');\nrequire('ab-helper');");
const load = ['-d', '2', '--warmup', '1', '-c', '10', '--path', '/report?region=eu', '--path', '/products', '-e', 'PORT=0'];

let markers: string[] = [];
afterEach(async () => {
  const settled = await waitFor(() => markers.every((m) => processesWith(m).length === 0), 5000);
  const stragglers = markers.flatMap((m) => processesWith(m));
  for (const pid of stragglers) process.kill(pid, 'SIGKILL');
  markers = [];
  expect(settled, `processes left: ${stragglers.join(', ')}`).toBe(true);
});

/** Nothing of the A/B checkout is left: not in git's list, not in the temp folder the CLI used. */
function expectNoCheckout(project: string, tmp: string): void {
  expect(worktrees(project)).toEqual([git(project, ['rev-parse', '--show-toplevel'])]);
  expect(readdirSync(tmp).filter((n) => n.startsWith('checkup-ab-'))).toEqual([]);
}

function sessions(out: string): SessionFile[] {
  return readdirSync(out).map((n) => JSON.parse(readFileSync(join(out, n, 'session.json'), 'utf8')) as SessionFile);
}

describe('checkup run --ab', () => {
  it('the fixed working tree against the slow commit: paired runs, an improvement, and the checkout removed', async () => {
    const m = marker();
    markers.push(m);
    const project = gitProject({ 'server.js': withHelper(lab('blocking', 'slow.js')), 'package.json': lab('blocking', 'package.json'), ...helperModule }, { 'server.js': withHelper(lab('blocking', 'fixed.js')) });
    const [out, tmp] = [tempDir(), tempDir()];
    // The default 3 pairs: two would give the paired test one degree of freedom, and a ×300 fix whose two pairs
    // disagree by ×3.6 (as a busy machine does) is then rightly not called real (test/unit/compare/paired.test.ts).
    const r = await runCli(['run', '--ab', '--json', '--out', out, '--cwd', project, ...load, '--', 'node', 'server.js', m], { TMPDIR: tmp });
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    const head = git(project, ['rev-parse', 'HEAD']);
    expect(doc.ab).toMatchObject({ ref: 'HEAD', commit: head, pairs: 3, pairsDone: 3, status: 'complete' });
    expect(doc.ab.runs.map((x: { label: string }) => x.label)).toEqual(['A1', 'B1', 'A2', 'B2', 'A3', 'B3']);
    // progress per run, in order, on stderr
    expect(r.stderr.indexOf('A1')).toBeLessThan(r.stderr.indexOf('B1'));
    expect(r.stderr.indexOf('B1')).toBeLessThan(r.stderr.indexOf('A2'));
    expect(r.stderr).toContain('node_modules');
    expect(doc.ab.notes.join(' ')).toContain('linked in: nothing was installed');

    const c = doc.comparison;
    expect(c.interleaved).toMatchObject({ ref: 'HEAD', commit: head, planned: 3 });
    expect(c.interleaved.pairs).toHaveLength(3);
    expect(c.interleaved.method).toContain('paired t-test');
    const rps = c.figures.find((f: { key: string }) => f.key === 'requestsPerSecond');
    expect(rps.test.method).toContain('3 interleaved pairs');
    expect(rps.test.n).toEqual([3, 3]);
    // The blocking fix is worth two orders of magnitude; each pair must show it.
    for (const p of c.interleaved.pairs) expect(p.requestsPerSecond[1]).toBeGreaterThan(10 * p.requestsPerSecond[0]);
    // With two degrees of freedom and at most ×2 of contention between the sides, two orders of magnitude are real.
    expect(rps.outcome, rps.judgement.reason).toBe('improved');
    expect(c.verdict.before).toBe('event-loop-blocked');
    // computeReport is gone in the fixed code: matched across the checkout and the working tree as one function.
    const compute = c.functions.filter((f: { functionName: string }) => f.functionName === 'computeReport');
    expect(compute).toHaveLength(1);
    expect(compute[0].url).toContain(project.split('/').pop());
    expect(compute[0].change).toBe('faster');

    // Each run is a normal session of the project, marked with its side and pair; the commit's runs say which commit.
    const saved = sessions(out);
    expect(saved).toHaveLength(6);
    for (const s of saved) expect(s).toMatchObject({ status: 'complete', project, interleaved: { ref: 'HEAD', commit: head, pairs: 3 } });
    const before = saved.filter((s) => s.interleaved!.side === 'before');
    expect(before).toHaveLength(3);
    for (const s of before) expect(s.git).toMatchObject({ commit: head, dirty: false });
    expect(saved.filter((s) => s.interleaved!.side === 'after').every((s) => s.git?.dirty)).toBe(true);
    expectNoCheckout(project, tmp);
    // the user's own node_modules is untouched by the link's removal
    expect(existsSync(join(project, 'node_modules', 'ab-helper', 'index.js'))).toBe(true);
  }, 180_000);

  it('a commit whose server crashes at start: a coded failure, and the checkout removed all the same', async () => {
    const m = marker();
    markers.push(m);
    const project = gitProject({ 'server.js': "'use strict';\nthrow new Error('boom: the old config loader');\n" }, { 'server.js': lab('healthy', 'fixed.js') });
    const [out, tmp] = [tempDir(), tempDir()];
    const r = await runCli(['run', '--ab', '--pairs', '2', '--json', '--out', out, '--cwd', project, '-d', '1', '--warmup', '0', '-e', 'PORT=0', '--', 'node', 'server.js', m], { TMPDIR: tmp });
    expect(r.code).toBe(3);
    const doc = JSON.parse(r.stdout);
    expect(doc.error.code).toBe('CHK_TARGET_EXITED_EARLY');
    expect(doc.ab).toMatchObject({ status: 'partial', pairsDone: 0 });
    expect(doc.comparison).toBeUndefined();
    // A1 failed, so B1 never ran; its session is saved and marked
    expect(sessions(out)).toEqual([expect.objectContaining({ status: 'partial', partialReason: 'CHK_TARGET_EXITED_EARLY', interleaved: expect.objectContaining({ side: 'before', pair: 1 }) })]);
    expectNoCheckout(project, tmp);
  }, 60_000);

  it('Ctrl-C during a run stops it, removes the checkout and leaves no process', async () => {
    const m = marker();
    markers.push(m);
    const project = gitProject({ 'server.js': lab('healthy', 'slow.js') }, { 'server.js': lab('healthy', 'fixed.js') });
    const [out, tmp] = [tempDir(), tempDir()];
    const { child, done } = startCli(['run', '--ab', '--out', out, '--cwd', project, '-d', '30', '--warmup', '0', '-e', 'PORT=0', '--', 'node', 'server.js', m], { TMPDIR: tmp });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    expect(await waitFor(() => /measuring/.test(stderr), 30_000), stderr).toBe(true);
    expect(readdirSync(tmp).filter((n) => n.startsWith('checkup-ab-'))).toHaveLength(1);
    child.kill('SIGINT');
    const r = await done;
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('CHK_INTERRUPTED');
    expectNoCheckout(project, tmp);
  }, 90_000);

  describe('refusals: a coded error in the user\'s words, before anything runs', () => {
    const refuse = async (project: string, extra: string[], code: string) => {
      const tmp = tempDir();
      const r = await runCli(['run', '--ab', ...extra, '--json', '--out', tempDir(), '--cwd', project, '--', 'node', 'server.js'], { TMPDIR: tmp });
      expect(r.code).toBe(2);
      expect(JSON.parse(r.stdout).error.code).toBe(code);
      expect(readdirSync(tmp)).toEqual([]);
      return JSON.parse(r.stdout).error as { message: string; hint?: string };
    };

    it('not a git repository', async () => {
      const dir = tempDir();
      mkdirSync(join(dir, 'app'));
      const e = await refuse(join(dir, 'app'), [], 'CHK_NOT_GIT_REPO');
      expect(e.message).toContain('not in a git repository');
    });

    it('an unknown ref', async () => {
      const project = gitProject({ 'server.js': lab('healthy', 'slow.js') }, { 'server.js': lab('healthy', 'fixed.js') });
      const e = await refuse(project, ['--against', 'no-such-branch'], 'CHK_GIT_REF_UNKNOWN');
      expect(e.message).toContain('"no-such-branch"');
      expect(worktrees(project)).toHaveLength(1);
    });

    it('HEAD with no uncommitted change: nothing to compare', async () => {
      const project = gitProject({ 'server.js': lab('healthy', 'slow.js') });
      const e = await refuse(project, [], 'CHK_AB_NOTHING_TO_COMPARE');
      expect(e.hint).toContain('--against');
    });

    it('options that do not go with --ab', async () => {
      const r = await runCli(['run', '--ab', '--pairs', '1', '--', 'node', 'server.js']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--pairs must be a whole number from 2 to 20');
      const d = await runCli(['run', '--ab', '--demo']);
      expect(d.stderr).toContain('--demo');
    });
  });
});
