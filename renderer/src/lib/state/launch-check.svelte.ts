// Before an imported session's recipe runs: the engine says what it launches (describeRerun); an imported recipe the
// user has not confirmed waits here, shown in the confirmation dialog, until the user runs it or cancels. A refused
// recipe (code to evaluate...) is shown with the engine's reason and cannot be run.
import type { RerunPreview } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';

interface Pending {
  preview: RerunPreview;
  /** The run that was asked for, started once the user confirms. */
  proceed: () => Promise<boolean>;
}

export class LaunchCheck {
  pending = $state.raw<Pending | undefined>(undefined);
  error = $state.raw<unknown>(undefined);
  busy = $state(false);

  constructor(private readonly client: Client) {}

  /** True when the session's recipe may run now; else the dialog opens and `proceed` waits for the user. */
  async clear(sessionId: string, proceed: () => Promise<boolean>): Promise<boolean> {
    const preview = await this.client.describeRerun({ sessionId });
    if (!preview.imported || (preview.imported.confirmedAt && !preview.refused)) return true;
    this.error = undefined;
    this.pending = { preview, proceed };
    return false;
  }

  async confirm(): Promise<boolean> {
    const pending = this.pending;
    if (!pending || pending.preview.refused) return false;
    this.busy = true;
    this.error = undefined;
    try {
      await this.client.confirmImportedRecipe({ sessionId: pending.preview.sessionId });
      this.pending = undefined;
      return await pending.proceed();
    } catch (err) {
      this.error = err;
      return false;
    } finally {
      this.busy = false;
    }
  }

  cancel(): void {
    this.pending = undefined;
    this.error = undefined;
  }
}
