'use strict';
// A product-availability API. availability asks the four warehouses for their stock through mapLimit with a limit of
// 2 (copied from a batch job), so each request waits for two rounds of ~15 ms calls where one round would do.
const http = require('node:http');

// The warehouse services run as one process of their own (test/corpus/shared/backend.js), so this server has one
// listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

const WAREHOUSES = ['hamburg', 'leipzig', 'duisburg', 'munich'];
let warehousePort;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

// Runs fn over items with at most `limit` calls in flight; results keep the items' order.
async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  async function lane() {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

function warehouseStock(warehouse, sku) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: warehousePort, path: `/warehouses/${warehouse}/stock/${sku}`, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => {
          const answer = JSON.parse(body);
          resolve({ warehouse, available: answer.value % 40 });
        });
      })
      .on('error', reject);
  });
}

async function availability(sku) {
  const stock = await mapLimit(WAREHOUSES, 2, (warehouse) => warehouseStock(warehouse, sku));
  return { sku, total: stock.reduce((n, s) => n + s.available, 0), warehouses: stock };
}

const server = http.createServer(async (req, res) => {
  const m = /^\/products\/([A-Z0-9-]+)\/availability$/.exec(req.url);
  if (req.method !== 'GET' || !m) {
    res.writeHead(404, { 'content-type': 'application/json' });
    return res.end('{"error":"not found"}');
  }
  try {
    const body = JSON.stringify(await availability(m[1]));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  } catch (err) {
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: err.message }));
  }
});

function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeAllConnections();
  Promise.all([closed, stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(15).then(
  (port) => {
    warehousePort = port;
    server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`http-stock-map-limit-mild listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
