// Two start-up sessions compared by the engine (compareStartups): time to ready with its test, the modules and
// packages whose inclusive time changed most.
import type { StartupComparison } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';

export class StartupComparisonState {
  beforeId = $state<string | undefined>(undefined);
  afterId = $state<string | undefined>(undefined);
  comparison = $state.raw<StartupComparison | undefined>(undefined);
  loading = $state(false);
  error = $state.raw<unknown>(undefined);
  private generation = 0;

  constructor(private readonly client: Client) {}

  async open(before: string, after: string): Promise<void> {
    const generation = ++this.generation;
    if (this.beforeId !== before || this.afterId !== after) this.comparison = undefined;
    this.beforeId = before;
    this.afterId = after;
    this.loading = true;
    this.error = undefined;
    try {
      const comparison = await this.client.compareStartups({ before, after });
      if (generation === this.generation) this.comparison = comparison;
    } catch (err) {
      if (generation === this.generation) this.error = err;
    } finally {
      if (generation === this.generation) this.loading = false;
    }
  }

  swap(): Promise<void> {
    return this.beforeId && this.afterId ? this.open(this.afterId, this.beforeId) : Promise.resolve();
  }
}
