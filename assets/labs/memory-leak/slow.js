'use strict';
// Lab "memory-leak": an API that remembers every request "for the audit log" in a module-level Map
// (rememberRequest) keyed by a unique request id, and never forgets any. Each entry is small; under load the heap
// still grows by megabytes every second until the process runs out of memory.
const http = require('node:http');

const recentRequests = new Map();
let sequence = 0;

// What we keep per request: one line for an audit view, a couple of hundred bytes with the Map entry.
function describeRequest(req, id) {
  return `${id} ${req.method} ${req.url} at ${new Date().toISOString()} from ${req.headers['user-agent'] || 'unknown'}`;
}

function rememberRequest(req) {
  const id = `${Date.now().toString(36)}-${(sequence++).toString(36)}`;
  recentRequests.set(id, describeRequest(req, id));
  return id;
}

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function handle(req, res) {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/session') {
    const id = rememberRequest(req);
    return sendJson(res, 200, { id, user: url.searchParams.get('user') || 'guest', remembered: recentRequests.size });
  }
  if (url.pathname === '/health') return sendJson(res, 200, { ok: true });
  sendJson(res, 404, { error: 'not found' });
}

const server = http.createServer(handle);
server.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => {
  console.log(`lab memory-leak (slow) listening on http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)).closeAllConnections());
