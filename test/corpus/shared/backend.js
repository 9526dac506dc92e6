'use strict';
// The slow backend that the corpus's I/O cases talk to, started as its own process so that a case's server has
// exactly one listening port. It gets a clean Node (no inherited --inspect or --require flags, no NODE_OPTIONS), and
// it exits when the server does (downstream.js leaves as soon as its IPC channel closes).
const path = require('node:path');
const { fork } = require('node:child_process');

let downstream;

/** Starts the backend, every answer taking `delayMs`; resolves with its port. */
function startDownstream(delayMs) {
  const env = { ...process.env, DOWNSTREAM_DELAY_MS: String(delayMs) };
  delete env.NODE_OPTIONS;
  downstream = fork(path.join(__dirname, 'downstream.js'), [], { execArgv: [], env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    downstream.once('message', (message) => resolve(message.port));
    downstream.once('exit', (code) => reject(new Error(`the downstream service exited (${code})`)));
  });
}

/** Stops the backend and resolves once it has exited (and been reaped by this process). */
function stopDownstream() {
  if (!downstream || downstream.exitCode !== null || downstream.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    downstream.once('exit', resolve);
    downstream.kill();
  });
}

process.on('exit', () => {
  if (downstream && downstream.exitCode === null) downstream.kill();
});

module.exports = { startDownstream, stopDownstream };
