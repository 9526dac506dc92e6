// The renderer's top-level state: which screen is shown, the connection, and the per-screen states, wired to the
// engine's event stream. Screens call the actions here; nothing here computes what the engine computes.
import type { EngineEvent, LabInfo, ProfileSource, Recipe, RecipeInput, SessionListItem } from '../../../../app/contract/index.js';
import type { Client, ConnectionStatus } from '../client/index.js';
import { ComparisonState } from './comparison.svelte.js';
import { FlameState, type Focus } from './flame.svelte.js';
import { ProjectForm } from './project.svelte.js';
import { RecipeForm } from './recipe-form.svelte.js';
import { RunState } from './run.svelte.js';
import { SessionView } from './session-view.svelte.js';
import { SessionsState } from './sessions.svelte.js';
import { ExportState } from './share.svelte.js';
import { ProfileComparisonState } from './profile-comparison.svelte.js';
import { WatchState } from './watch.svelte.js';
import { CommitComparisonState } from './commit-comparison.svelte.js';
import { isBundleName } from '../util/files.js';
import { LaunchCheck } from './launch-check.svelte.js';
import { StartupState } from './startup.svelte.js';
import { RampState, type RampSpecInput } from './ramp.svelte.js';
import { StartupComparisonState } from './startup-comparison.svelte.js';
import { profiledUnits } from '../util/units.js';
import { CourseState } from './course.svelte.js';
import { placeHash, readPlace, type Place } from './route.js';
import { currentPlace, goToPlace } from './place.js';

export type Screen = 'start' | 'recipe' | 'live' | 'diagnosis' | 'flame' | 'sessions' | 'compare' | 'startup' | 'ramp' | 'help' | 'course' | 'lab' | 'presenter';

export interface RerunOptions {
  variant?: 'slow' | 'fixed';
  note?: string;
  repeats?: number;
  durationSec?: number; // measured seconds instead of the recipe's (a finding's settledBySec)
  /** Go straight to the comparison with this session when the run is done (else the diagnosis offers it). */
  thenCompare?: boolean;
  /** Secrets an imported recipe came without, given again (by field); sent with this run only. */
  secrets?: Record<string, string>;
}

export class AppState {
  screen = $state<Screen>('start');
  connection = $state<ConnectionStatus>('open');
  /** A short-lived message for actions without a place of their own (a dropped file that would not open...). */
  notice = $state.raw<unknown>(undefined);
  labs = $state.raw<LabInfo[]>([]);
  labsError = $state.raw<unknown>(undefined);

  readonly run: RunState;
  readonly recipe: RecipeForm;
  readonly flame: FlameState;
  readonly session: SessionView;
  readonly sessions: SessionsState;
  readonly project: ProjectForm;
  readonly comparison: ComparisonState;
  readonly watch: WatchState;
  /** "Compare with last commit": the interleaved A/B runs, then their paired comparison. */
  readonly commitComparison: CommitComparisonState;
  /** What was exported from the Diagnosis screen and from the Comparison screen. */
  readonly sessionExports: ExportState;
  readonly comparisonExports: ExportState;
  /** Exports of the profile on the Flame screen (pprof, .cpuprofile, speedscope). */
  readonly profileExports: ExportState;
  /** Two profiles compared function by function; the Comparison screen shows it when `compareKind` is 'profiles'. */
  readonly profileComparison: ProfileComparisonState;
  compareKind = $state<'sessions' | 'profiles' | 'startups'>('sessions');
  /** The start-up checkup: its form, the one running, the session on the Start-up screen. */
  readonly startup: StartupState;
  readonly startupComparison: StartupComparisonState;
  /** The stepped ramp: its fields on the Recipe screen, the one running, the ramp session shown. */
  readonly ramp: RampState;
  /** An imported bundle is being read (a dropped or chosen .checkup file). */
  importing = $state(false);
  /** An imported session's recipe waiting for the user's confirmation before it runs. */
  readonly launchCheck: LaunchCheck;
  /** The courses, the lab being followed and its steps. */
  readonly course: CourseState;

