'use strict';
// Lab "tiny-pool", fixed variant. The agent's pool is sized to the concurrency the API serves (up to 32 sockets,
// kept alive and reused), so no request waits for a socket: each one takes the backend's 20 ms and little more.
// Being gentle with the backend is the backend's own limit to declare, not a queue hidden in the client.
const http = require('node:http');
const { fork } = require('node:child_process');
const { once } = require('node:events');
const path = require('node:path');

let downstream;
let downstreamPort;

// The pricing service runs as its own process so that this app has exactly one listening port. It gets a clean Node:
// no inherited --inspect or --require flags (those belong to this process), and it exits when we do.
function startDownstream() {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  downstream = fork(path.join(__dirname, 'downstream.js'), [], { execArgv: [], env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    downstream.once('message', (message) => resolve(message.port));
    downstream.once('exit', (code) => reject(new Error(`the pricing service exited (${code})`)));
  });
}

// As many sockets as requests in flight at once (twenty clients here), with room to spare; idle ones are kept for
// reuse, at most 32.
const pricingAgent = new http.Agent({ keepAlive: true, maxSockets: 32, maxFreeSockets: 32 });

async function fetchPrice(sku) {
  const req = http.get({ host: '127.0.0.1', port: downstreamPort, path: `/prices/${encodeURIComponent(sku)}`, agent: pricingAgent });
  const [res] = await once(req, 'response');
  res.setEncoding('utf8');
  let body = '';
  for await (const chunk of res) body += chunk;
  return JSON.parse(body);
}

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function handle(req, res) {
  const url = new URL(req.url, 'http://localhost');
  const match = /^\/prices\/([\w-]{1,40})$/.exec(url.pathname);
  if (match) return sendJson(res, 200, await fetchPrice(match[1]));
  if (url.pathname === '/health') return sendJson(res, 200, { ok: true });
  sendJson(res, 404, { error: 'not found' });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((err) => sendJson(res, 502, { error: err.message }));
});

function shutdown() {
  if (downstream && downstream.exitCode === null) downstream.kill();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, shutdown);
process.on('exit', () => {
  if (downstream && downstream.exitCode === null) downstream.kill();
});

startDownstream().then(
  (port) => {
    downstreamPort = port;
    server.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => {
      console.log(`lab tiny-pool (fixed) listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
