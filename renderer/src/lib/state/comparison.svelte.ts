// The Comparison screen: two sessions compared by the engine (figures with their tests, verdicts, function deltas,
// the merged call tree), and both sessions read whole for the overlaid charts. Swapping sides asks the engine again,
// since every test and ratio is directional.
import type { Comparison, SessionDetail } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';
import { overlayCharts } from '../util/compare-series.js';
import type { ChartSpec } from '../util/series.js';

export class ComparisonState {
  beforeId = $state<string | undefined>(undefined);
  afterId = $state<string | undefined>(undefined);
  comparison = $state.raw<Comparison | undefined>(undefined);
  before = $state.raw<SessionDetail | undefined>(undefined);
  after = $state.raw<SessionDetail | undefined>(undefined);
  charts = $state.raw<ChartSpec[]>([]);
  loading = $state(false);
  error = $state.raw<unknown>(undefined);
  /** The sessions' own data could not be read for the charts; the comparison itself is still shown. */
  chartsError = $state.raw<unknown>(undefined);
  private generation = 0;

  constructor(private readonly client: Client) {}

  get ready(): boolean {
    return this.comparison !== undefined && this.comparison.before.sessionId === this.beforeId && this.comparison.after.sessionId === this.afterId;
  }

  async open(before: string, after: string): Promise<boolean> {
    const generation = ++this.generation;
    this.beforeId = before;
    this.afterId = after;
    this.loading = true;
    this.error = undefined;
    this.chartsError = undefined;
    if (!this.ready) {
      this.comparison = undefined;
      this.charts = [];
    }
    try {
      const [comparison, details] = await Promise.all([
        this.client.compareSessions({ before, after }),
        Promise.all([this.client.getSession({ id: before }), this.client.getSession({ id: after })]).catch((err: unknown) => err),
      ]);
      if (generation !== this.generation) return false;
      this.comparison = comparison;
      if (Array.isArray(details)) {
        [this.before, this.after] = details as [SessionDetail, SessionDetail];
        this.charts = overlayCharts(this.before, this.after);
      } else {
        this.before = this.after = undefined;
        this.charts = [];
        this.chartsError = details;
      }
      return true;
    } catch (err) {
      if (generation === this.generation) this.error = err;
      return false;
    } finally {
      if (generation === this.generation) this.loading = false;
    }
  }

  swap(): Promise<boolean> {
    if (!this.beforeId || !this.afterId) return Promise.resolve(false);
    return this.open(this.afterId, this.beforeId);
  }
}
