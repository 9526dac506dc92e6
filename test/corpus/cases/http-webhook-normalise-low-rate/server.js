'use strict';
// A small integration service that receives order webhooks from a shop platform at a low, steady rate (about 25 a
// second). For each one, normaliseOrder parses the 2-3 KB JSON payload and maps it onto the internal order shape (a
// dozen fields, the line items, money as integer cents) before it is queued for the warehouse (in memory here, trimmed
// to the last 50). One modest transform per request, well under a third of a millisecond; the process idles most of
// the time. Nothing is wrong.
const http = require('node:http');

const queue = [];

function normaliseOrder(payload) {
  const order = JSON.parse(payload);
  return {
    externalId: String(order.id),
    placedAt: order.created_at,
    customer: { email: order.customer.email.toLowerCase(), name: `${order.customer.first_name} ${order.customer.last_name}` },
    shipTo: { line1: order.shipping_address.address1, city: order.shipping_address.city, postcode: order.shipping_address.zip, country: order.shipping_address.country_code },
    lines: order.line_items.map((li) => ({ sku: li.sku, qty: li.quantity, unitCents: Math.round(Number(li.price) * 100) })),
    totalCents: Math.round(Number(order.total_price) * 100),
    currency: order.currency,
  };
}

const server = http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/webhooks/orders') {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      let order;
      try {
        order = normaliseOrder(body);
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        return res.end('{"error":"bad payload"}');
      }
      queue.push(order);
      if (queue.length > 50) queue.shift();
      res.writeHead(202, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ accepted: order.externalId, queued: queue.length }));
    });
    return;
  }
  res.writeHead(req.url === '/health' ? 200 : 404, { 'content-type': 'application/json' });
  res.end(req.url === '/health' ? '{"ok":true}' : '{"error":"not found"}');
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-webhook-normalise-low-rate listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
