'use strict';
// A configuration service. It holds the running configuration and the desired one (as loaded from the repository);
// /drift, polled by the operations dashboard, compares the two whole trees with lodash isEqual on every poll, where
// a version stamp or a content hash taken at load time would answer at once. The trees are equal, so every poll walks
// all of both. Setting reads are cheap.
const express = require('express');
const _ = require('lodash');

const SERVICES = 2100;
const NAMES = ['billing', 'search', 'orders', 'catalog', 'users', 'mailer', 'reports', 'gateway', 'media', 'ledger'];

function serviceName(i) {
  return i < NAMES.length ? `${NAMES[i]}-api` : `${NAMES[i % NAMES.length]}-worker-${i}`;
}

// Deterministic configuration: per service, limits, features, timeouts, routing rules and owners.
function loadConfiguration() {
  const services = {};
  for (let i = 0; i < SERVICES; i++) {
    services[serviceName(i)] = {
      replicas: 2 + (i % 5),
      image: { repository: `registry.local/${serviceName(i)}`, tag: `v${1 + (i % 9)}.${i % 13}.0`, pullPolicy: 'IfNotPresent' },
      limits: { cpu: `${250 + (i % 4) * 250}m`, memory: `${256 << (i % 3)}Mi`, requestsPerSecond: 100 + i, burst: 20 + (i % 7) },
      features: Object.fromEntries(Array.from({ length: 12 }, (_x, f) => [`flag${f}`, (i + f) % 3 === 0])),
      timeouts: { connectMs: 500 + (i % 5) * 100, readMs: 2000 + (i % 11) * 250, idleMs: 30000 },
      routes: Array.from({ length: 6 }, (_x, r) => ({ path: `/v${1 + (r % 2)}/${NAMES[(i + r) % 10]}`, weight: 100 - r * 10, canary: r === 5 })),
      owners: [`team-${i % 17}`, `oncall-${i % 5}`],
    };
  }
  return { version: 'main@8c41d2e', region: 'eu-west', services };
}

const running = loadConfiguration();
const desired = loadConfiguration();

function checkDrift() {
  return { inSync: _.isEqual(running, desired), version: desired.version };
}

const app = express();

app.get('/drift', (req, res) => {
  res.json({ ...checkDrift(), checkedAt: new Date().toISOString() });
});

app.get('/settings/:service/:section', (req, res) => {
  const service = running.services[req.params.service];
  if (!service || !(req.params.section in service)) return res.status(404).json({ error: 'no such setting' });
  res.json({ service: req.params.service, [req.params.section]: service[req.params.section] });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-config-drift-isequal-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
