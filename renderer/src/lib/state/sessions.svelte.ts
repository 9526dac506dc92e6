// The session history: listed newest first by the engine; deleting asks first (the screen confirms inline).
import type { SessionListItem } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';

export class SessionsState {
  items = $state.raw<SessionListItem[]>([]);
  loading = $state(false);
  loaded = $state(false);
  error = $state.raw<unknown>(undefined);

  constructor(private readonly client: Client) {}

  async refresh(): Promise<void> {
    this.loading = true;
    try {
      this.items = await this.client.listSessions({});
      this.error = undefined;
      this.loaded = true;
    } catch (err) {
      this.error = err;
    } finally {
      this.loading = false;
    }
  }

  async remove(id: string): Promise<void> {
    try {
      await this.client.deleteSession({ id });
      this.items = this.items.filter((s) => s.id !== id);
      this.error = undefined;
    } catch (err) {
      this.error = err;
    }
  }

  async reveal(path: string): Promise<void> {
    try {
      await this.client.revealPath({ path });
      this.error = undefined;
    } catch (err) {
      this.error = err;
    }
  }
}
