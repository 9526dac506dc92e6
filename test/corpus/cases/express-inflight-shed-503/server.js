'use strict';
// A pricing API with a load-shedding guard: shedLoad answers 503 once more than four requests are in flight, a limit
// sized for CPU-heavy requests, while these requests mostly wait on a ~20 ms rates call and the event loop idles.
const http = require('node:http');
const express = require('express');

// The rates service runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

const MAX_IN_FLIGHT = 4;
let inFlight = 0;
let shed = 0;
let ratesPort;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function shedLoad(req, res, next) {
  if (inFlight >= MAX_IN_FLIGHT) {
    shed++;
    res.set('retry-after', '1');
    return res.status(503).json({ error: 'server busy, retry later' });
  }
  inFlight++;
  res.on('close', () => inFlight--);
  next();
}

function getRate(currency) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: ratesPort, path: `/rates/EUR/${currency}`, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve(1 + (JSON.parse(body).value % 30) / 100));
      })
      .on('error', reject);
  });
}

const app = express();
app.use(shedLoad);
app.get('/prices/:sku', async (req, res, next) => {
  try {
    const currency = String(req.query.currency || 'EUR');
    const rate = currency === 'EUR' ? 1 : await getRate(currency);
    const baseCents = 1000 + (Number(req.params.sku.replace(/\D/g, '')) % 9000);
    if (currency === 'EUR') await getRate('EUR');
    res.json({ sku: req.params.sku, currency, price: Math.round(baseCents * rate) / 100 });
  } catch (err) {
    next(err);
  }
});
app.get('/stats', (req, res) => res.json({ inFlight, shed }));

let server;
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  const closed = server ? new Promise((resolve) => server.close(resolve)) : Promise.resolve();
  if (server) server.closeAllConnections();
  Promise.all([closed, stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(20).then(
  (port) => {
    ratesPort = port;
    server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`express-inflight-shed-503 listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
