'use strict';
// A shipment-tracking API that calls a carrier API with an OAuth access token. getToken caches the token and, since
// two refreshes once raced, refreshes it under a process-wide lock (withTokenLock). The token endpoint answers
// expires_at in seconds since the epoch, but getToken compares it with Date.now() in milliseconds, so every cached
// token looks expired: every request refreshes the token (~8 ms), one at a time behind the lock, before its own
// tracking call (~15 ms). With ten clients each request queues behind the others' refreshes while the loop idles.
const http = require('node:http');
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let carrierPort;
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

function get(path) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: carrierPort, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
  });
}

let token = null;
let lockTail = Promise.resolve();
function withTokenLock(task) {
  const run = lockTail.then(task);
  lockTail = run.catch(() => {});
  return run;
}

function getToken() {
  return withTokenLock(async () => {
    if (token && token.expiresAt > Date.now()) return token.value;
    const answer = await get('/oauth/token?delay=8');
    token = { value: `tok-${answer.at}`, expiresAt: Math.floor(answer.at / 1000) + 3600 };
    return token.value;
  });
}

async function trackShipment(id) {
  const accessToken = await getToken();
  const status = await get(`/shipments/${id}?delay=15&token=${accessToken.length}`);
  return { id, status: status.value % 3 ? 'in transit' : 'delivered', checkedAt: status.at };
}

const server = http.createServer((req, res) => {
  const m = /^\/track\/(\w+)$/.exec(req.url);
  if (!m) {
    res.writeHead(404, { 'content-type': 'application/json' });
    return res.end('{"error":"not found"}');
  }
  trackShipment(m[1]).then(
    (result) => {
      const body = JSON.stringify(result);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    },
    () => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"error":"carrier unavailable"}');
    },
  );
});

let started = false;
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  agent.destroy();
  const closed = started ? new Promise((resolve) => { server.close(resolve); server.closeAllConnections(); }) : Promise.resolve();
  Promise.all([closed, stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(15).then(
  (port) => {
    carrierPort = port;
    started = true;
    server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`http-token-refresh-lock listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
