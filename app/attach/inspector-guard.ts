// The engine's end of the inspector guard (inspector-guard-process.ts): started before SIGUSR1 is sent, so that no
// moment exists where an inspector Checkup opens is left to nobody. Until the app's watchdog is armed, a Checkup killed
// outright (kill -9) would otherwise leave the inspector open for good; the guard, a process of its own holding a pipe
// from us, sees the pipe close and closes the inspector. Handed over once the watchdog is armed (or the engine closed
// what it opened): the guard exits without acting.
import type { ChildProcess } from 'node:child_process';
import { startGuardProcess } from '../target/guard-process.js';

export class InspectorGuard {
  private ended = false;

  private constructor(private readonly child: ChildProcess) {}

  /**
   * Starts the guard on `node` (a plain Node). Returns undefined if it cannot start: the watchdog is then the only
   * guard, from the moment it is armed.
   */
  static start(node: string, pid: number, portsBefore: number[]): InspectorGuard | undefined {
    const child = startGuardProcess(node, 'app/attach/inspector-guard-process', [String(pid), portsBefore.join(',')]);
    if (!child) return undefined;
    return new InspectorGuard(child);
  }

  /** The watchdog is armed, or nothing is left open: the guard exits without acting. */
  handOver(): void {
    this.end('handed-over\n');
  }

  /** The attach failed with an inspector perhaps still open: the guard closes whatever the signal opened. */
  abandon(): void {
    this.end('');
  }

  private end(word: string): void {
    if (this.ended) return;
    this.ended = true;
    if (this.child.stdin?.writable) this.child.stdin.end(word);
  }
}
