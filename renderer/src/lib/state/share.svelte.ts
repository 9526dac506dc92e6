// Exporting a session or a comparison: the engine writes a self-contained HTML report or a .checkup bundle into the
// session folder and says where. The screen shows that path, "Show in folder", and in browser mode a real download
// through the server's /download route (which serves only those files, from the sessions folder).
import type { MethodParams } from '../../../../app/contract/api.js';
import type { Client } from '../client/index.js';

export interface Exported {
  kind: 'report' | 'comparison' | 'bundle' | 'profile';
  path: string;
  bytes: number;
}

export class ExportState {
  items = $state.raw<Exported[]>([]);
  busy = $state<Exported['kind'] | undefined>(undefined);
  error = $state.raw<unknown>(undefined);

  constructor(private readonly client: Client) {}

  /** Another session or comparison is on screen: what was exported for the last one no longer belongs here. */
  reset(): void {
    this.items = [];
    this.error = undefined;
  }

  private async run(kind: Exported['kind'], call: () => Promise<{ path: string; bytes: number }>): Promise<Exported | undefined> {
    this.busy = kind;
    this.error = undefined;
    try {
      const done = { kind, ...(await call()) };
      this.items = [done, ...this.items.filter((e) => e.path !== done.path)];
      return done;
    } catch (err) {
      this.error = err;
      return undefined;
    } finally {
      this.busy = undefined;
    }
  }

  report(sessionId: string): Promise<Exported | undefined> {
    return this.run('report', () => this.client.exportReport({ sessionId }));
  }

  comparison(before: string, after: string): Promise<Exported | undefined> {
    return this.run('comparison', () => this.client.exportReport({ sessionId: after, compareWith: before }));
  }

  bundle(sessionId: string): Promise<Exported | undefined> {
    return this.run('bundle', () => this.client.exportBundle({ sessionId }));
  }

  /** A profile in another format (pprof for go tool pprof and Pyroscope, .cpuprofile, speedscope), beside its file. */
  profile(source: MethodParams['exportProfile']['source'], format: MethodParams['exportProfile']['format']): Promise<Exported | undefined> {
    return this.run('profile', () => this.client.exportProfile({ source, format }));
  }

  async reveal(path: string): Promise<void> {
    this.error = undefined;
    try {
      await this.client.revealPath({ path });
    } catch (err) {
      this.error = err;
    }
  }

  /** Browser mode only: the address that downloads an exported file (relative to the page, cookie-authenticated). */
  downloadUrl(path: string): string | undefined {
    return this.client.host === 'browser' ? `download?path=${encodeURIComponent(path)}` : undefined;
  }
}
