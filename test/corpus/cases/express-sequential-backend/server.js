'use strict';
// A dashboard API. loadDashboard needs three independent answers from the account backend (profile, orders,
// recommendations; about 40 ms each) and awaits them one after another, so each dashboard takes ~120 ms of waiting
// where ~40 ms would do with Promise.all. The process is idle most of the time.
const path = require('node:path');
const { fork } = require('node:child_process');
const express = require('express');

let downstream;
let downstreamPort;

// The backend runs as its own process, so that this server has exactly one listening port. It gets a clean Node
// (no inherited --inspect or --require flags, no NODE_OPTIONS) and exits when this process does.
function startDownstream(delayMs) {
  const env = { ...process.env, DOWNSTREAM_DELAY_MS: String(delayMs) };
  delete env.NODE_OPTIONS;
  downstream = fork(path.join(__dirname, 'downstream.js'), [], { execArgv: [], env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    downstream.once('message', (message) => resolve(message.port));
    downstream.once('exit', (code) => reject(new Error(`the downstream service exited (${code})`)));
  });
}
// Stops the backend and resolves once it has exited (and been reaped by this process).
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

function backend(route) {
  return `http://127.0.0.1:${downstreamPort}${route}`;
}

async function loadDashboard(userId) {
  const profile = await (await fetch(backend(`/profile/${userId}`))).json();
  const orders = await (await fetch(backend(`/orders/${userId}`))).json();
  const recommendations = await (await fetch(backend(`/recommendations/${userId}`))).json();
  return { userId, profile: profile.value, orders: orders.value, recommendations: recommendations.value };
}

const app = express();
app.get('/dashboard/:user', async (req, res) => {
  try {
    res.json(await loadDashboard(req.params.user));
  } catch (err) {
    res.status(502).json({ error: err.message });
  }
});
app.get('/health', (req, res) => res.json({ ok: true }));

let server;
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  const closed = server
    ? new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      })
    : Promise.resolve();
  Promise.all([closed, stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(40).then(
  (port) => {
    downstreamPort = port;
    server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`express-sequential-backend listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
