// The renderer's top-level state: which screen is shown, the connection, and the per-screen states, wired to the
// engine's event stream. Screens call the actions here; nothing here computes what the engine computes.
import type { EngineEvent, LabInfo, ProfileSource, Recipe, RecipeInput } from '../../../../app/contract/index.js';
import type { Client, ConnectionStatus } from '../client/index.js';
import { FlameState, type Focus } from './flame.svelte.js';
import { ProjectForm } from './project.svelte.js';
import { RecipeForm } from './recipe-form.svelte.js';
import { RunState } from './run.svelte.js';
import { SessionView } from './session-view.svelte.js';
import { SessionsState } from './sessions.svelte.js';

export type Screen = 'start' | 'recipe' | 'live' | 'diagnosis' | 'flame' | 'sessions';

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

  constructor(readonly client: Client) {
    this.run = new RunState(client);
    this.recipe = new RecipeForm(client);
    this.flame = new FlameState(client);
    this.session = new SessionView(client);
    this.sessions = new SessionsState(client);
    this.project = new ProjectForm(client);
    client.onEvent((e) => this.handle(e));
    client.onStatus?.((s) => {
      const wasDown = this.connection === 'disconnected';
      this.connection = s;
      if (s === 'open' && wasDown) void this.resync();
    });
  }

  private handle(event: EngineEvent): void {
    this.run.handle(event);
    this.flame.handle(event);
    if (event.type === 'run-finished' && this.screen === 'sessions') void this.sessions.refresh();
    if (event.type === 'host-command') this.onHostCommand(event);
  }

  private onHostCommand(event: Extract<EngineEvent, { type: 'host-command' }>): void {
    if (event.command === 'new-checkup' || event.command === 'show-start') this.go('start');
    else if (event.command === 'show-sessions') this.go('sessions');
    else if (event.command === 'open-session' && event.sessionId) void this.openDiagnosis(event.sessionId);
    else if (event.command === 'open-profile' && event.path) void this.openProfile({ kind: 'file', path: event.path });
  }

  /** After a reconnect: events may have been missed, so reread what is on screen. */
  private async resync(): Promise<void> {
    const { run } = this;
    if (run.sessionId && !run.finished) {
      const detail = await this.client.getSession({ id: run.sessionId }).catch(() => undefined);
      if (detail && detail.session.status !== 'running') await this.openDiagnosis(run.sessionId);
    }
    if (this.screen === 'sessions') await this.sessions.refresh();
    if (this.labs.length === 0) await this.loadLabs();
  }

  go(screen: Screen): void {
    this.screen = screen;
    if (screen === 'sessions') void this.sessions.refresh();
  }

  async loadLabs(): Promise<void> {
    try {
      this.labs = await this.client.listLabs({});
      this.labsError = undefined;
    } catch (err) {
      this.labsError = err;
    }
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

  async openDiagnosis(sessionId: string): Promise<void> {
    this.screen = 'diagnosis';
    await this.session.open(sessionId);
  }

  async openProfile(source: ProfileSource, focus?: Focus): Promise<void> {
    this.screen = 'flame';
    await this.flame.open(source, focus);
  }

  /** A file dropped on the window or chosen: to a path the engine can read (an upload in a browser), then Flame. */
  async openFile(file: File): Promise<void> {
    try {
      const path = await this.client.files.toPath(file);
      await this.openProfile({ kind: 'file', path });
    } catch (err) {
      this.notice = err;
    }
  }
}
