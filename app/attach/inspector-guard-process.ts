// The inspector guard's own process (started by inspector-guard.ts just before SIGUSR1): it holds a pipe from the
// engine and, when that pipe closes without a word (the engine was killed between the signal and arming the app's
// watchdog), closes the inspector the signal opened: the one listening socket of the process that was not there
// before. Told "handed-over" (the watchdog is armed, or the engine closed the inspector itself) it exits untouched.
// Plain Node, built-ins and two small modules of ours only: the packaged app keeps them outside its archive.
//   argv: <pid> <ports listened before, comma-separated>
import { setTimeout as sleep } from 'node:timers/promises';
import { closeInspectorAt } from './inspector-closer.js';
import { listeningSockets } from './os-processes.js';

const [pidArg = '', beforeArg = ''] = process.argv.slice(2);
const pid = Number(pidArg);
const before = new Set(beforeArg.split(',').filter(Boolean).map(Number));
/** As long as the engine gives an inspector to open after SIGUSR1, and a moment more. */
const WAIT_FOR_OPEN_MS = 6000;
let handedOver = false;

// Ctrl-C or a hang-up meant for the terminal is the engine's business: the pipe says when to act.
for (const signal of ['SIGINT', 'SIGHUP'] as const) process.on(signal, () => {});

process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  if (chunk.includes('handed-over')) handedOver = true;
});
process.stdin.on('error', () => {});
process.stdin.once('end', () => void engineGone());
process.stdin.once('close', () => void engineGone());

let acting = false;
async function engineGone(): Promise<void> {
  if (acting) return;
  acting = true;
  if (!handedOver && Number.isInteger(pid) && pid > 1) await closeWhatOpened();
  process.exit(0);
}

async function closeWhatOpened(): Promise<void> {
  const deadline = Date.now() + WAIT_FOR_OPEN_MS;
  while (Date.now() < deadline) {
    const opened = listeningSockets(pid).filter((s) => !before.has(s.port));
    for (const s of opened) {
      const host = s.address === '0.0.0.0' || s.address === '::' || s.address === '' ? '127.0.0.1' : s.address.replace(/^\[|\]$/g, '');
      if (await closeInspectorAt(host, s.port)) return;
    }
    await sleep(100);
  }
}
