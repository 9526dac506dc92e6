// Ctrl-C in `checkup run` is an interrupt at every phase (issue 15 item 4): exit status 4 with the interrupt message,
// the partial session marked CHK_INTERRUPTED, never the failure of the step it cut short (CHK_INSPECTOR_FAILED, 3),
// and nothing of the target left. The engine-level test (test/integration/engine/stop-at-every-phase.test.ts) stops
// at the start of every phase; here the real CLI gets a real SIGINT where a phase lasts long enough to be hit.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionFile } from '../../../app/contract/session.js';
import { rootDir } from '../../../app/paths.js';
import { processesWith, startCli, waitFor } from '../../helpers/cli.js';

const fixture = (name: string) => join(rootDir, 'test', 'fixtures', 'cli', name);

let markers: string[] = [];
afterEach(async () => {
  const settled = await waitFor(() => markers.every((m) => processesWith(m).length === 0), 5000);
  const stragglers = markers.flatMap((m) => processesWith(m));
  for (const pid of stragglers) process.kill(pid, 'SIGKILL');
  markers = [];
  expect(settled, `processes left: ${stragglers.join(', ')}`).toBe(true);
});

/** Starts `checkup run`, sends SIGINT once stderr matches `when`, and returns how it ended. */
async function interruptWhen(when: RegExp, runArgs: string[], app: string) {
  const m = `checkup-test-${randomBytes(6).toString('hex')}`;
  markers.push(m);
  const out = mkdtempSync(join(tmpdir(), 'checkup-cli-'));
  const { child, done } = startCli(['run', ...runArgs, '--out', out, '--', 'node', fixture(app), m]);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  expect(await waitFor(() => when.test(stderr), 30_000), stderr).toBe(true);
  child.kill('SIGINT');
  const r = await done;
  const [name] = readdirSync(out);
  const session = JSON.parse(readFileSync(join(out, name!, 'session.json'), 'utf8')) as SessionFile;
  return { ...r, session };
}

describe('Ctrl-C in checkup run', () => {
  it.each([
    ['while the app starts', /starting the app/, ['-d', '5'], 'hello.js'],
    ['while waiting for the app to listen', /waiting for the app to listen/, ['-d', '5'], 'slow-to-listen.js'],
    ['during the warm-up', /warming up/, ['--warmup', '30', '-d', '5'], 'hello.js'],
  ])('%s: exit 4, the interrupt message, a session marked interrupted', async (_label, when, args, app) => {
    const r = await interruptWhen(when, args, app);
    expect(r.code, r.stdout + r.stderr).toBe(4);
    expect(r.stdout).toContain('CHK_INTERRUPTED');
    expect(r.stdout + r.stderr).not.toContain('CHK_INSPECTOR_FAILED');
    expect(r.session).toMatchObject({ status: 'partial', partialReason: 'CHK_INTERRUPTED' });
  });
});
