'use strict';
// A checkout API whose payments client still lists the legacy v1 endpoint first. callPayments tries v1 on every
// call; v1 still answers (~40 ms) but only with a deprecation notice and no authorisation, which the client treats
// as a failed attempt, so withRetry sleeps a fixed 25 ms and tries v2, which answers in ~20 ms. Each request waits
// ~85 ms for a 20 ms call, while the event loop idles.
const http = require('node:http');
const express = require('express');

// The payments service runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let paymentsPort;
const agent = new http.Agent({ keepAlive: true });
// Tried in order, three attempts in all (the retry policy's default).
const ENDPOINTS = ['/v1/authorize?delay=40', '/v2/authorize?delay=20', '/v2/authorize?delay=20'];
const RETRY_SLEEP_MS = 25;

function attempt(path) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: paymentsPort, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => {
        const answer = JSON.parse(body);
        // The legacy endpoint answers 200 with a deprecation notice: no authorisation for this call.
        if (!answer.path.startsWith('/v2/')) reject(new Error(`payments ${answer.path}: endpoint deprecated`));
        else resolve(answer);
      });
    });
    req.on('error', reject);
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function withRetry(paths) {
  let lastError;
  for (const path of paths) {
    try {
      return await attempt(path);
    } catch (err) {
      lastError = err;
      await sleep(RETRY_SLEEP_MS);
    }
  }
  throw lastError;
}

function callPayments(orderId) {
  return withRetry(ENDPOINTS.map((p) => `${p}&order=${orderId}`));
}

const app = express();
app.disable('x-powered-by');
app.post('/checkout/:orderId', (req, res) => {
  callPayments(req.params.orderId).then(
    (auth) => res.status(201).json({ order: req.params.orderId, authorised: true, ref: auth.value }),
    (err) => res.status(502).json({ error: err.message }),
  );
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

startDownstream(20).then(
  (port) => {
    paymentsPort = port;
    server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`express-legacy-endpoint-retry listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
