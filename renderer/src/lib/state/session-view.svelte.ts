// The session shown on the Diagnosis screen, read whole from the engine (samples, ticks, diagnosis, load result).
import type { SessionDetail } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';

export class SessionView {
  id = $state<string | undefined>(undefined);
  detail = $state.raw<SessionDetail | undefined>(undefined);
  loading = $state(false);
  error = $state.raw<unknown>(undefined);
  private generation = 0;

  constructor(private readonly client: Client) {}

  async open(id: string): Promise<void> {
    const generation = ++this.generation;
    this.id = id;
    this.loading = true;
    this.error = undefined;
    if (this.detail?.session.id !== id) this.detail = undefined;
    try {
      const detail = await this.client.getSession({ id });
      if (generation === this.generation) this.detail = detail;
    } catch (err) {
      if (generation === this.generation) this.error = err;
    } finally {
      if (generation === this.generation) this.loading = false;
    }
  }
}
