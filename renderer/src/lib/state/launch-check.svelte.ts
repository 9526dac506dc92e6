// Before an imported session's recipe runs: the engine says what it launches (describeRerun); an imported recipe the
// user has not confirmed waits here, shown in the confirmation dialog, until the user runs it or cancels. A refused
// recipe (code to evaluate...) is shown with the engine's reason and cannot be run. Secrets the bundle left out (a
// login's body, credential headers) are asked for again here, in password fields; they go to `rerun` only, never into
// the session's files or an export.
import type { RerunPreview } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';

interface Pending {
  preview: RerunPreview;
  /** The run that was asked for, started once the user confirms, with the secrets given again. */
  proceed: (secrets?: Record<string, string>) => Promise<boolean>;
}

export class LaunchCheck {
  pending = $state.raw<Pending | undefined>(undefined);
  error = $state.raw<unknown>(undefined);
  busy = $state(false);
  /** The secrets typed, by the field missingSecrets names (load.setup.requests.0.body...). */
  secrets = $state<Record<string, string>>({});

  constructor(private readonly client: Client) {}

  /** True when the session's recipe may run now; else the dialog opens and `proceed` waits for the user. */
  async clear(sessionId: string, proceed: (secrets?: Record<string, string>) => Promise<boolean>): Promise<boolean> {
    const preview = await this.client.describeRerun({ sessionId });
    const needsSecrets = (preview.secretsNeeded?.length ?? 0) > 0;
    if (!needsSecrets && (!preview.imported || (preview.imported.confirmedAt && !preview.refused))) return true;
    this.error = undefined;
    this.secrets = Object.fromEntries((preview.secretsNeeded ?? []).map((f) => [f, '']));
    this.pending = { preview, proceed };
    return false;
  }

  /** Every secret asked for has a value. */
  get secretsGiven(): boolean {
    return Object.values(this.secrets).every((v) => v.length > 0);
  }

  async confirm(): Promise<boolean> {
    const pending = this.pending;
    if (!pending || pending.preview.refused || !this.secretsGiven) return false;
    this.busy = true;
    this.error = undefined;
    try {
      if (pending.preview.imported && !pending.preview.imported.confirmedAt) await this.client.confirmImportedRecipe({ sessionId: pending.preview.sessionId });
      const secrets = Object.keys(this.secrets).length ? { ...this.secrets } : undefined;
      this.pending = undefined;
      this.secrets = {};
      return await pending.proceed(secrets);
    } catch (err) {
      this.error = err;
      return false;
    } finally {
      this.busy = false;
    }
  }

  cancel(): void {
    this.pending = undefined;
    this.secrets = {};
    this.error = undefined;
  }
}
