// Two profiles compared by the engine, function by function (files of any format, or a session's profile): the
// Comparison screen's other mode, for a profile someone sent or production's pprof against a local run.
import type { ProfileComparison, ProfileSource } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';

export class ProfileComparisonState {
  before = $state.raw<ProfileSource | undefined>(undefined);
  after = $state.raw<ProfileSource | undefined>(undefined);
  comparison = $state.raw<ProfileComparison | undefined>(undefined);
  loading = $state(false);
  error = $state.raw<unknown>(undefined);
  private generation = 0;

  constructor(private readonly client: Client) {}

  async open(before: ProfileSource, after: ProfileSource): Promise<boolean> {
    const generation = ++this.generation;
    this.before = before;
    this.after = after;
    this.comparison = undefined;
    this.loading = true;
    this.error = undefined;
    try {
      const comparison = await this.client.compareProfiles({ before, after });
      if (generation !== this.generation) return false;
      this.comparison = comparison;
      return true;
    } catch (err) {
      if (generation === this.generation) this.error = err;
      return false;
    } finally {
      if (generation === this.generation) this.loading = false;
    }
  }

  swap(): Promise<boolean> {
    if (!this.before || !this.after) return Promise.resolve(false);
    return this.open(this.after, this.before);
  }
}
