'use strict';
// A weather API in front of a slow upstream forecast service (150 ms per answer). Every request makes exactly one
// upstream call and returns its answer: requests take ~150 ms, but only because the upstream is slow; the app itself
// does almost nothing and has nothing to overlap.
const express = require('express');

// The slow backend runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let downstreamPort;

async function getForecast(city) {
  const res = await fetch(`http://127.0.0.1:${downstreamPort}/forecast/${encodeURIComponent(city)}`);
  const data = await res.json();
  return { city, temperature: data.value % 35, at: data.at };
}

const app = express();
app.get('/forecast/:city', async (req, res) => {
  try {
    res.json(await getForecast(req.params.city));
  } catch (err) {
    res.status(502).json({ error: err.message });
  }
});

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

startDownstream(150).then(
  (port) => {
    downstreamPort = port;
    server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`express-one-slow-downstream listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
