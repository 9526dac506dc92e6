// The course screens' state: the courses with progress, the lab being followed (its steps, the step shown,
// hints unfolded), the student's latest run of their copy (found in the history by its folder, however it was
// started: Run, watch mode, the CLI), and the results of the culprit step, the check and the solution diff.
import type { CourseSummary, CulpritCheck, LabCheck, LabCourseView, SessionDetail, SolutionDiff, StartupDetail } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';

export interface LabRef {
  course: string;
  lab: string;
}

export class CourseState {
  courses = $state.raw<CourseSummary[]>([]);
  coursesError = $state.raw<unknown>(undefined);
  courseId = $state<string | undefined>(undefined);

  view = $state.raw<LabCourseView | undefined>(undefined);
  viewError = $state.raw<unknown>(undefined);
  loading = $state(false);
  /** The step on screen (index into view.steps). */
  step = $state(0);
  /** How many hints of each step are unfolded, by step index. */
  hintsShown = $state<Record<number, number>>({});

  /** The student's newest run of their copy, and their first (to compare with). */
  latest = $state.raw<SessionDetail | undefined>(undefined);
  latestStartup = $state.raw<StartupDetail | undefined>(undefined);
  firstRunId = $state<string | undefined>(undefined);

  culprit = $state.raw<CulpritCheck | undefined>(undefined);
  check = $state.raw<LabCheck | undefined>(undefined);
  checking = $state(false);
  diff = $state.raw<SolutionDiff | undefined>(undefined);
  /** The last action's failure, shown beside the step. */
  error = $state.raw<unknown>(undefined);
  /** What the last export or import did, in words (a path). */
  shared = $state<string | undefined>(undefined);
  sharedError = $state.raw<unknown>(undefined);

  constructor(private readonly client: Client) {}

  get course(): CourseSummary | undefined {
    return this.courses.find((c) => c.id === this.courseId) ?? this.courses[0];
  }

  get ref(): LabRef | undefined {
    return this.view ? { course: this.view.course.id, lab: this.view.lab.name } : undefined;
  }

  async loadCourses(): Promise<void> {
    try {
      this.courses = await this.client.listCourses({});
      this.coursesError = undefined;
      this.courseId ??= this.courses[0]?.id;
    } catch (err) {
      this.coursesError = err;
    }
  }

  async openLab(course: string, lab: string): Promise<void> {
    const changed = this.view?.course.id !== course || this.view?.lab.name !== lab;
    this.loading = true;
    this.viewError = undefined;
    this.courseId = course;
    if (changed) {
      this.view = undefined;
      this.latest = undefined;
      this.latestStartup = undefined;
      this.firstRunId = undefined;
      this.hintsShown = {};
      this.diff = undefined;
      this.check = undefined;
      this.culprit = undefined;
      this.error = undefined;
    }
    try {
      const view = await this.client.getLabCourse({ course, lab });
      this.view = view;
      this.check ??= view.progress.check;
      this.culprit ??= view.progress.culprit;
      if (changed) {
        const firstOpen = view.steps.findIndex((_, i) => !view.progress.stepsDone.includes(i));
        this.step = firstOpen < 0 ? view.steps.length - 1 : firstOpen;
      }
      await this.findRuns();
    } catch (err) {
      this.viewError = err;
    } finally {
      this.loading = false;
    }
  }

  /** Reread the lab (after the copy was made, a run ended...). */
  async refresh(): Promise<void> {
    if (this.ref) await this.openLab(this.ref.course, this.ref.lab);
  }

  /** The newest and the first session of the student's copy, from the history (matched by its folder). */
  async findRuns(): Promise<void> {
    const view = this.view;
    if (!view?.workspace.exists) return;
    const sessions = (await this.client.listSessions({})).filter((s) => s.project === view.workspace.dir && !s.damaged && s.status !== 'running');
    const startup = view.lab.checkup === 'startup';
    const mine = sessions.filter((s) => (startup ? s.kind === 'startup' : s.kind === undefined || s.kind === 'load')).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const newest = mine.at(-1);
    this.firstRunId = mine[0]?.id;
    if (!newest) return;
    if (startup) {
      if (this.latestStartup?.id !== newest.id) this.latestStartup = await this.client.getStartup({ id: newest.id });
    } else if (this.latest?.session.id !== newest.id) this.latest = await this.client.getSession({ id: newest.id });
  }