  constructor(readonly client: Client) {
    this.run = new RunState(client);
    this.launchCheck = new LaunchCheck(client);
    this.recipe = new RecipeForm(client);
    this.flame = new FlameState(client);
    this.session = new SessionView(client);
    this.sessions = new SessionsState(client);
    this.project = new ProjectForm(client);
    this.comparison = new ComparisonState(client);
    this.watch = new WatchState(client);
    this.commitComparison = new CommitComparisonState(client, (before, after) => void this.openComparison(before, after));
    this.sessionExports = new ExportState(client);
    this.comparisonExports = new ExportState(client);
    this.profileExports = new ExportState(client);
    this.profileComparison = new ProfileComparisonState(client);
    this.startup = new StartupState(client);
    this.startupComparison = new StartupComparisonState(client);
    this.ramp = new RampState(client);
    this.course = new CourseState(client);
    client.onEvent((e) => this.handle(e));
    void this.showRunInProgress();
    client.onStatus?.((s) => {
      const wasDown = this.connection === 'disconnected';
      this.connection = s;
      if (s === 'open' && wasDown) void this.resync();
    });
  }

  /** A window that opens (or reloads) mid-run shows that run, live from its start, unless its address names another place. */
  private async showRunInProgress(): Promise<void> {
    const opened = this.screen;
    if ((await this.run.follow()) && (opened === 'start' || opened === 'live') && (this.screen === 'start' || this.screen === 'live')) this.screen = 'live';
  }

  /** Where the user is, as the address names it: the screen and what it shows. */
  get place(): Place {
    return currentPlace(this);
  }

  get placeHash(): string {
    return placeHash(this.place);
  }

  /**
   * Goes to the place an address names (a reload, Back, a bookmark). A place that needs what this window no longer
   * has (a recipe being edited, a run that ended) falls back to the nearest one that can be shown.
   */
  async restore(hash: string): Promise<void> {
    if (hash === this.placeHash) return;
    return goToPlace(this, readPlace(hash));
  }

  private handle(event: EngineEvent): void {
    // Another window started a run: this one follows it too (one run at a time, so it is the engine's only run). It
    // comes to the front unless the user is reading something else; the sidebar marks it either way.
    if (this.run.isOthersNewRun(event) && event.type === 'run-phase') {
      this.run.adopt(event.runId, event.name ?? 'A checkup started in another window', undefined);
      if (this.screen === 'start' || this.screen === 'recipe' || this.screen === 'live') this.screen = 'live';
    }
    this.run.handle(event);
    this.ramp.handle(event);
    this.flame.handle(event);
    this.startup.handle(event, (id) => {
      if (this.screen === 'startup') void this.openStartup(id);
    });
    if (event.type === 'run-finished' && this.screen === 'sessions') void this.sessions.refresh();
    if (event.type === 'host-command') this.onHostCommand(event);
    const watchRun = this.watch.handle(event);
    if (watchRun && event.type === 'watch') this.followWatchRun(watchRun, event.files ?? []);
  }

  /** A watch re-run follows the session watched (or the last run it made) and is shown live, like one started here. */
  private followWatchRun(runId: string, files: string[]): void {
    const previousId = this.watch.lastSessionId;
    const title = `Re-run after a change: ${files.length ? files.slice(0, 2).join(', ') : 'files changed'}`;
    this.run.adopt(runId, title, previousId ? { previousId, thenCompare: false } : undefined);
    if (this.screen === 'diagnosis' || this.screen === 'live' || this.screen === 'compare') this.screen = 'live';
  }

  private onHostCommand(event: Extract<EngineEvent, { type: 'host-command' }>): void {
    if (event.command === 'new-checkup' || event.command === 'show-start') this.go('start');
    else if (event.command === 'show-sessions') this.go('sessions');
    else if (event.command === 'open-session' && event.sessionId) void this.openDiagnosis(event.sessionId);
    else if (event.command === 'open-profile' && event.path) {
      if (isBundleName(event.path)) void this.importBundle(event.path);
      else void this.openProfile({ kind: 'file', path: event.path });
    }
  }

  /** After a reconnect: events may have been missed, so reread what is on screen. */
  private async resync(): Promise<void> {
    const { run } = this;
    if (run.sessionId && !run.finished) {
      const detail = await this.client.getSession({ id: run.sessionId }).catch(() => undefined);
      if (detail && detail.session.status !== 'running') await this.openDiagnosis(run.sessionId);
      else await run.follow(run.runId);
    } else if (!run.active && (await run.follow())) this.screen = 'live';
    if (this.screen === 'sessions') await this.sessions.refresh();
    if (this.screen === 'compare' && this.comparison.beforeId && this.comparison.afterId) await this.comparison.open(this.comparison.beforeId, this.comparison.afterId);
    if (this.labs.length === 0) await this.loadLabs();
  }

  go(screen: Screen): void {
    // The Flame screen of a fresh diagnosis is its run's CPU profile (a profile opened since stays until another run is read).
    if (screen === 'flame' && this.flameOfDiagnosis) {
      void this.openProfile(this.flameOfDiagnosis);
      return;
    }
    this.screen = screen;
    if (screen === 'sessions') void this.sessions.refresh();
    if (screen === 'course') void this.course.loadCourses();
  }

