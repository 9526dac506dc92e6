// The course side of the engine: courses and their labs, the student's copy of a lab, progress, and the
// checks that say whether the student's code shows the fix. The Engine delegates the course methods here; runs of
// the student's copy are ordinary runs (a script target in the workspace), started through the Engine so that one run
// at a time still holds and watch mode, history and comparisons work on them as on any project.
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { EngineApi, MethodParams, MethodResults } from '../contract/api.js';
import type { LabCheck, LabCourseView, LabListing } from '../contract/course.js';
import type { RecipeInput } from '../contract/recipe.js';
import type { SessionDetail } from '../contract/session.js';
import type { StartupDetail } from '../contract/startup.js';
import { CheckupError } from '../errors.js';
import { listLabs } from '../labs/catalogue.js';
import { fromDiagnosis, fromStartup, judge, judgeCulprit } from '../labs/checks.js';
import { exportCourse, importCourse } from '../labs/course-bundle.js';
import { courseLab, courseLabs, findCourse, listCourseFiles, type CourseLab } from '../labs/courses.js';
import { figureClaims, fillPlaceholders, type LabClaims } from '../labs/placeholders.js';
import { ProgressStore } from '../labs/progress.js';
import { editedFiles, resetWorkspace, solutionDiff, startWorkspace, workspaceDir, workspaceExists, workspaceFiles, workspaceRecipe } from '../labs/workspace.js';
import { makeDir, writeJsonAtomic } from '../store/atomic.js';
import { checkupVersion } from '../paths.js';
import type { ReferencedPaths } from './referenced-paths.js';
import { followRunToEnd } from '../contract/follow-run.js';
import { RemoteError } from '../contract/rpc.js';

/** What the workshop needs of the Engine: runs (one at a time, as every run), and reading what they saved. */
interface WorkshopHost {
  runToEnd(recipe: RecipeInput): Promise<{ sessionId: string }>;
  startupToEnd(target: RecipeInput['target']): Promise<{ sessionId: string }>;
  getSession(id: string): Promise<SessionDetail>;
  getStartup(id: string): Promise<StartupDetail>;
  /** The workspace may be opened in the editor and shown in the file manager (app/engine/referenced-paths.ts). */
  vouchFor(dir: string): void;
  exported(path: string): void;
}

/** What the Engine lends the workshop: its runs and sessions, and the paths it may hand to the OS. */
export function workshopHost(
  engine: Pick<EngineApi, 'startRun' | 'startStartup' | 'getSession' | 'getStartup' | 'onEvent'>,
  paths: Pick<ReferencedPaths, 'vouchFor' | 'rememberExport'>,
): WorkshopHost {
  return {
    runToEnd: async (recipe) => {
      const outcome = await followRunToEnd(engine, () => engine.startRun({ recipe }));
      // A run that ended early but was diagnosed (the app crashed under load...) is judged like any other.
      if (outcome.error && !outcome.diagnosis) throw new RemoteError(outcome.error);
      return { sessionId: outcome.sessionId };
    },
    startupToEnd: async (target) => {
      const outcome = await followRunToEnd(engine, () => engine.startStartup({ target, compileCache: false }));
      if (outcome.error) throw new RemoteError(outcome.error);
      return { sessionId: outcome.sessionId };
    },
    getSession: (id) => engine.getSession({ id }),
    getStartup: (id) => engine.getStartup({ id }),
    vouchFor: (dir) => paths.vouchFor(dir),
    exported: (path) => paths.rememberExport(path),
  };
}

interface WorkshopOptions {
  /** Checkup's data folder: progress and imported courses. */
  dataDir: string;
  /** Where students' copies of labs are made. */
  workspaceRoot: string;
}

function claims(lab: CourseLab): LabClaims {
  if (!lab.file.expect) throw new CheckupError('CHK_INTERNAL', { detail: `lab ${lab.name} has no claims` });
  return lab.file.expect;
}

/** The first paragraph of the lab's symptom step: what is wrong as a user sees it, without the answer. */
function symptomOf(lab: CourseLab): string {
  const step = lab.file.steps?.find((s) => s.kind === 'symptom');
  return step ? fillPlaceholders(step.text.split(/\n\s*\n/)[0]!, claims(lab)) : lab.file.title;
}

