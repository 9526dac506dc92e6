// Live progress of a run on stderr: one rewritten line on a terminal, a line per phase and per second otherwise.
import type { EngineEvent, RunPhase } from '../contract/api.js';
import type { LoadTick, ProbeSample } from '../contract/metrics.js';
import { dim, isTty, printable, yellow } from './terminal.js';
import { formatUnitTree } from './unit-tree.js';
import { setupWords, unmatchedRoutesWords } from '../contract/words.js';

const phaseText: Record<RunPhase, string> = {
  starting: 'starting the app',
  'waiting-for-port': 'waiting for the app to listen',
  warmup: 'warming up',
  measuring: 'measuring',
  collecting: 'collecting the profile',
  diagnosing: 'diagnosing',
  repeating: 'measuring again in a fresh process',
  saving: 'saving',
  done: 'done',
  failed: 'failed',
  stopped: 'stopped',
};

/** An attached app runs already: nothing is started or waited for, Checkup connects and finds its port. */
const attachedPhaseText: Partial<Record<RunPhase, string>> = {
  starting: 'attaching to the app',
  'waiting-for-port': 'finding where the app listens',
};

export class ProgressPrinter {
  private readonly tty = isTty(process.stderr);
  private phase: RunPhase = 'starting';
  private totalSec = 0;
  private warmupSec = 0;
  private lastTick: LoadTick | undefined;
  private lastSample: ProbeSample | undefined;
  private lineOpen = false;
  private lastTree = '';

  constructor(
    warmupSec: number,
    private readonly out: NodeJS.WriteStream = process.stderr,
    /** The app runs already (checkup attach): nothing is started, Checkup connects to it. */
    private readonly attached = false,
  ) {
    this.warmupSec = warmupSec;
  }

  handle(event: EngineEvent): void {
    if (event.type === 'run-phase') {
      this.phase = event.phase;
      if (event.totalSec) this.totalSec = event.totalSec;
      if (['done', 'failed', 'stopped'].includes(event.phase)) return this.clear();
      const text = (this.attached && attachedPhaseText[event.phase]) || phaseText[event.phase];
      this.write(`${text}${event.message ? ` (${printable(event.message)})` : ''}…`, true);
    } else if (event.type === 'run-units') {
      // Once the load is over, the tree only shrinks as it is shut down: not news.
      if (!['starting', 'waiting-for-port', 'warmup', 'measuring'].includes(this.phase)) return;
      // The tree is printed when it settles into a new shape (a unit came or went), above the live line.
      const tree = formatUnitTree(event.units).join('\n');
      if (tree === this.lastTree) return;
      this.lastTree = tree;
      this.clear();
      this.out.write(`${dim('process tree:', this.out)}\n${dim(tree.replace(/^/gm, '  '), this.out)}\n`);
    } else if (event.type === 'run-routes') {
      // A path of the load that no route takes is said now, not after a whole run of 404s.
      const warning = unmatchedRoutesWords(event.unmatched, event.table);
      if (!warning) return;
      this.clear();
      this.out.write(`${yellow('warning', this.out)}: ${printable(warning)}\n`);
    } else if (event.type === 'run-setup') {
      this.clear();
      this.out.write(`set-up step: ${printable(setupWords(event.setup))}\n`);
    } else if (event.type === 'run-live') {
      this.lastSample = event.live.samples.at(-1) ?? this.lastSample;
      const tick = event.live.ticks.at(-1);
      // Ticks still in flight after the load ended would rewrite the line of a later phase.
      if (tick && (this.phase === 'warmup' || this.phase === 'measuring' || this.phase === 'repeating')) {
        this.lastTick = tick;
        this.write(this.tickLine(tick), !this.tty);
      }
    }
  }

  private tickLine(t: LoadTick): string {
    const measured = Math.round(this.totalSec - this.warmupSec);
    const elapsed = t.phase === 'warmup' ? 'warming up' : `measuring ${t.second + 1}/${measured} s`;
    const delay = this.lastSample ? `  loop delay p99 ${this.lastSample.delay.p99.toFixed(1)} ms` : '';
    const cpu = this.lastSample ? `  cpu ${Math.round((this.lastSample.cpu.user + this.lastSample.cpu.system) * 100)}%` : '';
    return `${elapsed}  ${t.requests.toLocaleString('en-US')} req/s  latency p99 ${t.latencyP99.toFixed(1)} ms${delay}${cpu}${t.errors + t.non2xx ? `  ${t.errors + t.non2xx} failed` : ''}`;
  }

  private write(text: string, newLine: boolean): void {
    if (this.tty) {
      this.out.write(`\r\u001b[2K${dim(text, this.out)}`);
      this.lineOpen = true;
    } else if (newLine) {
      this.out.write(text + '\n');
    }
  }

  clear(): void {
    if (this.tty && this.lineOpen) this.out.write('\r\u001b[2K');
    this.lineOpen = false;
  }
}