  /** The diagnosis's CPU profile, when the Flame screen would otherwise show nothing or another run's profile. */
  get flameOfDiagnosis(): ProfileSource | undefined {
    const detail = this.session.detail;
    if (!detail?.profiles.cpu) return undefined;
    const shown = this.flame.source;
    if (shown && (shown.kind !== 'session' || shown.sessionId === detail.session.id)) return undefined;
    return { kind: 'session', sessionId: detail.session.id, file: 'cpu' };
  }

  /** A lab of a course, at the step the student is at. */
  async openLab(course: string, lab: string): Promise<void> {
    this.screen = 'lab';
    await this.course.openLab(course, lab);
  }

  async loadLabs(): Promise<void> {
    try {
      this.labs = await this.client.listLabs({});
      this.labsError = undefined;
    } catch (err) {
      this.labsError = err;
    }
  }

  /** The start-up checkup of a target; the Start-up screen follows it, then shows its session. */
  async startStartup(target: RecipeInput['target'], title: string, runs?: number): Promise<void> {
    this.screen = 'startup';
    await this.startup.start(target, title, runs);
  }

  async runStartupLab(lab: LabInfo, variant: 'slow' | 'fixed'): Promise<void> {
    await this.startStartup({ kind: 'lab', lab: lab.name, variant, env: {} }, `${lab.title} (${variant})`);
  }

  async openStartup(sessionId: string): Promise<void> {
    this.screen = 'startup';
    await this.startup.open(sessionId);
  }

  async openRamp(sessionId: string): Promise<void> {
    this.screen = 'ramp';
    await this.ramp.open(sessionId);
  }

  /** Runs the Recipe screen's ramp; the Ramp screen shows it step by step, then its session. */
  async startRamp(recipe: RecipeInput, spec: RampSpecInput, title: string): Promise<void> {
    this.screen = 'ramp';
    await this.ramp.start(recipe, spec, title);
    void this.sessions.refresh();
  }

  /**
   * A session from a list: a start-up session opens on the Start-up screen, a ramp on the Ramp screen, a checkup under
   * load on its diagnosis.
   */
  openSession(item: Pick<SessionListItem, 'id' | 'kind'>): Promise<void> {
    if (item.kind === 'ramp') return this.openRamp(item.id);
    return item.kind === 'startup' ? this.openStartup(item.id) : this.openDiagnosis(item.id);
  }

  /** Two sessions from a list: start-up sessions compare with compareStartups (which refuses a mix, in words). */
  compareListed(before: Pick<SessionListItem, 'id' | 'kind'>, after: Pick<SessionListItem, 'id' | 'kind'>): Promise<void> {
    if (before.kind !== 'startup' && after.kind !== 'startup') return this.openComparison(before.id, after.id);
    this.compareKind = 'startups';
    this.screen = 'compare';
    return this.startupComparison.open(before.id, after.id);
  }

  /** One click: the `blocking` lab with its suggested recipe. */
  async tryDemo(): Promise<void> {
    if (!this.labs.length) await this.loadLabs();
    const lab = this.labs.find((l) => l.name === 'blocking') ?? this.labs[0];
    if (!lab) return;
    await this.runLab(lab, 'slow');
  }

  async runLab(lab: LabInfo, variant: 'slow' | 'fixed'): Promise<void> {
    const recipe = { ...lab.recipe, target: { kind: 'lab' as const, lab: lab.name, variant, env: {} } };
    await this.startRun(recipe, `${lab.title} (${variant})`);
  }

  async startRun(recipe: RecipeInput | Partial<Recipe>, title: string): Promise<void> {
    this.screen = 'live';
    await this.run.start(recipe, title);
  }

  /** The Recipe screen, filled for a target and what to start from. */
  async editRecipe(target: RecipeInput['target'], base: Partial<Recipe> = {}): Promise<void> {
    await this.recipe.load(target, base);
    this.screen = 'recipe';
  }

  /** After a failed start: the Recipe screen with what that run used, to change what made it fail. */
  async backToRecipe(sessionId: string): Promise<void> {
    try {
      const { session } = await this.client.getSession({ id: sessionId });
      await this.editRecipe(session.recipe.target, session.recipe);
    } catch (err) {
      if (this.recipe.target) this.go('recipe');
      else this.notice = err;
    }
  }

