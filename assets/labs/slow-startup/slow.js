'use strict';
// Lab "slow-startup", slow variant. An API for a shop's back office: a PDF sales report, a spreadsheet export and a
// store finder. Each of those needs a heavy package (pdf-report, sheet-export, geo-index), and all three are required
// at the top of the file, so every start pays for all of them before the server listens, although most requests
// (and the health check a load balancer sends as soon as the process is up) use none of them.
const http = require('node:http');
const pdf = require('pdf-report');
const sheet = require('sheet-export');
const geo = require('geo-index');

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function handle(req, res) {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/health') return sendJson(res, 200, { ok: true });
  if (url.pathname === '/orders') return sendJson(res, 200, { orders: [{ id: 1, total: 42 }, { id: 2, total: 17 }] });
  if (url.pathname === '/report') return sendJson(res, 200, pdf.render({ region: url.searchParams.get('region') ?? 'all' }));
  if (url.pathname === '/export') return sendJson(res, 200, sheet.render({ month: url.searchParams.get('month') ?? 'current' }));
  if (url.pathname === '/stores/near') return sendJson(res, 200, geo.render({ lat: url.searchParams.get('lat'), lon: url.searchParams.get('lon') }));
  sendJson(res, 404, { error: 'not found' });
}

const server = http.createServer(handle);
server.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => {
  console.log(`lab slow-startup listening on http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)).closeAllConnections());
