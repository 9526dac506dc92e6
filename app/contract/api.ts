// The engine API, declared once. Desktop (preload + IPC), browser mode (WebSocket) and the CLI all call these
// methods with these payloads; `window.checkup` in the renderer has exactly this shape. Every payload is validated
// against its schema where it enters a process (app/rpc/serve-engine.ts, on every transport) before it reaches the
// engine. The wire, the method list as a value and the client are in rpc.ts.
import { z } from 'zod';
import type { SessionDetail } from './session.js';
import type { EngineEvent, RunSnapshot } from './events.js';
import type { CommitComparisonStarted, LabInfo, NodeProcessInfo, ProfileView, ProjectInfo, RecipeCheck, RerunPreview, RunStarted, SessionListItem, WatchState } from './api-results.js';
export * from './api-results.js';
export { LIVE_BATCHES_PER_SECOND, type EngineEvent, type LiveBatch, type LiveUnitInfo, type LogLine, type RunPhase, type RunSnapshot } from './events.js';

const SessionId = z.string().regex(/^[A-Za-z0-9._-]{1,128}$/, 'not a session id');
const AbsolutePath = z.string().min(1).max(4096).refine((p) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p), 'must be a full path (from / or a drive letter)');
/** A session by id in the sessions folder, or by its folder's absolute path. */
const SessionRef = z.union([SessionId, AbsolutePath]);
const Categories = z.array(z.enum(['app', 'dependency', 'node-core', 'v8', 'native', 'gc', 'idle', 'program'])).max(8);

/** Where a profile comes from: a recorded session's file, or a file opened from disk (any supported format). */
export const ProfileSourceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('session'),
    sessionId: SessionId,
    file: z.enum(['cpu', 'heap']),
    /** One unit's CPU profile of a multi-unit run (units.json's id: "<pid>" or "<pid>.<threadId>"). */
    unit: z.string().regex(/^\d{1,10}(\.\d{1,10})?$/, 'not a unit id').optional(),
  }).strict(),
  z.object({ kind: z.literal('file'), path: AbsolutePath, index: z.number().int().min(0).max(1000).optional() }).strict(),
]);
export type ProfileSource = z.infer<typeof ProfileSourceSchema>;
const CourseId = z.string().regex(/^[a-z0-9-]{1,100}$/, 'not a course id');
const LabName = z.string().regex(/^[a-z0-9-]{1,100}$/, 'not a lab name');
const RunId = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'not a run id');

