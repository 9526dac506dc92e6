// Runs one database server as its child and ends it when the process that asked for it goes away: the parent holds
// our stdin open and never writes to it, so its end (a clean stop, a crash, SIGKILL of the test runner) closes the
// pipe and we stop the server. This is what keeps a killed test run from leaving a postgres or mariadbd behind.
// argv: <folder to remove once the server is gone> <stop signal> <uid or -> <gid or -> <command> [args...]
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const [folder, stopSignal, uid, gid, command, ...args] = process.argv.slice(2);
const ids = {};
if (uid !== '-') ids.uid = Number(uid);
if (gid !== '-') ids.gid = Number(gid);

const server = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...ids });
let stopping = false;

// A server that takes longer than this to shut down cleanly is killed: tests must not hang on a stuck database.
const KILL_AFTER_MS = 10_000;

function stop() {
  if (stopping) return;
  stopping = true;
  if (server.exitCode !== null || server.signalCode !== null) return;
  server.kill(stopSignal);
  setTimeout(() => server.kill('SIGKILL'), KILL_AFTER_MS).unref();
}

server.on('exit', (code, signal) => {
  rmSync(folder, { recursive: true, force: true });
  process.exitCode = stopping ? 0 : code ?? (signal ? 1 : 0);
  process.stdin.destroy();
});
server.on('error', (err) => {
  process.stderr.write(`db-guard: cannot start ${command}: ${err.message}\n`);
  process.exitCode = 127;
  process.stdin.destroy();
});
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop);
