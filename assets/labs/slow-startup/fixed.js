'use strict';
// Lab "slow-startup", fixed variant. The same routes; each heavy package is required by the route that needs it, the
// first time that route is asked for (Node keeps it in its module cache after that). The server listens without
// loading any of them: the first /report pays for pdf-report once, and the health check never does.
const http = require('node:http');

/** A package loaded on first use, then kept: `lazy('pdf-report')()` is the package. */
function lazy(name) {
  let loaded;
  return () => (loaded ??= require(name));
}
const pdf = lazy('pdf-report');
const sheet = lazy('sheet-export');
const geo = lazy('geo-index');

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function handle(req, res) {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/health') return sendJson(res, 200, { ok: true });
  if (url.pathname === '/orders') return sendJson(res, 200, { orders: [{ id: 1, total: 42 }, { id: 2, total: 17 }] });
  if (url.pathname === '/report') return sendJson(res, 200, pdf().render({ region: url.searchParams.get('region') ?? 'all' }));
  if (url.pathname === '/export') return sendJson(res, 200, sheet().render({ month: url.searchParams.get('month') ?? 'current' }));
  if (url.pathname === '/stores/near') return sendJson(res, 200, geo().render({ lat: url.searchParams.get('lat'), lon: url.searchParams.get('lon') }));
  sendJson(res, 404, { error: 'not found' });
}

const server = http.createServer(handle);
server.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => {
  console.log(`lab slow-startup (fixed) listening on http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)).closeAllConnections());
