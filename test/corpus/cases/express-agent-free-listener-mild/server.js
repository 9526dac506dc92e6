'use strict';
// A shipping API. callPartner counts how often the partner connection is reused by adding agent.on('free', ...) to
// the shared keep-alive http.Agent on every outgoing call and never removing it; only rate requests call the partner
// and the traffic is modest, so the listeners on the agent pile up slowly.
const http = require('node:http');
const express = require('express');

// The partner service runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let partnerPort;
const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
const stats = { calls: 0, reused: 0 };

function callPartner(path) {
  stats.calls++;
  agent.on('free', () => stats.reused++);
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: partnerPort, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
  });
}

const SHIPMENTS = { 41: { id: 41, weightKg: 2.5, to: 'Lyon' }, 42: { id: 42, weightKg: 0.4, to: 'Porto' }, 43: { id: 43, weightKg: 11, to: 'Graz' } };

const app = express();
app.get('/shipments/:id', (req, res) => {
  const shipment = SHIPMENTS[req.params.id];
  if (!shipment) return res.status(404).json({ error: 'unknown shipment' });
  res.json(shipment);
});
app.get('/shipments/:id/rate', async (req, res) => {
  try {
    const quote = await callPartner(`/rates/${req.params.id}`);
    res.json({ id: Number(req.params.id), rate: (quote.value % 50) + 4.9, calls: stats.calls });
  } catch (err) {
    res.status(502).json({ error: err.message });
  }
});

let server;
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  agent.destroy();
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

startDownstream(10).then(
  (port) => {
    partnerPort = port;
    server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`express-agent-free-listener-mild listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
