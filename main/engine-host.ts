// The engine host: the process the desktop app runs the engine in, off Electron's main thread. Electron starts it
// with utilityProcess.fork and talks over process.parentPort; under plain Node (tests) it is forked with an IPC
// channel and talks over process.send. It never outlives its parent: a shutdown request, a closed channel or an exit
// all take every target down (the probe also kills its target when the engine's channel closes).
import { Engine } from '../app/engine/engine.js';
import { killAllTargetsSync } from '../app/target/index.js';
import { serveHostedEngine, type HostMessage, type HostPort } from './engine-host-protocol.js';

interface ParentPortLike {
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  postMessage(message: unknown): void;
}

function electronPort(parentPort: ParentPortLike): HostPort {
  return {
    post: (message: HostMessage) => parentPort.postMessage(message),
    onMessage: (listener) => void parentPort.on('message', (event) => listener(event.data)),
  };
}

function nodeIpcPort(): HostPort {
  return {
    post: (message: HostMessage) => {
      if (process.connected) process.send!(message);
    },
    onMessage: (listener) => void process.on('message', (message) => listener(message)),
  };
}

function exitNow(code: number): never {
  killAllTargetsSync();
  process.exit(code);
}

const parentPort = (process as unknown as { parentPort?: ParentPortLike }).parentPort;
if (!parentPort && !process.send) {
  process.stderr.write('engine-host: this process is started by the Checkup desktop app (no parent channel).\n');
  process.exit(2);
}
const port = parentPort ? electronPort(parentPort) : nodeIpcPort();

process.on('unhandledRejection', (reason) => {
  // One failed background promise must not take down every run: log it, keep serving.
  process.stderr.write(`engine-host: unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}\n`);
});
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => exitNow(0));
// Under Node IPC a vanished parent shows as a disconnect; in Electron the utility process is ended with its parent.
process.on('disconnect', () => exitNow(0));

serveHostedEngine(new Engine(), port, { onShutdown: () => setImmediate(() => exitNow(0)) });