/** Payload schema of every method. A method absent here does not exist. */
export const methodParams = {
  listLabs: z.object({}).strict(),
  validateRecipe: z.object({ recipe: z.unknown() }).strict(),
  startRun: z.object({ recipe: z.unknown() }).strict(),
  /** A stepped ramp of fixed rates in one app process, to find the knee (app/contract/ramp.ts). */
  rampLoad: z.object({ recipe: z.unknown(), ramp: z.unknown() }).strict(),
  stopRun: z.object({ runId: RunId }).strict(),
  listSessions: z.object({}).strict(),
  getSession: z.object({ id: SessionId }).strict(),
  deleteSession: z.object({ id: SessionId }).strict(),
  openProfile: z
    .object({
      source: ProfileSourceSchema,
      hide: Categories.optional(),
      /** Show only the stacks through this function, starting at it. */
      focus: z.object({ functionName: z.string().max(1000), url: z.string().max(4096), line: z.number().int().min(0) }).strict().optional(),
      /** How many hot functions the summary lists (default 25). */
      top: z.number().int().min(1).max(1000).optional(),
      /** Prepare the flame view's document (default true; the CLI only reads the summary). */
      flame: z.boolean().optional(),
    })
    .strict(),
  /**
   * A profile written in another format, so other tools open it: pprof (gzipped; go tool pprof, Pyroscope, Parca),
   * .cpuprofile (Chrome DevTools; time profiles only) or speedscope JSON. Beside the file it came from, or in the
   * session's folder.
   */
  exportProfile: z.object({ source: ProfileSourceSchema, format: z.enum(['pprof', 'cpuprofile', 'speedscope']) }).strict(),
  /** `dir` as the user typed it: the engine expands `~/` and says what is wrong with it in its own words. */
  describeProject: z.object({ dir: z.string().min(1).max(4096) }).strict(),
  /** Two profiles function by function: files of any format (a production pprof), or a session's profile. */
  compareProfiles: z.object({ before: ProfileSourceSchema, after: ProfileSourceSchema }).strict(),
  /** Two sessions: ids in the sessions folder, or session folders anywhere (a CI baseline). */
  compareSessions: z.object({ before: SessionRef, after: SessionRef }).strict(),
  /** The same recipe again (after the user edited the code); a lab can switch to its fixed variant. */
  rerun: z
    .object({
      sessionId: SessionId,
      variant: z.enum(['slow', 'fixed']).optional(),
      note: z.string().max(2000).optional(),
      repeats: z.number().int().min(1).max(20).optional(),
      /** A measured window of this many seconds instead of the recipe's (a finding's settledBySec). */
      durationSec: z.number().int().min(1).max(3600).optional(),
      /** Secrets kept out of the bundle the session came from, given again, by the field missingSecrets names. */
      secrets: z.record(z.string().max(200), z.string().max(100_000)).optional(),
    })
    .strict(),
  /** Re-run a session's recipe whenever its project's files change (debounced; node_modules and .git ignored). */
  watchProject: z.object({ sessionId: SessionId, enabled: z.boolean() }).strict(),
  /** What watch mode is doing now (a page that reloads asks). */
  watchState: z.object({}).strict(),
  setSessionNote: z.object({ id: SessionId, note: z.string().max(2000) }).strict(),
  /** A self-contained HTML report of a session, or of a comparison when `compareWith` (the before session) is given. */
  exportReport: z.object({ sessionId: SessionRef, compareWith: SessionRef.optional() }).strict(),
  /** One file holding a whole session, to send to someone; importBundle reads it back. */
  exportBundle: z.object({ sessionId: SessionRef }).strict(),
  importBundle: z.object({ path: AbsolutePath }).strict(),
  /**
   * A source file at file:line:column in the user's editor. Only a file the sessions refer to (a source file of a
   * session's project; with `sessionId`, of that session's) is opened: anything else is CHK_PATH_NOT_REFERENCED.
   */
  openInEditor: z.object({ url: z.string().min(1).max(4096), line: z.number().int().min(0).optional(), column: z.number().int().min(0).optional(), sessionId: SessionId.optional() }).strict(),
  /** A session's folder or file, its project folder, or a file this engine exported, in the file manager; as openInEditor. */
  revealPath: z.object({ path: AbsolutePath, sessionId: SessionId.optional() }).strict(),
  /** What re-running a session launches (command, folder, environment), and for an imported one whether it was confirmed or is refused. */
  describeRerun: z.object({ sessionId: SessionId }).strict(),
  /** The user saw an imported session's launch (describeRerun) and accepts it: `rerun` may now start it. */
  confirmImportedRecipe: z.object({ sessionId: SessionId }).strict(),
  /**
   * Interleaved A/B against a commit: the commit (default HEAD, the code before the uncommitted edits)
   * checked out in a temporary worktree and the working tree measured alternately, A B A B ..., `pairs` pairs (default
   * 3), with the recipe of a session or one given. Follow it by the `ab-progress` and `ab-finished` events; stopRun
   * with the abId or the current run's id stops it. The checkout is removed however it ends.
   */
  runAgainstCommit: z
    .object({
      sessionId: SessionId.optional(),
      recipe: z.unknown().optional(),
      ref: z.string().min(1).max(250).optional(),
      pairs: z.number().int().min(2).max(20).optional(),
      /** Untracked ignored files not to carry into the commit's checkout (globs, as `--ab-exclude`). */
      exclude: z.array(z.string().min(1).max(500)).max(50).optional(),
    })
    .strict()
    .refine((p) => (p.sessionId === undefined) !== (p.recipe === undefined), 'give a session or a recipe, not both'),
  /** Whether runAgainstCommit can run for a session's project (a git repository with changes), and why not. */
  checkCommitComparison: z.object({ sessionId: SessionId, ref: z.string().min(1).max(250).optional() }).strict(),
  /** A native file or folder chooser: only the desktop host has one (browser mode answers CHK_NOT_SUPPORTED). */
  pickPath: z.object({ kind: z.enum(['file', 'folder']), title: z.string().max(200).optional(), profilesOnly: z.boolean().optional() }).strict(),
  /**
   * The start-up checkup: start the app `runs` times (default 5) and time each start to ready, trace its
   * module tree, and try the compile cache where the Node has one. `target` is a recipe's target (script, npm, lab).
   * Follow it through run-phase and run-finished events like a run.
   */
  startStartup: z
    .object({ target: z.unknown(), runs: z.number().int().min(1).max(50).optional(), compileCache: z.boolean().optional(), timeoutSec: z.number().min(1).max(600).optional() })
    .strict(),
  /** A start-up session whole (startup.json). */
  getStartup: z.object({ id: SessionRef }).strict(),
  /**
   * A browser's recording (HAR text, read by the face) as journeys, for a preview before anything is sent: its
   * requests to the app's origin, the other hosts left out, the credentials dropped (app/contract/har-import.ts).
   */
  importHar: z.object({ text: z.string().max(8 * 1024 * 1024), name: z.string().min(1).max(200), allowRemote: z.boolean().optional() }).strict(),
  /** A ramp session whole (ramp.json). */
  getRamp: z.object({ id: SessionRef }).strict(),
  /** Two start-up sessions: time to ready with a test, per-module and per-package deltas. */
  compareStartups: z.object({ before: SessionRef, after: SessionRef }).strict(),
  /** The run in progress, with everything it measured so far: what a window that connects mid-run shows. */
  currentRun: z.object({}).strict(),
  /** The local Node processes one may attach to, from the OS (Checkup's own left out). */
  listRunningApps: z.object({}).strict(),
  /**
   * A run against a process that is already running: `to` is its pid, the host:port of its inspector or the
   * inspector's ws:// URL (this machine only); `recipe` gives the load, profile and sampling options (its target is
   * the process itself). The same events and session as startRun; the process is left running.
   */
  startAttachRun: z.object({ to: z.string().min(1).max(4096), recipe: z.unknown().optional() }).strict(),
  /**
   * The routes the app serves: start `target` (a recipe's target) with the probe, wait for it to listen
   * (on `port` when given), read its framework's route table with each handler's file:line, and stop it again.
   * stopFindRoutes ends it early (CHK_INTERRUPTED).
   */
  findRoutes: z.object({ target: z.unknown(), port: z.number().int().min(1).max(65535).optional(), readyTimeoutSec: z.number().min(1).max(600).optional() }).strict(),
  stopFindRoutes: z.object({}).strict(),
  // Courses: a course's labs, the student's own copy of a lab, progress and checks. Course ids and lab
  // names are [a-z0-9-]+; the engine finds them among the shipped and imported courses.
  listCourses: z.object({}).strict(),
  getLabCourse: z.object({ course: CourseId, lab: LabName }).strict(),
  /** Copies the lab's files into the student's workspace folder; files already there are kept. */
  startLab: z.object({ course: CourseId, lab: LabName }).strict(),
  /**
   * Restores the lab's starting files in the workspace; other files are left alone. With `overwriteEdits: false` a
   * workspace the student edited is refused (CHK_LAB_RESET_WOULD_OVERWRITE) so the face can ask first; the UI asks
   * before it calls, so it leaves the flag out.
   */
  resetLab: z.object({ course: CourseId, lab: LabName, overwriteEdits: z.boolean().optional() }).strict(),
  solutionDiff: z.object({ course: CourseId, lab: LabName }).strict(),
  /** A step marked done (or not), or the choice of a predict step (recorded, never judged); `step` from 0. */
  recordStep: z.object({ course: CourseId, lab: LabName, step: z.number().int().min(0).max(100), done: z.boolean().optional(), prediction: z.string().max(100).optional() }).strict(),
  /** The function (or package) the student picked in the diagnosis of their run, against the lab's culprit. */
  checkCulprit: z.object({ course: CourseId, lab: LabName, functionName: z.string().max(1000) }).strict(),
  /** The student's copy judged against the lab's fixed claims: a session of it, or a new run of it (then it waits). */
  checkLab: z.object({ course: CourseId, lab: LabName, sessionId: SessionId.optional() }).strict(),
  /** The course in one file (default: in the workshop folder); importCourse reads one (it never runs anything). */
  exportCourse: z.object({ course: CourseId, path: AbsolutePath.optional() }).strict(),
  importCourse: z.object({ path: AbsolutePath }).strict(),
  /** A file for the instructor: the student's progress and check results (default: in the workshop folder). */
  exportProgress: z.object({ student: z.string().max(200).optional(), path: AbsolutePath.optional() }).strict(),
} as const;

