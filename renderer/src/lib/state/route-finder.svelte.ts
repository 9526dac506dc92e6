// "Find routes" on the Recipe screen: the engine starts the app, reads the routes its framework registered and stops
// it again (findRoutes); Stop or Escape ends it early (stopFindRoutes). The result belongs to the app it was read
// from: choosing another app forgets it.
import type { FoundRoutes, RecipeInput } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';

type TargetInput = RecipeInput['target'];

export class RouteFinder {
  finding = $state(false);
  found = $state.raw<FoundRoutes | undefined>(undefined);
  error = $state.raw<unknown>(undefined);
  /** The app the routes were read from (compared by value: the form makes a new object per load). */
  private readFrom = $state<string | undefined>(undefined);

  constructor(private readonly client: Client) {}

  /** Routes read for this very app, else undefined. */
  for(target: TargetInput | undefined): FoundRoutes | undefined {
    return target && this.readFrom === JSON.stringify(target) ? this.found : undefined;
  }

  async find(target: TargetInput, options: { port?: number; readyTimeoutSec?: number }): Promise<void> {
    this.finding = true;
    this.error = undefined;
    this.found = undefined;
    try {
      const found = await this.client.findRoutes({ target, ...options });
      this.found = found;
      this.readFrom = JSON.stringify(target);
    } catch (err) {
      // A stop the user asked for is not an error to show.
      if ((err as { code?: string })?.code !== 'CHK_INTERRUPTED') this.error = err;
    } finally {
      this.finding = false;
    }
  }

  async stop(): Promise<void> {
    if (this.finding) await this.client.stopFindRoutes({});
  }
}
