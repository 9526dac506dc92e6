'use strict';
// A dashboard API. loadDashboard needs three independent answers from the account backend (profile, orders,
// recommendations; about 40 ms each) and awaits them one after another, so each dashboard takes ~120 ms of waiting
// where ~40 ms would do with Promise.all. The process is idle most of the time.
const express = require('express');

// The slow backend runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let downstreamPort;

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