export type MethodName = keyof typeof methodParams;

/** Result type of each method. */
export interface MethodResults {
  listLabs: LabInfo[];
  validateRecipe: RecipeCheck;
  startRun: RunStarted;
  rampLoad: import('./ramp.js').RampRun;
  getRamp: import('./ramp.js').RampDetail;
  importHar: import('./har.js').HarImport;
  stopRun: { stopped: boolean };
  listSessions: SessionListItem[];
  getSession: SessionDetail;
  deleteSession: { deleted: boolean };
  openProfile: ProfileView;
  exportProfile: { path: string; bytes: number };
  describeProject: ProjectInfo;
  compareSessions: import('./compare.js').Comparison;
  compareProfiles: import('./compare.js').ProfileComparison;
  rerun: RunStarted;
  watchProject: WatchState;
  watchState: WatchState;
  setSessionNote: { id: string; note: string };
  exportReport: { path: string; bytes: number };
  exportBundle: { path: string; bytes: number };
  importBundle: { sessionId: string };
  openInEditor: { opened: 'editor' | 'os' };
  revealPath: { revealed: boolean };
  describeRerun: RerunPreview;
  confirmImportedRecipe: RerunPreview;
  pickPath: { path?: string };
  startStartup: RunStarted;
  getStartup: import('./startup.js').StartupDetail;
  compareStartups: import('./startup.js').StartupComparison;
  currentRun: { run?: RunSnapshot };
  runAgainstCommit: CommitComparisonStarted;
  checkCommitComparison: { available: boolean; reason?: string; ref: string };
  listRunningApps: NodeProcessInfo[];
  startAttachRun: RunStarted;
  findRoutes: import('./routes.js').FoundRoutes;
  stopFindRoutes: { stopped: boolean };
  listCourses: import('./course.js').CourseSummary[];
  getLabCourse: import('./course.js').LabCourseView;
  startLab: { dir: string; copied: string[] };
  resetLab: { dir: string; restored: string[] };
  solutionDiff: import('./course.js').SolutionDiff;
  recordStep: import('./course.js').LabProgress;
  checkCulprit: import('./course.js').CulpritCheck;
  checkLab: import('./course.js').LabCheck;
  exportCourse: { path: string; bytes: number };
  importCourse: { id: string; labs: string[] };
  exportProgress: { path: string; bytes: number };
}

