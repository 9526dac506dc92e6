// "Attach to a running app": the local Node processes (from the engine, which asks the OS), the one picked, and the
// load to send it; the run itself is followed like any other (RunState.startAttached).
import type { NodeProcessInfo, RecipeInput } from '../../../../app/contract/index.js';
import type { AppState } from '../../lib/state/app.svelte.js';

export class AttachForm {
  processes = $state.raw<NodeProcessInfo[]>([]);
  loading = $state(false);
  listed = $state(false);
  listError = $state<unknown>(undefined);
  startError = $state<unknown>(undefined);
  picked = $state<number | undefined>(undefined);
  paths = $state('/');
  connections = $state('10');
  duration = $state('10');
  warmup = $state('2');

  /** The app as the component has it now (props can change; the form outlives none of them). */
  constructor(private readonly appNow: () => AppState) {}

  private get app(): AppState {
    return this.appNow();
  }

  get pickedProcess(): NodeProcessInfo | undefined {
    return this.processes.find((p) => p.pid === this.picked);
  }

  async refresh(): Promise<void> {
    this.loading = true;
    this.listError = undefined;
    try {
      this.processes = await this.app.client.listRunningApps({});
      if (!this.pickedProcess) this.picked = this.processes.find((p) => p.ports.length)?.pid;
    } catch (err) {
      this.listError = err;
    } finally {
      this.loading = false;
      this.listed = true;
    }
  }

  /** The load as the Recipe screen would send it; the engine validates it and says what is wrong. */
  recipe(): Partial<RecipeInput> {
    const num = (text: string) => (text.trim() === '' ? undefined : Number(text));
    const paths = this.paths.split('\n').map((p) => p.trim()).filter(Boolean);
    return {
      load: {
        requests: (paths.length ? paths : ['/']).map((path) => ({ method: 'GET', path, headers: {} })),
        connections: num(this.connections),
        durationSec: num(this.duration),
        warmupSec: num(this.warmup),
      },
    };
  }

  async start(): Promise<void> {
    const chosen = this.pickedProcess;
    if (!chosen) return;
    this.startError = undefined;
    const title = `${commandName(chosen)} (pid ${chosen.pid})`;
    if (await this.app.run.startAttached(String(chosen.pid), this.recipe(), title)) this.app.go('live');
    else this.startError = this.app.run.startError;
  }
}

/** What a process is called in the list: its script's file name, else its program. */
export function commandName(p: NodeProcessInfo): string {
  const script = p.command.slice(1).find((a) => !a.startsWith('-'));
  return (script ?? p.program).split(/[\\/]/).pop() ?? String(p.pid);
}
