// The Comparison screen: two sessions compared by the engine (figures with their tests, verdicts, function deltas,
// the merged call tree), and both sessions read whole for the overlaid charts. Swapping sides asks the engine again,
// since every test and ratio is directional.
import type { Comparison, SessionDetail } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';
import { LatestLoadState } from './latest-load.svelte.js';
import { overlayCharts } from '../util/compare-series.js';
import type { ChartSpec } from '../util/series.js';

export class ComparisonState extends LatestLoadState {
  beforeId = $state<string | undefined>(undefined);
  afterId = $state<string | undefined>(undefined);
  comparison = $state.raw<Comparison | undefined>(undefined);
  before = $state.raw<SessionDetail | undefined>(undefined);
  after = $state.raw<SessionDetail | undefined>(undefined);
  charts = $state.raw<ChartSpec[]>([]);
  /** The sessions' own data could not be read for the charts; the comparison itself is still shown. */
  chartsError = $state.raw<unknown>(undefined);

  constructor(private readonly client: Client) {
    super();
  }

  get ready(): boolean {
    return this.comparison !== undefined && this.comparison.before.sessionId === this.beforeId && this.comparison.after.sessionId === this.afterId;
  }

  open(before: string, after: string): Promise<boolean> {
    this.beforeId = before;
    this.afterId = after;
    this.chartsError = undefined;
    if (!this.ready) {
      this.comparison = undefined;
      this.charts = [];
    }
    return this.latest.run(
      () =>
        Promise.all([
          this.client.compareSessions({ before, after }),
          Promise.all([this.client.getSession({ id: before }), this.client.getSession({ id: after })]).catch((err: unknown) => err),
        ]),
      ([comparison, details]) => {
        this.comparison = comparison;
        if (Array.isArray(details)) {
          [this.before, this.after] = details as [SessionDetail, SessionDetail];
          this.charts = overlayCharts(this.before, this.after);
        } else {
          this.before = this.after = undefined;
          this.charts = [];
          this.chartsError = details;
        }
      },
    );
  }

  swap(): Promise<boolean> {
    if (!this.beforeId || !this.afterId) return Promise.resolve(false);
    return this.open(this.afterId, this.beforeId);
  }
}