export type MethodParams = { [M in MethodName]: z.input<(typeof methodParams)[M]> };

/** What `window.checkup` and every engine client look like. */
export type EngineApi = {
  [M in MethodName]: (params: MethodParams[M]) => Promise<MethodResults[M]>;
} & {
  /** Subscribe to the event stream; returns an unsubscribe function. */
  onEvent(listener: (event: EngineEvent) => void): () => void;
};

/** A file the user dropped or chose in the renderer (a DOM File). */
export interface DroppedFile {
  readonly name: string;
  readonly size: number;
}

/**
 * `window.checkup` as the renderer sees it: the engine API plus what only the host can do with files. On the desktop
 * the preload provides it (a dropped file's real path via Electron's webUtils); in browser mode the WebSocket client
 * does (the file is uploaded to the server, which saves it and answers with its path).
 */
export type CheckupClient = EngineApi & {
  host: 'desktop' | 'browser';
  files: {
    /** A path the engine can open for this file (openProfile with source kind 'file'). */
    toPath(file: DroppedFile): Promise<string>;
  };
};

/**
 * Where things are, relative to the renderer's own origin, in every face: the renderer at `index.html`, speedscope's
 * static app at `speedscope/index.html`, flame documents at `flame/<name>` (ProfileView.flamePath). Browser mode
 * serves them over http://127.0.0.1:<port>/, the desktop over its checkup://app/ protocol.
 */
export const ROUTES = { speedscope: 'speedscope/index.html', flamePrefix: 'flame/', api: 'api', upload: 'upload' } as const;
