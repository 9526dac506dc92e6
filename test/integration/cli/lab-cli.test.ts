// The workshop from a terminal (issue 13): `checkup labs --json` lists every lab with its course and steps; `checkup
// lab start` makes the student's copy, `checkup lab check` measures it for real and exits 1 until the copy shows the
// fix, then 0; `checkup lab reset` puts the starting code back; `checkup course export|import` carries a course in one
// file, and a damaged one is refused in words with exit 2.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { labDir } from '../../../app/labs/catalogue.js';
import { runCli } from '../../helpers/cli.js';

const base = mkdtempSync(join(tmpdir(), 'checkup-lab-cli-'));
const env = { CHECKUP_DATA_DIR: join(base, 'data'), CHECKUP_WORKSHOP_DIR: join(base, 'workshop') };
const out = ['--out', join(base, 'sessions')];
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('checkup labs, lab and course', () => {
  it('lists every lab as { name, title, problem, course, steps }', async () => {
    const res = await runCli(['labs', '--json'], env);
    expect(res.code, res.stderr).toBe(0);
    const labs = JSON.parse(res.stdout) as Array<Record<string, unknown>>;
    expect(labs.find((l) => l.name === 'blocking')).toEqual({ name: 'blocking', title: 'Blocking the event loop', problem: 'event-loop-blocked', course: 'node-performance', steps: 9 });
    for (const lab of labs) expect(Object.keys(lab).sort()).toEqual(['course', 'name', 'problem', 'steps', 'title'].filter((k) => k !== 'course' || 'course' in lab));
    const human = await runCli(['labs'], env);
    expect(human.stdout).toMatch(/listener-leak\s+listener-leak\s+node-performance\s+9\s+A listener per request/);
  });

  it('checks the student\'s copy: not yet (exit 1) on the starting code, passed (exit 0) once it is fixed', { timeout: 120_000 }, async () => {
    const started = await runCli(['lab', 'start', 'listener-leak', '--json', ...out], env);
    expect(started.code, started.stdout).toBe(0);
    const { dir } = JSON.parse(started.stdout) as { dir: string };
    expect(dir).toBe(join(base, 'workshop', 'node-performance', 'listener-leak'));

    const before = await runCli(['lab', 'check', 'listener-leak', ...out], env);
    expect(before.code, before.stdout + before.stderr).toBe(1);
    expect(before.stdout).toMatch(/^Not yet: .*the verdict is listener-leak/);

    copyFileSync(join(labDir('listener-leak'), 'fixed.js'), join(dir, 'slow.js'));
    const after = await runCli(['lab', 'check', 'listener-leak', '--json', ...out], env);
    expect(after.code, after.stdout + after.stderr).toBe(0);
    expect(JSON.parse(after.stdout)).toMatchObject({ passed: true, verdict: { expected: 'healthy', actual: 'healthy', passed: true } });

    // The copy holds the student's edit: a reset overwrites it only when told to.
    const reset = await runCli(['lab', 'reset', 'listener-leak', '--force', ...out], env);
    expect(reset.code).toBe(0);
    expect(readFileSync(join(dir, 'slow.js'), 'utf8')).toBe(readFileSync(join(labDir('listener-leak'), 'slow.js'), 'utf8'));
  });

  it('refuses a check before the lab is started, and an unknown lab, in words', async () => {
    const notStarted = await runCli(['lab', 'check', 'healthy', ...out], env);
    expect(notStarted.code).toBe(2);
    expect(notStarted.stderr).toContain('CHK_LAB_NOT_STARTED');
    const unknown = await runCli(['lab', 'start', 'no-such-lab', ...out], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('CHK_LAB_NOT_IN_COURSE');
  });

  it('exports a course to one file; a damaged course file is refused naming the field, and nothing is imported', async () => {
    const file = join(base, 'course.json');
    const exported = await runCli(['course', 'export', file], env);
    expect(exported.code, exported.stderr).toBe(0);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { course: { id: string } };
    // The shipped course cannot be imported over itself.
    const same = await runCli(['course', 'import', file, '--json'], env);
    expect(same.code).toBe(2);
    expect(same.stdout).toContain('course.id');
    doc.course.id = 'Not An Id';
    writeFileSync(file, JSON.stringify(doc));
    const damaged = await runCli(['course', 'import', file], env);
    expect(damaged.code).toBe(2);
    expect(damaged.stderr).toMatch(/CHK_COURSE_INVALID.*course\.id/);
  });
});
