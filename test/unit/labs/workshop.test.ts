// The course side of the engine on real files (issue 13): courses and their labs, the student's copy (made without
// overwriting, reset restoring only the lab's files), the solution as a diff, progress kept atomically, the culprit
// step, and a course exported to one file and imported on another machine, with damaged course files refused in the
// user's words. Nothing here runs a lab: runs and checks are in test/integration/labs.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../../../app/engine/engine.js';
import { CheckupError } from '../../../app/errors.js';
import { labDir } from '../../../app/labs/catalogue.js';

let base: string;
let engine: Engine;
const ref = { course: 'node-performance', lab: 'blocking' };

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'checkup-workshop-'));
  engine = new Engine({ sessionsDir: join(base, 'sessions'), dataDir: join(base, 'data'), workshopDir: join(base, 'workshop') });
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

async function codeOf(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
  } catch (err) {
    return err instanceof CheckupError ? err.code : `not coded: ${String(err)}`;
  }
  return undefined;
}

describe('courses', () => {
  it('lists the shipped course with its labs in the course order, each with its steps and empty progress', async () => {
    const [course] = await engine.listCourses({});
    expect(course).toMatchObject({ id: 'node-performance', source: 'shipped' });
    expect(course!.labs.slice(0, 2).map((l) => l.name)).toEqual(['healthy', 'blocking']);
    for (const lab of course!.labs) {
      expect(lab.steps).toBeGreaterThanOrEqual(7);
      expect(lab.progress).toEqual({ stepsDone: [], predictions: {} });
    }
  });

  it('gives a lab its steps with the placeholders filled in from its claims, and where the student\'s copy goes', async () => {
    const view = await engine.getLabCourse(ref);
    expect(view.steps.map((s) => s.kind)).toEqual(['symptom', 'predict', 'run', 'evidence', 'culprit', 'fix', 'remeasure', 'check', 'learnt']);
    const all = view.steps.flatMap((s) => [s.text, ...s.hints]).join('\n');
    expect(all).not.toMatch(/\{\{/);
    expect(view.steps.find((s) => s.kind === 'evidence')!.text).toContain('`event-loop-blocked`');
    expect(view.steps.find((s) => s.kind === 'fix')!.hints.at(-1)).toContain('`computeReport`');
    expect(view.workspace).toEqual({ dir: join(base, 'workshop', 'node-performance', 'blocking'), exists: false, files: ['slow.js', 'package.json'] });
    expect(view.recipe.target).toMatchObject({ kind: 'script', script: join(view.workspace.dir, 'slow.js'), cwd: view.workspace.dir });
    expect(view).toMatchObject({ previous: 'healthy', next: expect.any(String) });
  });

  it('refuses an unknown course or lab in words', async () => {
    expect(await codeOf(engine.getLabCourse({ course: 'nope', lab: 'blocking' }))).toBe('CHK_COURSE_NOT_FOUND');
    expect(await codeOf(engine.getLabCourse({ course: 'node-performance', lab: 'nope' }))).toBe('CHK_LAB_NOT_IN_COURSE');
    expect(await codeOf(engine.checkLab(ref))).toBe('CHK_LAB_NOT_STARTED');
    expect(await codeOf(engine.resetLab(ref))).toBe('CHK_LAB_NOT_STARTED');
  });
});

describe('the student\'s copy', () => {
  it('is made once: a second start keeps the student\'s edits; reset restores only the lab\'s files', async () => {
    const { dir, copied } = await engine.startLab(ref);
    expect(copied.sort()).toEqual(['package.json', 'slow.js']);
    const original = readFileSync(join(labDir('blocking'), 'slow.js'), 'utf8');
    expect(readFileSync(join(dir, 'slow.js'), 'utf8')).toBe(original);

    writeFileSync(join(dir, 'slow.js'), '// my edit\n');
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    expect((await engine.startLab(ref)).copied).toEqual([]);
    expect(readFileSync(join(dir, 'slow.js'), 'utf8')).toBe('// my edit\n');

    const diff = await engine.solutionDiff(ref);
    expect(diff.file).toBe(join(dir, 'slow.js'));
    expect(diff.hunks[0]!.lines).toContain('-// my edit');

    expect((await engine.resetLab(ref)).restored.sort()).toEqual(['package.json', 'slow.js']);
    expect(readFileSync(join(dir, 'slow.js'), 'utf8')).toBe(original);
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('mine');
    expect((await engine.getLabCourse(ref)).workspace.exists).toBe(true);
  });

  it('shows the solution against the untouched code as the fix: a cache in getReport', async () => {
    const diff = await engine.solutionDiff(ref);
    const added = diff.hunks.flatMap((h) => h.lines.filter((l) => l.startsWith('+'))).join('\n');
    expect(added).toContain('reports.get(region)');
  });
});

describe('progress', () => {
  it('keeps steps done, predictions and the culprit step per lab, in one file written atomically', async () => {
    await engine.recordStep({ ...ref, step: 0, done: true });
    await Promise.all([engine.recordStep({ ...ref, step: 1, prediction: 'io-bound' }), engine.recordStep({ ...ref, step: 1, done: true })]);
    const wrong = await engine.checkCulprit({ ...ref, functionName: 'sendJson' });
    expect(wrong.correct).toBe(false);
    const right = await engine.checkCulprit({ ...ref, functionName: 'computeReport' });
    expect(right).toMatchObject({ correct: true, chosen: 'computeReport' });
    const progress = (await engine.getLabCourse(ref)).progress;
    expect(progress).toMatchObject({ stepsDone: [0, 1], predictions: { '1': 'io-bound' }, culprit: { correct: true } });
    expect(readdirSync(join(base, 'data')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // A prediction must be one of the step's choices; a step must exist.
    expect(await codeOf(engine.recordStep({ ...ref, step: 1, prediction: 'nonsense' }))).toBe('CHK_INVALID_OPTIONS');
    expect(await codeOf(engine.recordStep({ ...ref, step: 40, done: true }))).toBe('CHK_INVALID_OPTIONS');

    const exported = await engine.exportProgress({ student: 'Ada Lovelace' });
    expect(exported.path).toBe(join(base, 'workshop', 'progress-ada-lovelace.json'));
    const doc = JSON.parse(readFileSync(exported.path, 'utf8'));
    expect(doc).toMatchObject({ format: 'checkup-course-progress', student: 'Ada Lovelace' });
    expect(doc.courses[0].labs.find((l: { name: string }) => l.name === 'blocking')).toMatchObject({ stepsDone: [0, 1], passed: false });
  });

  it('starts again from nothing when the progress file is damaged, keeping the damaged one aside', async () => {
    mkdirSync(join(base, 'data'), { recursive: true });
    writeFileSync(join(base, 'data', 'course-progress.json'), '{ not json');
    expect((await engine.getLabCourse(ref)).progress.stepsDone).toEqual([]);
    expect(existsSync(join(base, 'data', 'course-progress.json.damaged'))).toBe(true);
  });
});

describe('a course as one file', () => {
  // A course file as JSON: loosely typed on purpose, the test spoils it in many ways.
  type CourseDoc = { format: string; course: { id: string; labs: string[] }; labs: Record<string, Record<string, string>> };
  async function exportedAs(id: string): Promise<{ path: string; doc: CourseDoc }> {
    const { path } = await engine.exportCourse({ course: 'node-performance', path: join(base, 'course.json') });
    const doc = JSON.parse(readFileSync(path, 'utf8')) as CourseDoc;
    doc.course.id = id;
    for (const files of Object.values(doc.labs)) {
      const lab = JSON.parse(files['lab.json']!);
      lab.course = id;
      files['lab.json'] = JSON.stringify(lab);
    }
    const out = join(base, `${id}.json`);
    writeFileSync(out, JSON.stringify(doc));
    return { path: out, doc };
  }

  it('exports every lab\'s files and imports them as a course of their own, without running anything', async () => {
    const { path, doc } = await exportedAs('room-42');
    expect(Object.keys(doc.labs.blocking!).sort()).toEqual(['fixed.js', 'lab.json', 'package.json', 'slow.js']);
    expect(Object.keys(doc.labs['slow-startup']!)).toContain('node_modules/pdf-report/index.js');
    expect(await engine.importCourse({ path })).toEqual({ id: 'room-42', labs: doc.course.labs });
    const courses = await engine.listCourses({});
    expect(courses.map((c) => [c.id, c.source])).toEqual([['node-performance', 'shipped'], ['room-42', 'imported']]);
    const view = await engine.getLabCourse({ course: 'room-42', lab: 'blocking' });
    expect(view.workspace.dir).toBe(join(base, 'workshop', 'room-42', 'blocking'));
    expect(engine.workshop.listings().filter((l) => l.course === 'room-42')).toHaveLength(doc.course.labs.length);
    // Importing it again replaces the earlier import.
    await engine.importCourse({ path });
    expect((await engine.listCourses({})).length).toBe(2);
  });

  it('refuses a damaged or hostile course file naming the file and the field, and keeps nothing of it', async () => {
    const { doc } = await exportedAs('room-7');
    const cases: Array<[string, (d: CourseDoc) => unknown, RegExp]> = [
      ['shipped id', (d) => (d.course.id = 'node-performance'), /course\.id/],
      ['path escaping the lab', (d) => (d.labs.blocking!['../../evil.js'] = 'x'), /labs\.blocking/],
      ['lab missing', (d) => delete d.labs.blocking, /labs\.blocking/],
      ['broken step', (d) => {
        const lab = JSON.parse(d.labs.blocking!['lab.json']!) as { steps: Array<{ kind: string }> };
        lab.steps[0]!.kind = 'dance';
        d.labs.blocking!['lab.json'] = JSON.stringify(lab);
      }, /blocking\/lab\.json.*steps\.0\.kind/],
      ['not a course file', (d) => (d.format = 'something'), /format/],
      ['load sent to another machine', (d) => {
        const lab = JSON.parse(d.labs.blocking!['lab.json']!) as { recipe: { load: Record<string, unknown> } };
        Object.assign(lab.recipe.load, { host: 'example.com', allowRemote: true });
        d.labs.blocking!['lab.json'] = JSON.stringify(lab);
      }, /recipe\.load\.host: a lab is loaded on this machine only/],
      ['a dependency Checkup does not carry', (d) => {
        const lab = JSON.parse(d.labs.blocking!['lab.json']!) as { dependencies: string[] };
        lab.dependencies = ['left-pad'];
        d.labs.blocking!['lab.json'] = JSON.stringify(lab);
      }, /blocking\/lab\.json.*dependencies: left-pad is not one of Checkup's own dependencies/],
      ['a stage whose file the lab does not have', (d) => {
        const lab = JSON.parse(d.labs.blocking!['lab.json']!) as { expect: { stages?: unknown[] } };
        lab.expect.stages = [{ file: 'halfway.js', verdict: 'hot-path', figures: [] }];
        d.labs.blocking!['lab.json'] = JSON.stringify(lab);
      }, /blocking\/lab\.json.*expect\.stages\.0\.file.*halfway\.js/],
    ];
    for (const [what, spoil, message] of cases) {
      const copy = structuredClone(doc);
      spoil(copy);
      const file = join(base, `${what.replace(/\W/g, '-')}.json`);
      writeFileSync(file, JSON.stringify(copy));
      const err = (await engine.importCourse({ path: file }).catch((e: unknown) => e)) as CheckupError;
      expect(err.code, what).toBe('CHK_COURSE_INVALID');
      expect(err.message, what).toMatch(message);
    }
    writeFileSync(join(base, 'junk.json'), 'not json at all');
    expect(await codeOf(engine.importCourse({ path: join(base, 'junk.json') }))).toBe('CHK_COURSE_INVALID');
    expect((await engine.listCourses({})).map((c) => c.id)).toEqual(['node-performance']);
    expect(readdirSync(join(base, 'data', 'courses')).filter((f) => f.startsWith('.'))).toEqual([]);
  });
});
