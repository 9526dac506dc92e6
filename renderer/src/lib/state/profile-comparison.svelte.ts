// Two profiles compared by the engine, function by function (files of any format, or a session's profile): the
// Comparison screen's other mode, for a profile someone sent or production's pprof against a local run.
import type { ProfileComparison, ProfileSource } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';
import { LatestLoadState } from './latest-load.svelte.js';

export class ProfileComparisonState extends LatestLoadState {
  before = $state.raw<ProfileSource | undefined>(undefined);
  after = $state.raw<ProfileSource | undefined>(undefined);
  comparison = $state.raw<ProfileComparison | undefined>(undefined);

  constructor(private readonly client: Client) {
    super();
  }

  open(before: ProfileSource, after: ProfileSource): Promise<boolean> {
    this.before = before;
    this.after = after;
    this.comparison = undefined;
    return this.latest.run(
      () => this.client.compareProfiles({ before, after }),
      (comparison) => (this.comparison = comparison),
    );
  }

  swap(): Promise<boolean> {
    if (!this.before || !this.after) return Promise.resolve(false);
    return this.open(this.after, this.before);
  }
}
