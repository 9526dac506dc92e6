// Where one run's wall time goes, step by step: with CHECKUP_PHASE_TIMES=1 in the engine's environment, each run
// prints its steps to stderr when it ends (bench/results/run-phases-s20.txt was measured with it). Off, it costs a
// branch per step. It only observes: nothing in the run waits on it.
import { performance } from 'node:perf_hooks';

export class PhaseClock {
  private readonly marks: Array<{ step: string; at: number }> = [];
  private readonly origin = performance.now();

  constructor(readonly enabled = process.env.CHECKUP_PHASE_TIMES === '1') {}

  /** The step that just ended, at now (or at a Unix epoch ms the step was stamped with elsewhere). */
  mark(step: string, epochMs?: number): void {
    if (!this.enabled) return;
    const at = epochMs === undefined ? performance.now() : epochMs - performance.timeOrigin;
    this.marks.push({ step, at });
  }

  /** One line per step: ms since the run began, and ms since the step before. */
  report(label: string): void {
    if (!this.enabled) return;
    const lines = [...this.marks]
      .sort((a, b) => a.at - b.at)
      .map((m, i, all) => `phase-times ${label} ${m.step.padEnd(22)} at ${(m.at - this.origin).toFixed(0).padStart(6)} ms  +${(m.at - (i ? all[i - 1]!.at : this.origin)).toFixed(0).padStart(5)} ms`);
    process.stderr.write(lines.join('\n') + '\n');
  }
}
