// The session history: listed newest first by the engine, grouped by project on screen; notes edited in place; two
// runs selected for a comparison; deleting asks first (the screen confirms inline).
import type { SessionListItem } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';

export class SessionsState {
  items = $state.raw<SessionListItem[]>([]);
  loading = $state(false);
  loaded = $state(false);
  error = $state.raw<unknown>(undefined);
  /** Runs ticked for a comparison, in the order they were ticked (at most two: a third replaces the oldest tick). */
  selected = $state.raw<string[]>([]);

  constructor(private readonly client: Client) {}

  async refresh(): Promise<void> {
    this.loading = true;
    try {
      this.items = await this.client.listSessions({});
      this.selected = this.selected.filter((id) => this.items.some((s) => s.id === id));
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
      this.selected = this.selected.filter((s) => s !== id);
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

  toggleSelected(id: string): void {
    this.selected = this.selected.includes(id) ? this.selected.filter((s) => s !== id) : [...this.selected, id].slice(-2);
  }

  /** Saves a note ("what did I change"); true when the engine kept it. */
  async setNote(id: string, note: string): Promise<boolean> {
    try {
      const saved = await this.client.setSessionNote({ id, note });
      this.items = this.items.map((s) => (s.id === id ? { ...s, note: saved.note || undefined } : s));
      this.error = undefined;
      return true;
    } catch (err) {
      this.error = err;
      return false;
    }
  }
}
