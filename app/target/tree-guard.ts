// The engine's end of the tree guard: a small separate process (supervisor.ts) that takes a target's tree down when
// the engine dies, however it dies (kill -9 included), because the pipe between them closes with it. Started before
// the target, so no moment exists where the target runs unguarded; told the leader's pid once it exists; released
// after the engine took the tree down itself.
import type { ChildProcess } from 'node:child_process';
import { startGuardProcess } from './guard-process.js';

export class TreeGuard {
  private released = false;

  private constructor(private readonly child: ChildProcess) {}

  /**
   * Starts the guard on `node` (a plain Node: the target's own, since under Electron our execPath is not one). Returns
   * undefined if it cannot start: the probe's own orphan watch is then the only guard, as before.
   */
  static start(node: string, mark: string, graceMs: number): TreeGuard | undefined {
    const child = startGuardProcess(node, 'app/target/supervisor', [mark, String(graceMs)]);
    if (!child) return undefined;
    return new TreeGuard(child);
  }

  watch(pid: number): void {
    this.send(`watch ${pid}`);
  }

  /** The engine has taken the tree down: the guard exits without acting. */
  release(): void {
    if (this.released) return;
    this.send('release');
    this.released = true;
    this.child.stdin?.end();
  }

  private send(line: string): void {
    if (!this.released && this.child.stdin?.writable) this.child.stdin.write(line + '\n');
  }
}
