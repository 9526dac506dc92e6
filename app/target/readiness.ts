// Waiting for a launched target to listen, and turning every way that can fail into its coded error.
import { CheckupError } from '../errors.js';
import type { Target, TargetExit } from './target.js';

export interface ReadyOptions {
  /** Take the process tree down before rejecting (default true), so a failed start leaves nothing behind. */
  shutdownOnFailure?: boolean;
  /** Grace period for that shutdown (default 3000 ms). */
  graceMs?: number;
  /**
   * No hello from any probe by then means the probe never loaded (NODE_OPTIONS overridden by the script, not a Node
   * program): CHK_PROBE_FAILED. The probe says hello before the app's own code runs, so only npm's start-up and
   * pre-scripts come before it. Default 15 s (capped at the overall timeout).
   */
  helloTimeoutMs?: number;
}

export interface ReadyInfo {
  port: number;
  /** ws://127.0.0.1:PORT/UUID; undefined when the inspector could not be opened (see `inspectorError`). */
  inspectorUrl?: string;
  inspectorError?: string;
  /** ms from the app process's start to listening; absent for a process attached to (it was listening already). */
  startupMs?: number;
  /** ms from launch to listening, npm included. */
  launchToListenMs: number;
  /** pid of the app process (not npm's), when the probe reported it. */
  pid?: number;
  nodeVersion?: string;
  /** False when the port was found but no probe ever reported from the app (its start-up dropped NODE_OPTIONS). */
  probed?: boolean;
}

/**
 * After EADDRINUSE an app may still try another port; give it this long before calling it CHK_PORT_IN_USE. An app
 * that does not handle the error crashes at once, and then its exit decides sooner.
 */
const ADDR_IN_USE_GRACE_MS = 1000;

function describeExit(exit: TargetExit): string {
  return exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
}

function readyInfo(target: Target): ReadyInfo {
  const l = target.listening!;
  return {
    port: l.port,
    inspectorUrl: target.inspectorUrl,
    inspectorError: target.inspectorError,
    startupMs: l.startupMs,
    launchToListenMs: l.launchToListenMs,
    pid: target.appPid,
    nodeVersion: target.hello?.nodeVersion,
    probed: target.hello !== undefined,
  };
}

export function waitForReady(target: Target, timeoutMs: number, options: ReadyOptions = {}): Promise<ReadyInfo> {
  if (target.listening) return Promise.resolve(readyInfo(target));
  const shutdownOnFailure = options.shutdownOnFailure ?? true;
  const helloTimeoutMs = Math.min(options.helloTimeoutMs ?? 15_000, timeoutMs);

  return new Promise<ReadyInfo>((resolve, reject) => {
    const timers: NodeJS.Timeout[] = [];
    let settled = false;
    let portInUse: number | undefined;

    const finish = () => {
      settled = true;
      for (const t of timers) clearTimeout(t);
      target.off('listening', onListening);
      target.off('listen-error', onListenError);
      target.off('exit', onExit);
    };

    const fail = (make: () => CheckupError) => {
      if (settled) return;
      finish();
      // Build the error now: the shutdown below changes the state it describes.
      const error = make();
      const done = () => reject(error);
      if (shutdownOnFailure) void target.shutdown({ graceMs: options.graceMs }).then(done, done);
      else done();
    };

    const portInUseError = (port: number) => new CheckupError('CHK_PORT_IN_USE', { port }, { details: target.lastLines() });

    const onListening = () => {
      if (settled) return;
      finish();
      resolve(readyInfo(target));
    };

    const onListenError = (e: { code: string; port?: number }) => {
      if (e.code !== 'EADDRINUSE' || portInUse !== undefined) return;
      portInUse = e.port ?? 0;
      timers.push(setTimeout(() => fail(() => portInUseError(portInUse ?? 0)), ADDR_IN_USE_GRACE_MS));
    };

    const onExit = (exit: TargetExit) => {
      if (portInUse !== undefined) return fail(() => portInUseError(portInUse ?? 0));
      if (target.stopRequested) return fail(() => new CheckupError('CHK_INTERRUPTED'));
      fail(() => new CheckupError('CHK_TARGET_EXITED_EARLY', { exit: describeExit(exit), code: exit.code ?? undefined, signal: exit.signal ?? undefined }, { details: target.lastLines() }));
    };

    target.on('listening', onListening);
    target.on('listen-error', onListenError);
    target.on('exit', onExit);
    if (target.exitInfo) return onExit(target.exitInfo);

    const noHello = () =>
      new CheckupError('CHK_PROBE_FAILED', { detail: `no message from the probe within ${Math.round(helloTimeoutMs / 1000)} s (was NODE_OPTIONS replaced by the start script, or is the target not a Node.js program?)` }, { details: target.lastLines() });
    timers.push(setTimeout(() => {
      if (!target.helloReceived) fail(noHello);
    }, helloTimeoutMs));
    timers.push(setTimeout(() => {
      if (portInUse !== undefined) return fail(() => portInUseError(portInUse ?? 0));
      fail(() => (target.helloReceived ? new CheckupError('CHK_TARGET_NEVER_LISTENED', { seconds: Math.round(timeoutMs / 100) / 10 }, { details: target.lastLines() }) : noHello()));
    }, timeoutMs));
  });
}
