// The tree guard's own process (started by tree-guard.ts): it holds a pipe from the engine and, when that pipe closes
// without a "release", takes the target's whole tree down: SIGTERM, then SIGKILL after the grace period. It does not
// live in the app, so an app whose event loop is blocked (an endless synchronous loop) or whose npm script dropped
// our probe from NODE_OPTIONS is taken down all the same. It runs on plain Node, costs nothing while it waits (one
// blocked read), and exits once it has no tree left to guard.
//   stdin lines:  watch <pid>   the launched process (the leader of the target's group and session)
//                 release       the engine took the tree down itself: exit without touching anything
// argv: <mark> <graceMs>
import { killTree, killTreeSync } from './process-tree.js';

const [mark = '', graceArg = '3000'] = process.argv.slice(2);
const graceMs = Math.min(30_000, Math.max(0, Number(graceArg) || 3000));
let leader = 0;
let released = false;
let inbox = '';

// Signals meant for the terminal's foreground (Ctrl-C) are the engine's business; we wait for its pipe instead.
for (const signal of ['SIGINT', 'SIGHUP'] as const) process.on(signal, () => {});

process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  inbox += chunk;
  let nl: number;
  while ((nl = inbox.indexOf('\n')) >= 0) {
    const [word, arg] = inbox.slice(0, nl).trim().split(' ');
    inbox = inbox.slice(nl + 1);
    if (word === 'watch' && Number.isInteger(Number(arg)) && Number(arg) > 1) leader = Number(arg);
    else if (word === 'release') released = true;
  }
  if (inbox.length > 4096) inbox = '';
});
process.stdin.on('error', () => {});
process.stdin.once('end', () => void engineGone());
process.stdin.once('close', () => void engineGone());

let acting = false;
async function engineGone(): Promise<void> {
  if (acting) return;
  acting = true;
  if (!released && (leader > 0 || mark)) {
    const tree = { leader, mark };
    // Windows: taskkill /T /F at once (a polite taskkill cannot be waited on from here: the leader is not our child).
    // Elsewhere no exit event reaches us either, so "gone" is decided by the tree alone.
    if (process.platform === 'win32') killTreeSync(tree);
    else await killTree(tree, graceMs, () => true).catch(() => undefined);
  }
  process.exit(0);
}
