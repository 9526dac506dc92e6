// The tuning loop on a real project folder: run, edit, run again (by hand and in watch mode), with notes and the git
// state recorded for each run.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../app/contract/api.js';
import { Engine } from '../../../app/engine/engine.js';

const project = mkdtempSync(join(tmpdir(), 'checkup-project-'));
const server = (body: string) => `require('node:http').createServer((req, res) => res.end(${JSON.stringify(body)})).listen(0, '127.0.0.1');\n`;
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'tuned-app', type: 'commonjs', scripts: { start: 'node server.js' } }));
writeFileSync(join(project, 'server.js'), server('v1'));
const git = (...args: string[]) => execFileSync('git', args, { cwd: project, stdio: 'pipe' }).toString();
git('init', '-q');
git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '--allow-empty', '-m', 'init');
git('add', '.');
git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-m', 'server');

const engine = new Engine({ sessionsDir: mkdtempSync(join(tmpdir(), 'checkup-rerun-')) });
const events: EngineEvent[] = [];
engine.onEvent((e) => events.push(e));
afterAll(() => engine.close());

const recipe = { target: { kind: 'script', script: join(project, 'server.js'), cwd: project }, load: { durationSec: 1, warmupSec: 0 }, profile: { cpu: false, heap: false } };

async function finish(runId: string) {
  const outcome = await engine.registry.runOutcome(runId);
  expect(outcome.error?.message).toBeUndefined();
  return outcome.sessionId;
}

function waitForEvent(match: (e: EngineEvent) => boolean, timeoutMs: number): Promise<EngineEvent | undefined> {
  return new Promise((resolve) => {
    const found = events.find(match);
    if (found) return resolve(found);
    const off = engine.onEvent((e) => match(e) && (off(), resolve(e)));
    setTimeout(() => (off(), resolve(undefined)), timeoutMs);
  });
}

describe('run again, watch mode, notes and git state', () => {
  let first = '';

  it('records the git commit, and re-runs the same recipe with a note', async () => {
    first = await finish((await engine.startRun({ recipe })).runId);
    const s1 = (await engine.getSession({ id: first })).session;
    expect(s1.git).toMatchObject({ commit: git('rev-parse', 'HEAD').trim(), dirty: false });

    writeFileSync(join(project, 'server.js'), server('version two'));
    const second = await finish((await engine.rerun({ sessionId: first, note: 'longer body' })).runId);
    const s2 = (await engine.getSession({ id: second })).session;
    expect(s2.recipe.target).toEqual(s1.recipe.target);
    expect(s2.recipe.load).toEqual(s1.recipe.load);
    expect(s2.recipe.note).toBe('longer body');
    expect(s2.git).toMatchObject({ dirty: true, diffStat: expect.stringMatching(/1 file changed/) });

    await engine.setSessionNote({ id: first, note: 'baseline' });
    const list = await engine.listSessions();
    expect(list.find((s) => s.id === first)).toMatchObject({ note: 'baseline', project });
  });

  it('runs again for longer when a finding asks for it (durationSec), the rest of the recipe unchanged', async () => {
    const longer = await finish((await engine.rerun({ sessionId: first, durationSec: 2 })).runId);
    const s = (await engine.getSession({ id: longer })).session;
    const s1 = (await engine.getSession({ id: first })).session;
    expect(s.recipe.load).toEqual({ ...s1.recipe.load, durationSec: 2 });
    expect(s.recipe.target).toEqual(s1.recipe.target);
  });

  it('a script has no fixed variant to switch to', async () => {
    await expect(engine.rerun({ sessionId: first, variant: 'fixed' })).rejects.toMatchObject({ code: 'CHK_INVALID_OPTIONS' });
  });

  it('watch mode re-runs when a source file changes, and ignores node_modules', async () => {
    const state = await engine.watchProject({ sessionId: first, enabled: true });
    expect(state).toMatchObject({ watching: true, dir: project });

    mkdirSync(join(project, 'node_modules', 'dep'), { recursive: true });
    writeFileSync(join(project, 'node_modules', 'dep', 'index.js'), 'x');
    expect(await waitForEvent((e) => e.type === 'watch' && e.state === 'changed', 2000)).toBeUndefined();

    writeFileSync(join(project, 'server.js'), server('version three'));
    const rerun = await waitForEvent((e) => e.type === 'watch' && e.state === 'rerun', 10_000);
    expect(rerun).toMatchObject({ files: ['server.js'] });
    const runId = (rerun as Extract<EngineEvent, { type: 'watch' }>).runId!;
    const session = await finish(runId);
    expect((await engine.getSession({ id: session })).session.recipe.note).toBe('watch: server.js changed');

    expect(await engine.watchProject({ sessionId: first, enabled: false })).toEqual({ watching: false });
    writeFileSync(join(project, 'server.js'), server('version four'));
    expect(await waitForEvent((e) => e.type === 'watch' && e.state === 'changed' && e.files?.includes('server.js') === true && events.indexOf(e) > events.indexOf(rerun!), 2000)).toBeUndefined();
  });
});
