'use strict';
// A booking API. fetchAvailability calls the availability service through a keep-alive http.Agent that someone
// capped at maxSockets: 1 "to be gentle with the backend": calls from concurrent requests queue for the one socket.
// Only two clients call at once, so a request waits for at most one other call (~10 ms) on top of its own.
const http = require('node:http');
const express = require('express');

// The slow backend runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let downstreamPort;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function fetchAvailability(room, date) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: downstreamPort, path: `/availability/${room}?date=${date}`, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
  });
}

const app = express();
app.get('/rooms/:room/availability', async (req, res) => {
  try {
    const data = await fetchAvailability(req.params.room, req.query.date || '2026-12-01');
    res.json({ room: req.params.room, free: data.value % 3 !== 0 });
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
    downstreamPort = port;
    server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`express-one-socket-mild listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