  async openDiagnosis(sessionId: string): Promise<void> {
    this.screen = 'diagnosis';
    if (this.session.id !== sessionId) this.sessionExports.reset();
    await this.session.open(sessionId);
  }

  async openComparison(before: string, after: string): Promise<void> {
    this.compareKind = 'sessions';
    this.screen = 'compare';
    if (this.comparison.beforeId !== before || this.comparison.afterId !== after) this.comparisonExports.reset();
    await this.comparison.open(before, after);
  }

  /**
   * Runs a session's recipe again. The title names what runs: the lab's other variant, or the same app again.
   * `name` is the session's display name (from the list or its detail).
   */
  async rerun(sessionId: string, name: string, options: RerunOptions = {}, warmupSec?: number, durationSec?: number): Promise<boolean> {
    // A recipe from a bundle is someone else's command line: the user sees it and confirms before it runs.
    try {
      if (!(await this.launchCheck.clear(sessionId, (secrets) => this.startRerun(sessionId, name, { ...options, ...(secrets ? { secrets } : {}) }, warmupSec, durationSec)))) return false;
    } catch (err) {
      this.notice = err;
      return false;
    }
    return this.startRerun(sessionId, name, options, warmupSec, durationSec);
  }

  /** `warmupSec`, `durationSec`: the recipe's, for the live clock (`options.durationSec` wins). */
  private startRerun(sessionId: string, name: string, options: RerunOptions, warmupSec?: number, durationSec?: number): Promise<boolean> {
    const title = options.variant ? name.replace(/\((slow|fixed)\)\s*$/, `(${options.variant})`) : `${name}, again`;
    this.screen = 'live';
    const params = {
      sessionId,
      ...(options.variant ? { variant: options.variant } : {}),
      ...(options.note?.trim() ? { note: options.note.trim() } : {}),
      ...(options.repeats && options.repeats > 1 ? { repeats: options.repeats } : {}),
      ...(options.durationSec ? { durationSec: options.durationSec } : {}),
      ...(options.secrets ? { secrets: options.secrets } : {}),
    };
    return this.run.rerun(params, title, { previousId: sessionId, thenCompare: options.thenCompare ?? false }, warmupSec, options.durationSec ?? durationSec);
  }

  /** A .checkup bundle at a path the engine can read: imported as a new session, whose diagnosis then opens. */
  async importBundle(path: string): Promise<void> {
    this.importing = true;
    try {
      const { sessionId } = await this.client.importBundle({ path });
      void this.sessions.refresh();
      await this.openDiagnosis(sessionId);
    } catch (err) {
      this.notice = err;
    } finally {
      this.importing = false;
    }
  }

  /** Two profiles on the Comparison screen: files of any format, or a session's profile. */
  async openProfileComparison(before: ProfileSource, after: ProfileSource): Promise<void> {
    this.compareKind = 'profiles';
    this.screen = 'compare';
    await this.profileComparison.open(before, after);
  }

  /** Two chosen or dropped files compared (uploaded first in a browser). */
  async compareFiles(before: File, after: File): Promise<void> {
    try {
      const [a, b] = await Promise.all([this.client.files.toPath(before), this.client.files.toPath(after)]);
      await this.openProfileComparison({ kind: 'file', path: a }, { kind: 'file', path: b });
    } catch (err) {
      this.notice = err;
    }
  }

  /** The profile on the Flame screen (the one of its file shown now) against another file. */
  async compareFlameWith(file: File): Promise<void> {
    const view = this.flame.view;
    if (!view) return;
    try {
      const path = await this.client.files.toPath(file);
      const before: ProfileSource = view.source.kind === 'file' ? { ...view.source, index: view.index } : view.source;
      await this.openProfileComparison(before, { kind: 'file', path });
    } catch (err) {
      this.notice = err;
    }
  }

  async openProfile(source: ProfileSource, focus?: Focus): Promise<void> {
    this.screen = 'flame';
    // A session of several processes or threads: the flame view offers each one's profile (profiledUnits).
    const detail = source.kind === 'session' && this.session.detail?.session.id === source.sessionId ? this.session.detail : undefined;
    await this.flame.open(source, focus, profiledUnits(detail?.units));
  }

  /**
   * A file dropped on the window or chosen: to a path the engine can read (an upload in a browser), then the Flame
   * screen for a profile, or an import for a session bundle.
   */
  async openFile(file: File): Promise<void> {
    try {
      const path = await this.client.files.toPath(file);
      if (isBundleName(file.name)) await this.importBundle(path);
      else await this.openProfile({ kind: 'file', path });
    } catch (err) {
      this.notice = err;
    }
  }
}
