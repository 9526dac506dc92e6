'use strict';
// A shipping-quote API with a deadline. withDeadline gives the carrier's quote service 50 ms and answers 503 when it
// has not answered by then; since the last carrier release its answers take ~80 ms, so every quote request misses
// the deadline and fails, half of the load. (The server itself is idle: the failure is the deadline decision.)
const express = require('express');

// The slow backend runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

const DEADLINE_MS = 50;
let downstreamPort;

function withDeadline(promise, ms) {
  let timer;
  const deadline = new Promise((resolve, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`no answer within ${ms} ms`), { status: 503 })), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

async function getQuote(zip) {
  const res = await withDeadline(fetch(`http://127.0.0.1:${downstreamPort}/quote/${zip}`), DEADLINE_MS);
  const data = await res.json();
  return { zip, price: (data.value % 50) + 4.99 };
}

const app = express();
app.get('/quotes/:zip', async (req, res) => {
  try {
    res.json(await getQuote(req.params.zip));
  } catch (err) {
    res.status(err.status || 500).json({ error: err.message });
  }
});
app.get('/carriers', (req, res) => res.json(['parcelco', 'swiftship']));

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

startDownstream(80).then(
  (port) => {
    downstreamPort = port;
    server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`express-deadline-503 listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
