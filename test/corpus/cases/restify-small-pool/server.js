'use strict';
// A shipment-tracking API that asks the carrier backend (25 ms per answer) about every shipment. trackShipment sends
// the call through a keep-alive http.Agent capped at maxSockets: 4, while 25 clients ask at once: most of each
// request's time is spent queued for one of the four sockets, with the event loop idle.
const http = require('node:http');
const restify = require('restify');

// The slow backend runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let downstreamPort;

const carrierAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function trackShipment(id) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: downstreamPort, path: `/track/${id}`, agent: carrierAgent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const server = restify.createServer({ name: 'restify-small-pool' });
server.get('/shipments/:id', async (req, res) => {
  const status = await trackShipment(req.params.id);
  res.send({ id: req.params.id, checkpoint: status.value, at: status.at });
});
server.get('/health', (req, res, next) => {
  res.send({ ok: true });
  next();
});

function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  const closed = server.server.listening
    ? new Promise((resolve) => {
        server.close(resolve);
        server.server.closeAllConnections();
      })
    : Promise.resolve();
  Promise.all([closed, stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(25).then(
  (port) => {
    downstreamPort = port;
    server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`restify-small-pool listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
