// What the engine's methods answer, beyond the session and profile shapes of their own files (MethodResults in
// api.ts names each method's answer).
import type { Recipe } from './recipe.js';
import type { SessionFile } from './session.js';
import type { SerializedError } from '../errors.js';
import type { ProfileSource } from './api.js';

export interface LabInfo {
  name: string;
  title: string;
  /** The problem the slow variant has, as a finding kind (healthy for the healthy app). */
  problem: string;
  summary: string;
  /** Which checkup shows its problem: 'load' (`checkup run --demo`) or 'startup' (`checkup startup --demo`). */
  checkup: 'load' | 'startup';
  /** The course it belongs to (absent for a lab outside any course). */
  course?: string;
  /** How many steps its lesson has (0 for a lab outside any course). */
  steps: number;
  /** Suggested load for this lab (path etc.). */
  recipe: Partial<Recipe>;
}

export interface RecipeCheck {
  ok: boolean;
  /** Field path (dot separated) to message, for inline validation. */
  errors: Record<string, string>;
  recipe?: Recipe;
}

export interface RunStarted {
  runId: string;
  sessionId: string;
  sessionDir: string;
}

export interface SessionListItem {
  id: string;
  dir: string;
  name: string;
  project: string;
  createdAt: string;
  status: SessionFile['status'];
  /** 'running' sessions whose writer died are reported as interrupted. */
  interrupted: boolean;
  summary: SessionFile['summary'];
  note?: string;
  git?: SessionFile['git'];
  /** How many times the load was measured (Recipe.repeats). */
  repeats: number;
  /** 'startup' for a start-up session (getStartup opens it), 'ramp' for a ramp (getRamp); absent for a checkup under load. */
  kind?: SessionFile['kind'];
  /**
   * The session's files do not fit the format: which file and field, in the user's words. Opening it fails with
   * CHK_SESSION_DAMAGED; the other sessions are not affected.
   */
  damaged?: string;
  /** Came from a bundle; `confirmed` once the user has seen and accepted what its recipe launches. */
  imported?: { confirmed: boolean };
  /** Its side in an interleaved A/B comparison against a commit. */
  interleaved?: SessionFile['interleaved'];
}

/**
 * What `rerun` of a session would launch, as the engine would start it, for the user to see before an imported recipe
 * runs.
 */
export interface RerunPreview {
  sessionId: string;
  /** The program and its arguments. */
  command: string[];
  cwd: string;
  /** What the recipe adds to the environment. */
  env: Record<string, string>;
  /** Set for a session from a bundle: where it came from, and when the user confirmed its recipe (if they did). */
  imported?: import('./session.js').ImportedFrom;
  /** Why this recipe is never run, whatever the user says (a recipe from a bundle that carries code to evaluate...). */
  refused?: SerializedError;
  /** Secrets kept out of the bundle (fields as missingSecrets names them): `rerun` needs them given again in `secrets`. */
  secretsNeeded?: string[];
}

/** One profile opened for viewing: the summary for the tables and a prepared, reduced document for the flame view. */
export interface ProfileView {
  source: ProfileSource;
  format: import('./profile.js').ProfileFormat;
  /** File name or session name, for the title bar. */
  title: string;
  /** Path of the flame document relative to the renderer's origin: `flame/<id>.json` (speedscope's #profileURL); absent when not asked for. */
  flamePath?: string;
  summary: import('./profile.js').ProfileSummary;
  /** What was reduced or hidden for the flame view, in plain words. */
  notes: string[];
  /** Profiles in the same file (threads of a trace, profiles of a speedscope file); `index` selects one. */
  siblings: Array<{ index: number; name: string }>;
  index: number;
  hidden: import('./profile.js').FrameCategory[];
  focus?: { functionName: string; url: string; line: number };
}

export interface WatchState {
  watching: boolean;
  /** The session whose recipe is re-run, and its project folder. */
  sessionId?: string;
  dir?: string;
}

export interface ProjectInfo {
  dir: string;
  /** package.json name, else the folder's name. */
  name: string;
  /** package.json scripts. */
  scripts: Record<string, string>;
  /** Likely entry files that exist: package.json main, server.js, index.js, app.js, src/... */
  entries: string[];
  /** The last recipe used for this project, when there was one (remembered per project). */
  lastRecipe?: Recipe;
}

/** A local Node process one may attach to. */
export interface NodeProcessInfo {
  pid: number;
  /** The executable (node, node22, ...). */
  program: string;
  /** Its command line as the OS shows it. */
  command: string[];
  /** TCP ports it listens on, lowest first (its inspector's too, when open). */
  ports: number[];
}

export interface CommitComparisonStarted {
  abId: string;
  ref: string;
  commit: string;
  pairs: number;
  /** What the user should know about the checkout (files carried over, a lockfile that differs). */
  notes: string[];
  /** The working tree's untracked, ignored files put into the checkout (also in each run's session). */
  carried?: import('./session.js').CarriedFiles;
}