  async act<T>(work: () => Promise<T>): Promise<T | undefined> {
    this.error = undefined;
    try {
      return await work();
    } catch (err) {
      this.error = err;
      return undefined;
    }
  }

  async startLab(): Promise<void> {
    const ref = this.ref;
    if (!ref) return;
    await this.act(() => this.client.startLab(ref));
    await this.refresh();
  }

  async resetLab(): Promise<void> {
    const ref = this.ref;
    if (!ref) return;
    await this.act(() => this.client.resetLab(ref));
    this.diff = undefined;
  }

  async markDone(index: number, done = true): Promise<void> {
    const ref = this.ref;
    const view = this.view;
    if (!ref || !view) return;
    const progress = await this.act(() => this.client.recordStep({ ...ref, step: index, done }));
    if (progress) this.view = { ...view, progress };
  }

  /**
   * The student's prediction in the lab open here, against a run's verdict: what the student guessed and whether the
   * run agrees. Undefined when this lab has no prediction recorded, or `lab` is another lab.
   */
  predictionAgainst(verdict: string | undefined, lab?: string): { predicted: string; verdict: string; right: boolean } | undefined {
    const view = this.view;
    if (!view || !verdict || (lab !== undefined && view.lab.name !== lab)) return undefined;
    const at = view.steps.findIndex((s) => s.kind === 'predict');
    const predicted = at >= 0 ? view.progress.predictions[String(at)] : undefined;
    return predicted ? { predicted, verdict, right: predicted === verdict } : undefined;
  }

  async predict(index: number, choice: string): Promise<void> {
    const ref = this.ref;
    const view = this.view;
    if (!ref || !view) return;
    const progress = await this.act(() => this.client.recordStep({ ...ref, step: index, prediction: choice }));
    if (progress) this.view = { ...view, progress };
  }

  async pickCulprit(name: string): Promise<void> {
    const ref = this.ref;
    if (!ref) return;
    const result = await this.act(() => this.client.checkCulprit({ ...ref, functionName: name }));
    if (result) this.culprit = result;
  }

  async checkLab(): Promise<void> {
    const ref = this.ref;
    if (!ref) return;
    this.checking = true;
    try {
      const result = await this.act(() => this.client.checkLab(ref));
      if (result) this.check = result;
      await this.refresh();
    } finally {
      this.checking = false;
    }
  }

  async showSolution(): Promise<void> {
    const ref = this.ref;
    if (!ref) return;
    const diff = await this.act(() => this.client.solutionDiff(ref));
    if (diff) this.diff = diff;
  }

  unfoldHint(index: number): void {
    this.hintsShown = { ...this.hintsShown, [index]: (this.hintsShown[index] ?? 0) + 1 };
  }

  async exportCourse(id: string): Promise<void> {
    await this.share(async () => {
      const done = await this.client.exportCourse({ course: id });
      return `Course file written: ${done.path}`;
    });
  }

  async exportProgress(student: string): Promise<void> {
    await this.share(async () => {
      const done = await this.client.exportProgress(student.trim() ? { student: student.trim() } : {});
      return `Progress written: ${done.path}`;
    });
  }

  async importCourse(file: File): Promise<void> {
    await this.share(async () => {
      const path = await this.client.files.toPath(file);
      const done = await this.client.importCourse({ path });
      await this.loadCourses();
      this.courseId = done.id;
      return `Imported the course "${done.id}" (${done.labs.length} labs).`;
    });
  }

  private async share(work: () => Promise<string>): Promise<void> {
    this.shared = undefined;
    this.sharedError = undefined;
    try {
      this.shared = await work();
    } catch (err) {
      this.sharedError = err;
    }
  }
}
