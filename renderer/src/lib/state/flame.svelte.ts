// The Flame screen's profile: where it comes from, what is hidden, what it is focused on. A new profile or filter asks
// the engine for a new view (the import and reduction run off the UI thread there), which speedscope is handed without
// losing its view; a focus is speedscope's Sandwich view on that function (its callers and callees), not a new view.
import type { EngineEvent, FrameCategory, ProfileSource, ProfileView, RunUnit } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';
import { LatestLoadState } from './latest-load.svelte.js';

export type Focus = { functionName: string; url: string; line: number };

/** The filter toggles and the categories each one hides. */
export const FILTERS: Array<{ id: string; label: string; categories: FrameCategory[] }> = [
  { id: 'node-core', label: 'Node core', categories: ['node-core'] },
  { id: 'v8', label: 'V8 & native', categories: ['v8', 'native', 'program'] },
  { id: 'dependency', label: 'Dependencies', categories: ['dependency'] },
  { id: 'idle', label: 'Idle & GC', categories: ['idle', 'gc'] },
];

export class FlameState extends LatestLoadState {
  source = $state.raw<ProfileSource | undefined>(undefined);
  hidden = $state.raw<FrameCategory[]>([]);
  focus = $state.raw<Focus | undefined>(undefined);
  view = $state.raw<ProfileView | undefined>(undefined);
  progress = $state.raw<{ phase: string; fraction: number } | undefined>(undefined);

  constructor(private readonly client: Client) {
    super();
  }

  /** The processes and threads of a multi-unit session whose profiles can be shown (the thread picker). */
  units = $state.raw<RunUnit[]>([]);

  /** Opens a profile afresh: nothing hidden, focused only when asked. */
  async open(source: ProfileSource, focus?: Focus, units: RunUnit[] = []): Promise<boolean> {
    const shown = this.view ? { units: this.units, source: this.source, hidden: this.hidden, focus: this.focus, view: this.view } : undefined;
    this.units = source.kind === 'session' ? units : [];
    this.source = source;
    this.hidden = [];
    this.focus = focus;
    this.keptAfterError = false;
    // Another profile: the old one must not stay on screen while this one loads.
    this.view = undefined;
    const opened = await this.reload();
    // A file that would not open does not cost the profile that was shown: it comes back, under the error.
    if (!opened && shown && this.error !== undefined && this.view === undefined) {
      const error = this.error;
      Object.assign(this, shown);
      this.error = error;
      this.keptAfterError = true;
    }
    return opened;
  }

  /** The profile shown is the one from before a file that failed to open (the error says which). */
  keptAfterError = $state(false);

  reload(): Promise<boolean> {
    const source = this.source;
    if (!source) return Promise.resolve(false);
    this.progress = undefined;
    return this.latest.run(
      () => this.client.openProfile({ source, ...(this.hidden.length ? { hide: this.hidden } : {}) }),
      (view) => (this.view = view),
      () => (this.progress = undefined),
    );
  }

  isHidden(filterId: string): boolean {
    const filter = FILTERS.find((f) => f.id === filterId);
    return Boolean(filter && filter.categories.every((c) => this.hidden.includes(c)));
  }

  toggle(filterId: string): Promise<boolean> {
    const filter = FILTERS.find((f) => f.id === filterId);
    if (!filter) return Promise.resolve(false);
    this.hidden = this.isHidden(filterId)
      ? this.hidden.filter((c) => !filter.categories.includes(c))
      : [...this.hidden, ...filter.categories.filter((c) => !this.hidden.includes(c))];
    return this.reload();
  }

  setFocus(focus: Focus | undefined): void {
    this.focus = focus;
  }

  /** Whether the hot-functions table is shown beside the flame graph (hidden by default: the graph gets the room). */
  showHot = $state(false);

  selectProfile(index: number): Promise<boolean> {
    if (this.source?.kind !== 'file') return Promise.resolve(false);
    this.source = { ...this.source, index };
    this.focus = undefined;
    return this.reload();
  }

  /** For a multi-unit session: show one process's or thread's CPU profile (the main unit: the session's own). */
  selectUnit(id: string): Promise<boolean> {
    if (this.source?.kind !== 'session') return Promise.resolve(false);
    const unit = this.units.find((u) => u.id === id);
    const { unit: _old, ...rest } = this.source;
    this.source = unit && !unit.main ? { ...rest, file: 'cpu', unit: unit.id } : { ...rest };
    this.focus = undefined;
    return this.reload();
  }

  /** For a session: switch between its CPU and heap profiles. */
  selectKind(file: 'cpu' | 'heap'): Promise<boolean> {
    if (this.source?.kind !== 'session') return Promise.resolve(false);
    const { unit: _unit, ...rest } = this.source;
    this.source = { ...rest, file };
    this.focus = undefined;
    return this.reload();
  }

  handle(event: EngineEvent): void {
    if (event.type === 'profile-progress' && this.loading) this.progress = { phase: event.phase, fraction: event.fraction };
  }

  /** The flame document of the current view, as an address speedscope can fetch. */
  documentUrl(base: string): string | undefined {
    return this.view?.flamePath ? new URL(this.view.flamePath, base).href : undefined;
  }

  /** Which profile is shown (not which filters): speedscope's page is loaded afresh only when this changes. */
  get pageKey(): string {
    return this.view ? JSON.stringify([this.view.source, this.view.index]) : '';
  }
}