const inside = (root: string, path: string) => {
  const rel = relative(resolve(root), resolve(path));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

export class Workshop {
  private readonly progress: ProgressStore;

  constructor(
    private readonly options: WorkshopOptions,
    private readonly host: WorkshopHost,
  ) {
    this.progress = new ProgressStore(options.dataDir);
  }

  private lab(course: string, name: string): CourseLab {
    return courseLab(findCourse(this.options.dataDir, course), name);
  }

  async listCourses(): Promise<MethodResults['listCourses']> {
    const out: MethodResults['listCourses'] = [];
    for (const course of listCourseFiles(this.options.dataDir)) {
      const progress = await this.progress.course(course.file.id);
      out.push({
        id: course.file.id,
        title: course.file.title,
        summary: course.file.summary,
        source: course.source,
        labs: courseLabs(course).map((lab) => ({
          name: lab.name,
          title: lab.file.title,
          problem: lab.file.problem,
          summary: lab.file.summary,
          symptom: symptomOf(lab),
          checkup: lab.file.checkup ?? 'load',
          steps: lab.file.steps?.length ?? 0,
          progress: progress[lab.name] ?? { stepsDone: [], predictions: {} },
        })),
      });
    }
    return out;
  }

  /** Every lab: the shipped ones (in a course or not) and those of imported courses. */
  listings(): LabListing[] {
    const shipped: LabListing[] = listLabs().map((l) => ({ name: l.name, title: l.title, problem: l.problem, ...(l.course ? { course: l.course } : {}), steps: l.steps }));
    const imported = listCourseFiles(this.options.dataDir)
      .filter((c) => c.source === 'imported')
      .flatMap((c) => courseLabs(c).map((l) => ({ name: l.name, title: l.file.title, problem: l.file.problem, course: c.file.id, steps: l.file.steps?.length ?? 0 })));
    return [...shipped, ...imported];
  }

  async getLabCourse(params: MethodParams['getLabCourse']): Promise<MethodResults['getLabCourse']> {
    const lab = this.lab(params.course, params.lab);
    const c = claims(lab);
    const labs = courseLabs(lab.course);
    const at = labs.findIndex((l) => l.name === lab.name);
    const dir = workspaceDir(this.options.workspaceRoot, lab);
    const exists = workspaceExists(this.options.workspaceRoot, lab);
    if (exists) this.host.vouchFor(dir);
    const recipe = workspaceRecipe(this.options.workspaceRoot, lab);
    const view: LabCourseView = {
      course: { id: lab.course.file.id, title: lab.course.file.title, source: lab.course.source },
      lab: { name: lab.name, title: lab.file.title, problem: lab.file.problem, summary: lab.file.summary, checkup: lab.file.checkup ?? 'load' },
      steps: (lab.file.steps ?? []).map((s) => ({
        kind: s.kind,
        title: s.title,
        text: fillPlaceholders(s.text, c),
        hints: (s.hints ?? []).map((h) => fillPlaceholders(h, c)),
        ...(s.choices ? { choices: s.choices } : {}),
        ...(s.points ? { points: s.points } : {}),
      })),
      progress: await this.progress.lab(lab.course.file.id, lab.name),
      workspace: { dir, exists, files: workspaceFiles(lab) },
      recipe,
      claims: { slow: { verdict: c.slow.verdict, figures: figureClaims(c.slow) }, fixed: { verdict: c.fixed.verdict, figures: figureClaims(c.fixed) } },
      ...(at > 0 ? { previous: labs[at - 1]!.name } : {}),
      ...(at >= 0 && at < labs.length - 1 ? { next: labs[at + 1]!.name } : {}),
    };
    return view;
  }

  async startLab(params: MethodParams['startLab']): Promise<MethodResults['startLab']> {
    const lab = this.lab(params.course, params.lab);
    const copied = await startWorkspace(this.options.workspaceRoot, lab);
    this.host.vouchFor(workspaceDir(this.options.workspaceRoot, lab));
    await this.progress.update(lab.course.file.id, lab.name, (p) => void (p.startedAt ??= new Date().toISOString()));
    return { dir: workspaceDir(this.options.workspaceRoot, lab), copied };
  }

  async resetLab(params: MethodParams['resetLab']): Promise<MethodResults['resetLab']> {
    const lab = this.lab(params.course, params.lab);
    if (params.overwriteEdits === false) {
      const edited = await editedFiles(this.options.workspaceRoot, lab);
      if (edited.length) throw new CheckupError('CHK_LAB_RESET_WOULD_OVERWRITE', { name: lab.name, files: edited.join(', '), dir: workspaceDir(this.options.workspaceRoot, lab) });
    }
    const restored = await resetWorkspace(this.options.workspaceRoot, lab);
    return { dir: workspaceDir(this.options.workspaceRoot, lab), restored };
  }


  async solutionDiff(params: MethodParams['solutionDiff']): Promise<MethodResults['solutionDiff']> {
    return solutionDiff(this.options.workspaceRoot, this.lab(params.course, params.lab));
  }

  async recordStep(params: MethodParams['recordStep']): Promise<MethodResults['recordStep']> {
    const lab = this.lab(params.course, params.lab);
    const step = lab.file.steps?.[params.step];
    if (!step) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `the lab "${lab.name}" has no step ${params.step + 1}` });
    if (params.prediction !== undefined && !(step.choices ?? []).includes(params.prediction as never)) {
      throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `"${params.prediction}" is not one of the choices of step ${params.step + 1}` });
    }
    return this.progress.update(lab.course.file.id, lab.name, (p) => {
      if (params.prediction !== undefined) p.predictions[String(params.step)] = params.prediction;
      if (params.done === true) p.stepsDone.push(params.step);
      if (params.done === false) p.stepsDone = p.stepsDone.filter((s) => s !== params.step);
    });
  }

  async checkCulprit(params: MethodParams['checkCulprit']): Promise<MethodResults['checkCulprit']> {
    const lab = this.lab(params.course, params.lab);
    const result = judgeCulprit(claims(lab).slow.culprit, params.functionName);
    await this.progress.update(lab.course.file.id, lab.name, (p) => void (p.culprit = result));
    return result;
  }

  /** The student's copy measured (or a run of it given) and judged against the lab's fixed claims. */
  async checkLab(params: MethodParams['checkLab']): Promise<MethodResults['checkLab']> {
    const lab = this.lab(params.course, params.lab);
    const root = this.options.workspaceRoot;
    const dir = workspaceDir(root, lab);
    if (!workspaceExists(root, lab)) throw new CheckupError('CHK_LAB_NOT_STARTED', { name: lab.name, dir });
    const startup = (lab.file.checkup ?? 'load') === 'startup';
    let sessionId = params.sessionId;
    if (sessionId === undefined) {
      const recipe = workspaceRecipe(root, lab);
      sessionId = (startup ? await this.host.startupToEnd(recipe.target) : await this.host.runToEnd(recipe)).sessionId;
    }
    const check = await this.judgeSession(lab, dir, sessionId, startup);
    await this.progress.update(lab.course.file.id, lab.name, (p) => {
      p.check = check;
      if (check.passed) p.passedAt ??= check.at;
    });
    return check;
  }

  private async judgeSession(lab: CourseLab, dir: string, sessionId: string, startup: boolean): Promise<LabCheck> {
    const notThisLab = () => new CheckupError('CHK_SESSION_NOT_THIS_LAB', { id: sessionId, name: lab.name, dir });
    if (startup) {
      const detail = await this.host.getStartup(sessionId);
      if (!inside(dir, detail.project) || !detail.startup) throw notThisLab();
      return judge(fromStartup(detail.startup), claims(lab).fixed, sessionId);
    }
    const detail = await this.host.getSession(sessionId);
    const target = detail.session.recipe.target;
    if (target.kind !== 'script' || resolve(target.cwd) !== dir || !detail.diagnosis) throw notThisLab();
    return judge(fromDiagnosis(detail.diagnosis), claims(lab).fixed, sessionId);
  }

  async exportCourse(params: MethodParams['exportCourse']): Promise<MethodResults['exportCourse']> {
    const course = findCourse(this.options.dataDir, params.course);
    const path = params.path ?? join(this.options.workspaceRoot, `${course.file.id}.checkup-course.json`);
    const result = await exportCourse(course, path);
    this.host.exported(result.path);
    return result;
  }

  async importCourse(params: MethodParams['importCourse']): Promise<MethodResults['importCourse']> {
    return importCourse(params.path, this.options.dataDir);
  }

  /** A file for the instructor: who, and per course and lab the steps done, predictions, culprit and check results. */
  async exportProgress(params: MethodParams['exportProgress']): Promise<MethodResults['exportProgress']> {
    const courses = await this.listCourses();
    const doc = {
      format: 'checkup-course-progress',
      version: 1,
      student: params.student?.trim() || undefined,
      exportedAt: new Date().toISOString(),
      checkup: checkupVersion,
      courses: courses.map((c) => ({
        id: c.id,
        title: c.title,
        labs: c.labs.map((l) => ({ name: l.name, title: l.title, steps: l.steps, ...l.progress, passed: Boolean(l.progress.passedAt) })),
      })),
    };
    const slug = (params.student ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40);
    const path = params.path ?? join(this.options.workspaceRoot, `progress${slug ? `-${slug}` : ''}.json`);
    await makeDir(join(path, '..'));
    await writeJsonAtomic(path, doc);
    this.host.exported(path);
    return { path, bytes: Buffer.byteLength(JSON.stringify(doc, null, 2) + '\n') };
  }
}
