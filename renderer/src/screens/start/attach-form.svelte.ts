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
  /** Nothing is chosen for the user: the first Node process listed may well be someone else's. */
  picked = $state<number | undefined>(undefined);
  /** An inspector's address pasted instead (ws://… as Node prints it, or host:port). */
  address = $state('');
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
      // The choice stays across a refresh while its process is still there; gone, nothing is chosen in its place.
      if (!this.pickedProcess) this.picked = undefined;
    } catch (err) {
      this.listError = err;
    } finally {
      this.loading = false;
      this.listed = true;
    }
  }

  /** A process chosen: the address field and an error about another choice are cleared. */
  pick(pid: number): void {
    if (this.picked !== pid) this.startError = undefined;
    this.picked = pid;
    this.address = '';
  }

  /** An address typed or pasted: no process stays chosen, and an error about one goes. */
  setAddress(text: string): void {
    this.address = text;
    if (text.trim()) {
      this.picked = undefined;
      this.startError = undefined;
    }
  }

  /** What the run attaches to, and its name: the pasted address, else the chosen process. */
  get target(): { to: string; title: string } | undefined {
    const address = this.address.trim();
    if (address) return { to: address, title: `the app at ${address.replace(/^ws:\/\/([^/]+).*$/, '$1')}` };
    const chosen = this.pickedProcess;
    return chosen ? { to: String(chosen.pid), title: `${commandName(chosen)} (pid ${chosen.pid})` } : undefined;
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
    const target = this.target;
    if (!target) return;
    this.startError = undefined;
    if (await this.app.run.startAttached(target.to, this.recipe(), target.title)) this.app.go('live');
    else this.startError = this.app.run.startError;
  }
}

/** What a process is called in the list: its script's file name, else its program. */
export function commandName(p: NodeProcessInfo): string {
  const script = p.command.slice(1).find((a) => !a.startsWith('-'));
  return (script ?? p.program).split(/[\\/]/).pop() ?? String(p.pid);
}
