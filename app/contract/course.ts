// Courses and their labs as the faces see them: a course is an ordered list of labs; a lab is a sequence of
// steps the student follows on their own copy of the lab's code (the workspace), with progress kept per student.
// The lab and course files themselves (lab.json, course.json) are read and validated in app/labs.

/** The kinds of step, in the order a lab takes them (a kind may be left out where it makes no sense). */
export const STEP_KINDS = ['symptom', 'predict', 'run', 'evidence', 'culprit', 'fix', 'remeasure', 'check', 'learnt'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

export interface LabStep {
  kind: StepKind;
  title: string;
  /** Markdown, with the placeholders ({{slow.verdict}}, {{fixed.figure.1}}...) filled in from the lab's claims. */
  text: string;
  /** Unfold one at a time; the last hint of a fix step may give the fix away. */
  hints: string[];
  /** predict: the finding kinds offered. */
  choices?: string[];
  /** evidence: what on screen the step points at (`figure:<series>`, `chart:<series>`, `culprits`, `flame`). */
  points?: string;
}

/** One figure claim of a lab, as the course shows and checks it. */
export interface FigureClaim {
  series: string;
  /** Case-insensitive part of the evidence's label. */
  label?: string;
  min?: number;
  max?: number;
  /** The bound in words: "at least 50 ms", "at most 20 ms". */
  bound: string;
}

/** A figure of a check: the claim, what was measured, and whether it holds. */
export interface FigureCheck extends FigureClaim {
  /** The measured value (absent when the run showed no such figure). */
  value?: number;
  unit?: string;
  passed: boolean;
}

export interface LabCheck {
  passed: boolean;
  /** The verdict the lab's fixed state has, and the one measured. */
  verdict: { expected: string; actual: string; passed: boolean };
  figures: FigureCheck[];
  /** The session that was judged (a checkup or a start-up checkup of the student's copy). */
  sessionId: string;
  at: string;
  /** One sentence for the student. */
  message: string;
}

export interface CulpritCheck {
  correct: boolean;
  /** The function (or package) the student chose. */
  chosen: string;
  message: string;
}

/** What a student has done in one lab. */
export interface LabProgress {
  /** Indexes of the steps marked done. */
  stepsDone: number[];
  /** The student's prediction (a finding kind), by step index: recorded, never judged. */
  predictions: Record<string, string>;
  culprit?: CulpritCheck;
  /** The last check of the student's copy. */
  check?: LabCheck;
  /** When the workspace copy was first made. */
  startedAt?: string;
  /** When a check first passed. */
  passedAt?: string;
}

export interface CourseLabSummary {
  name: string;
  title: string;
  problem: string;
  summary: string;
  /** The symptom as the lab's first step tells it (Markdown): what the course page shows before the lab is done, since the summary names the culprit. */
  symptom: string;
  checkup: 'load' | 'startup';
  steps: number;
  progress: LabProgress;
}

export interface CourseSummary {
  id: string;
  title: string;
  summary: string;
  /** Shipped with Checkup, or imported from a course file. */
  source: 'shipped' | 'imported';
  labs: CourseLabSummary[];
}

/** A lab of a course, ready to follow. */
export interface LabCourseView {
  course: { id: string; title: string; source: 'shipped' | 'imported' };
  lab: { name: string; title: string; problem: string; summary: string; checkup: 'load' | 'startup' };
  steps: LabStep[];
  progress: LabProgress;
  /** The student's copy: where it is (or will be), and whether it was made. */
  workspace: { dir: string; exists: boolean; files: string[] };
  /**
   * What Run sends for this lab: the student's slow.js with the lab's load (startRun for a load lab, startStartup's
   * target for a start-up lab).
   */
  recipe: import('./recipe.js').RecipeInput;
  /** What the lab claims Checkup shows, before and after the fix (the culprit is left out: the student finds it). */
  claims: Record<'slow' | 'fixed', { verdict: string; figures: FigureClaim[] }>;
  /** The labs before and after this one in the course. */
  previous?: string;
  next?: string;
}

/** solutionDiff: the student's slow.js against the lab's solution, as unified-diff hunks. */
export interface SolutionDiff {
  file: string;
  hunks: Array<{ oldStart: number; oldLines: number; newStart: number; newLines: number; lines: string[] }>;
}

/** Every lab the app carries, for `checkup labs --json`. */
export interface LabListing {
  name: string;
  title: string;
  problem: string;
  /** The course it belongs to (absent for a lab outside any course). */
  course?: string;
  /** How many steps it has. */
  steps: number;
}
