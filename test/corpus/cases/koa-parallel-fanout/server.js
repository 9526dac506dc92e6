'use strict';
// A travel-itinerary API on Koa: each request needs the flight, the hotel and the weather for a trip, three
// independent calls to a slow partner gateway (~40 ms each), and makes them together with Promise.all over a
// keep-alive agent with plenty of sockets; a request takes about as long as one call and the server idles while it
// waits. The downstream is slow; the app has nothing to overlap or avoid. Nothing is wrong.
const http = require('node:http');
const Koa = require('koa');
const Router = require('@koa/router');

// The partner gateway runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let gatewayPort;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function get(path) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: gatewayPort, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
  });
}

async function loadItinerary(tripId) {
  const [flight, hotel, weather] = await Promise.all([get(`/flights/${tripId}`), get(`/hotels/${tripId}`), get(`/weather/${tripId}`)]);
  return { trip: tripId, flight: `FL${flight.value}`, hotel: `H-${hotel.value % 300}`, forecast: weather.value % 2 ? 'sun' : 'rain' };
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/trips/:id/itinerary', async (ctx) => {
  ctx.body = await loadItinerary(ctx.params.id);
});
app.use(router.routes()).use(router.allowedMethods());

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

startDownstream(40).then(
  (port) => {
    gatewayPort = port;
    server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`koa-parallel-fanout listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
