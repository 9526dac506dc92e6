// Starts a bundled lab as a real child process on a random port and stops it again, leaving nothing behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { labDir, labScript, type LabVariant } from '../../../app/labs/catalogue.js';

export interface RunningLab {
  child: ChildProcess;
  pid: number;
  port: number;
  /** Everything the lab printed so far. */
  output(): { stdout: string; stderr: string };
  /** SIGTERM, then SIGKILL after a grace period; resolves once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const READY = /listening on http:\/\/127\.0\.0\.1:(\d+)/;

export async function startLab(
  name: string,
  variant: LabVariant,
  options: { nodeArgs?: string[]; env?: Record<string, string>; ipc?: boolean; readyTimeoutMs?: number } = {},
): Promise<RunningLab> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), labScript(name, variant)], {
    cwd: labDir(name),
    env: { ...process.env, ...options.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe', ...(options.ipc ? (['ipc'] as const) : [])],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name}/${variant} did not print its ready line; stderr: ${stderr}`)), options.readyTimeoutMs ?? 10_000);
    const check = () => {
      const m = READY.exec(stdout);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name}/${variant} exited (${code ?? signal}) before it was ready; stderr: ${stderr}`));
    });
  });

  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    const grace = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(grace);
  };
  return { child, pid: child.pid!, port, output: () => ({ stdout, stderr }), stop };
}

/** Direct children of a process (Linux /proc), e.g. the slow-io lab's downstream service. */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** True while the process runs. A zombie (exited, not yet reaped by whoever adopted it) counts as gone. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true;
  }
}
