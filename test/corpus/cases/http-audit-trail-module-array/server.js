'use strict';
// An internal HR directory on plain node:http. For compliance every request is recorded in an audit trail
// (recordAudit) that a nightly job was supposed to ship to the archive and clear; the job was never written, so the
// trail is a module-level array that only grows, a couple of hundred bytes per request.
const http = require('node:http');

const auditTrail = [];

function recordAudit(req, status, startedAt) {
  auditTrail.push({
    at: new Date().toISOString(),
    method: req.method,
    url: req.url,
    status,
    user: String(req.headers['x-user'] || 'anonymous'),
    ip: req.socket.remoteAddress,
    ms: Number((performance.now() - startedAt).toFixed(3)),
  });
}

const employees = Array.from({ length: 500 }, (_, i) => ({
  id: i + 1,
  name: `Employee ${i + 1}`,
  team: ['payroll', 'platform', 'sales', 'support', 'legal'][i % 5],
  phone: `+33 1 ${String(40000000 + i * 7919).slice(0, 8)}`,
}));

function route(req) {
  const m = /^\/employees\/(\d+)$/.exec(req.url);
  if (m) {
    const e = employees[Number(m[1]) - 1];
    return e ? [200, e] : [404, { error: 'no such employee' }];
  }
  const t = /^\/teams\/([a-z]+)$/.exec(req.url);
  if (t) return [200, employees.filter((e) => e.team === t[1]).slice(0, 20).map((e) => ({ id: e.id, name: e.name }))];
  return [404, { error: 'not found' }];
}

const server = http.createServer((req, res) => {
  const startedAt = performance.now();
  const [status, payload] = route(req);
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
  recordAudit(req, status, startedAt);
});
server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-audit-trail-module-array listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
