// The start-up checkup in the app: the Start screen's form (a project and what to run, how many timed starts, which
// Node), the checkup being followed (its run-phase steps and how it ended), and the start-up session on the Start-up
// screen. The engine does every measurement; this keeps what the screen shows.
import type { EngineEvent, RecipeInput, StartupDetail } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';
import { LatestLoadState } from './latest-load.svelte.js';
import { ProjectForm } from './project.svelte.js';

type Finished = Extract<EngineEvent, { type: 'run-finished' }>;
type Target = RecipeInput['target'];

export const DEFAULT_STARTS = 5;

export class StartupState extends LatestLoadState {
  /** The form: its own project, so that a load checkup set up beside it keeps its choices. */
  readonly project: ProjectForm;
  runs = $state(String(DEFAULT_STARTS));
  /** A Node to start the app with: a path or a name on PATH; empty for the one Checkup finds. */
  node = $state('');
  compileCache = $state(true);
  formError = $state<string | undefined>(undefined);

  /** The checkup being followed. */
  runId = $state<string | undefined>(undefined);
  title = $state('');
  message = $state<string | undefined>(undefined);
  step = $state.raw<{ at: number; of: number } | undefined>(undefined);
  starting = $state(false);
  stopping = $state(false);
  startError = $state.raw<unknown>(undefined);
  finished = $state.raw<Finished | undefined>(undefined);

  /** The session shown. */
  id = $state<string | undefined>(undefined);
  detail = $state.raw<StartupDetail | undefined>(undefined);
  private awaitingStart = false;

  constructor(private readonly client: Client) {
    super();
    this.project = new ProjectForm(client);
  }

  get active(): boolean {
    return this.starting || (this.runId !== undefined && !this.finished);
  }

  /** The form's target with its Node, and the number of starts; or what is missing. */
  formTarget(): { target?: Target; runs?: number; error?: string } {
    const runs = Number(this.runs);
    if (!Number.isInteger(runs) || runs < 1 || runs > 50) return { error: 'Starts: a whole number from 1 to 50.' };
    const { target, error } = this.project.target();
    if (!target) return { error: error ?? 'Choose what to run.' };
    const node = this.node.trim();
    return { target: node && target.kind !== 'lab' ? { ...target, node } : target, runs };
  }

  /** Starts the checkup; false when the engine refused it (the error is in `startError`). */
  async start(target: Target, title: string, runs = DEFAULT_STARTS): Promise<boolean> {
    this.runId = undefined;
    this.title = title;
    this.message = undefined;
    this.step = undefined;
    this.finished = undefined;
    this.startError = undefined;
    this.stopping = false;
    this.starting = true;
    this.awaitingStart = true;
    try {
      const started = await this.client.startStartup({ target, runs, compileCache: this.compileCache });
      this.runId = started.runId;
      return true;
    } catch (err) {
      this.startError = err;
      return false;
    } finally {
      this.starting = false;
      this.awaitingStart = false;
    }
  }

  /** Follows the checkup's events; the run-finished event of a complete one is handed to `onDone`. */
  handle(event: EngineEvent, onDone: (sessionId: string) => void): void {
    if (event.type !== 'run-phase' && event.type !== 'run-finished') return;
    // Events can arrive before startStartup answers: a start-up run's id says what it is.
    if (this.awaitingStart && !this.runId && event.runId.startsWith('startup-')) this.runId = event.runId;
    if (event.runId !== this.runId) return;
    if (event.type === 'run-phase') {
      this.message = event.message;
      if (event.step) this.step = event.step;
      return;
    }
    this.finished = event;
    this.stopping = false;
    if (!event.error) onDone(event.sessionId);
  }

  async stop(): Promise<void> {
    if (!this.runId || this.finished) return;
    this.stopping = true;
    try {
      await this.client.stopRun({ runId: this.runId });
    } catch (err) {
      this.stopping = false;
      this.startError = err;
    }
  }

  async open(id: string): Promise<void> {
    if (this.id !== id) this.detail = undefined;
    this.id = id;
    await this.latest.run(
      () => this.client.getStartup({ id }),
      (detail) => (this.detail = detail),
    );
  }
}
