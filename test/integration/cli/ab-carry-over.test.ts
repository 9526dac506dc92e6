// `checkup run --ab` on apps shaped like real ones, whose settings live in untracked, git-ignored files: an app that
// reads its .env with dotenv, and one that reads config/local.json. Both sides must run with the same settings (each
// run's own output says which it had), the output and each session must list what was carried over, and with the
// settings held back (--ab-exclude) the commit's side dies just after it listens: reported as the app's crash, with its
// own output, not as the inspector's refused connection.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionFile } from '../../../app/contract/session.js';
import { processesWith, runCli, waitFor } from '../../helpers/cli.js';
import { git, gitProject, worktrees } from '../../helpers/git-project.js';

const dotenv = createRequire(import.meta.url).resolve('dotenv');
const marker = () => `checkup-ab-carry-${randomBytes(6).toString('hex')}`;
const tempDir = () => mkdtempSync(join(tmpdir(), 'checkup-ab-carry-'));
const load = ['--pairs', '2', '-d', '1', '--warmup', '0', '-c', '4', '-e', 'PORT=0'];

/** A server that needs SETTING from `read()`; without it, it fails just after listening, as a database client does. */
const server = (read: string, edit = '') => `'use strict';
${read}
const http = require('node:http');
const server = http.createServer((req, res) => res.end(String(process.env.SETTING)));
server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  if (!process.env.SETTING) setImmediate(() => { throw new Error('SETTING is not set: the database cannot be reached'); });
  else console.log('setting=' + process.env.SETTING);
});
${edit}`;

let markers: string[] = [];
afterEach(async () => {
  const settled = await waitFor(() => markers.every((m) => processesWith(m).length === 0), 5000);
  for (const pid of markers.flatMap((m) => processesWith(m))) process.kill(pid, 'SIGKILL');
  markers = [];
  expect(settled).toBe(true);
});

function runs(out: string): Array<{ session: SessionFile; log: string }> {
  return readdirSync(out).map((n) => ({ session: JSON.parse(readFileSync(join(out, n, 'session.json'), 'utf8')) as SessionFile, log: readFileSync(join(out, n, 'target.log'), 'utf8') }));
}

function expectNoCheckout(project: string, tmp: string): void {
  expect(worktrees(project)).toEqual([git(project, ['rev-parse', '--show-toplevel'])]);
  expect(readdirSync(tmp).filter((n) => n.startsWith('checkup-ab-'))).toEqual([]);
}

describe('checkup run --ab with settings outside git', () => {
  const envApp = () =>
    gitProject(
      { 'server.js': server(`require(${JSON.stringify(dotenv)}).config();`), '.gitignore': '.env\n.cache/\nuploads/\n' },
      { 'server.js': server(`require(${JSON.stringify(dotenv)}).config();`, '// the change under test\n'), '.env': 'SETTING=from-dotenv\n', 'uploads/photo.bin': 'x'.repeat(1000), '.cache/build.json': '{}', 'new-helper.js': '' },
    );

  it('an app reading an ignored .env: both sides run with it, and the output and sessions list what was carried', async () => {
    const m = marker();
    markers.push(m);
    const project = envApp();
    const [out, tmp] = [tempDir(), tempDir()];
    const r = await runCli(['run', '--ab', '--json', '--out', out, '--cwd', project, ...load, '--', 'node', 'server.js', m], { TMPDIR: tmp });
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.ab).toMatchObject({ status: 'complete', pairsDone: 2, carried: { copied: ['.env'], linked: ['uploads/'], onlyAfter: ['new-helper.js'] } });
    expect(doc.ab.carried.skipped).toEqual([{ path: '.cache/', why: 'cache' }]);
    expect(r.stderr).toMatch(/Copied into HEAD's checkout .*: \.env\./);
    expect(r.stderr).toMatch(/Linked into HEAD's checkout .*: uploads\//);
    expect(r.stderr).toMatch(/run on your working tree's side only: new-helper\.js/);
    const all = runs(out);
    expect(all).toHaveLength(4);
    for (const { session, log } of all) {
      expect(log, `${session.interleaved!.side} ${session.interleaved!.pair}`).toContain('setting=from-dotenv');
      expect(session.interleaved!.carried).toMatchObject({ copied: ['.env'], linked: ['uploads/'] });
    }
    expect(all.filter((x) => x.session.interleaved!.side === 'before')).toHaveLength(2);
    expectNoCheckout(project, tmp);
    // the user's own files are untouched by the checkout's removal
    expect(readFileSync(join(project, '.env'), 'utf8')).toBe('SETTING=from-dotenv\n');
    expect(readFileSync(join(project, 'uploads', 'photo.bin'), 'utf8')).toHaveLength(1000);
  }, 120_000);

  it('an app reading an ignored config/local.json beside a committed default: both sides run with the local one', async () => {
    const m = marker();
    markers.push(m);
    const read = "const fs = require('node:fs');\nconst local = require('node:path').join(__dirname, 'config', 'local.json');\nprocess.env.SETTING = fs.existsSync(local) ? require(local).setting : '';";
    const project = gitProject(
      { 'server.js': server(read), 'config/default.json': '{"setting":""}\n', '.gitignore': 'config/local.json\n' },
      { 'server.js': server(read, '// the change under test\n'), 'config/local.json': '{"setting":"from-local-json"}\n' },
    );
    const [out, tmp] = [tempDir(), tempDir()];
    const r = await runCli(['run', '--ab', '--json', '--out', out, '--cwd', project, ...load, '--', 'node', 'server.js', m], { TMPDIR: tmp });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).ab.carried.copied).toEqual(['config/local.json']);
    for (const { log } of runs(out)) expect(log).toContain('setting=from-local-json');
    expectNoCheckout(project, tmp);
  }, 120_000);

  it('with the .env held back, the commit side dies as it listens: the app\'s crash and its own output', async () => {
    const m = marker();
    markers.push(m);
    const project = envApp();
    const [out, tmp] = [tempDir(), tempDir()];
    const r = await runCli(['run', '--ab', '--json', '--ab-exclude', '.env', '--out', out, '--cwd', project, ...load, '--', 'node', 'server.js', m], { TMPDIR: tmp });
    expect(r.code).toBe(3);
    const doc = JSON.parse(r.stdout);
    expect(doc.ab.carried.skipped).toContainEqual({ path: '.env', why: 'excluded' });
    expect(doc.ab.carried.exclude).toEqual(['.env']);
    expect(r.stderr).toMatch(/Excluded as asked, so only your working tree's side has them: \.env/);
    expect(doc.error.code, doc.error.message).toBe('CHK_TARGET_CRASHED');
    expect(doc.error.details.join('\n')).toContain('SETTING is not set: the database cannot be reached');
    expect(doc.ab.runs[0]).toMatchObject({ label: 'A1', error: { code: 'CHK_TARGET_CRASHED' } });
    expectNoCheckout(project, tmp);
  }, 120_000);
});
