// A small status API on plain node:http, as an ES module. Every request gets a trace id, and rememberTraceId keeps
// the recent ones for the /debug/traces page, meant to be the last 1,000. The trim is a slip: `recentTraceIds.slice(
// -MAX_TRACES)` returns a new array that nobody assigns, so the array keeps every id ever issued. Each id is a short
// string (about 60 bytes with its slot), so the growth is tiny per request, but it never stops.
import http from 'node:http';

const MAX_TRACES = 1000;
const recentTraceIds = [];
let issued = 0;
const prefix = process.pid.toString(16);

function rememberTraceId() {
  const id = `${prefix}-${(++issued).toString(16).padStart(10, '0')}`;
  recentTraceIds.push(id);
  if (recentTraceIds.length > MAX_TRACES) recentTraceIds.slice(-MAX_TRACES);
  return id;
}

const services = ['api', 'billing', 'search', 'images', 'mail'].map((name, i) => ({ name, status: 'up', latencyMs: 12 + i * 7 }));

const server = http.createServer((req, res) => {
  const traceId = rememberTraceId();
  const url = new URL(req.url, 'http://localhost');
  let status = 200;
  let body;
  if (url.pathname === '/status') body = { services, at: '2026-11-28T21:00:00Z' };
  else if (url.pathname.startsWith('/status/')) {
    const service = services.find((s) => s.name === url.pathname.slice(8));
    if (service) body = service;
    else [status, body] = [404, { error: 'no such service' }];
  } else if (url.pathname === '/debug/traces') body = { count: recentTraceIds.length, last: recentTraceIds.slice(-20) };
  else [status, body] = [404, { error: 'not found' }];
  res.writeHead(status, { 'content-type': 'application/json', 'x-trace-id': traceId });
  res.end(JSON.stringify(body));
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-esm-trace-ids-unassigned-trim-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
