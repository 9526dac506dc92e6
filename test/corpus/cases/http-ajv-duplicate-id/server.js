'use strict';
// An order API. The schemas are registered with the shared Ajv instance at start-up (so that others can $ref them),
// but after a refactor validateOrder compiles the order schema again on every request, from a fresh schema object with
// the same $id: Ajv throws "schema with key or id ... already exists" and every order submission answers 500.
const http = require('node:http');
const Ajv = require('ajv');

const ajv = new Ajv({ allErrors: true });
const customerSchema = { $id: 'https://shop.example/schemas/customer.json', type: 'object', properties: { id: { type: 'string' }, country: { type: 'string', minLength: 2, maxLength: 2 } }, required: ['id', 'country'] };
function orderSchema() {
  return { $id: 'https://shop.example/schemas/order.json', type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'integer', minimum: 1 }, customer: { $ref: 'customer.json' } }, required: ['sku', 'qty', 'customer'], additionalProperties: false };
}
ajv.addSchema(customerSchema);
ajv.addSchema(orderSchema());

const orders = new Map([[1001, { id: 1001, sku: 'MS-12', qty: 1, customer: { id: 'c-3', country: 'FR' } }]]);
let nextId = 1002;

function validateOrder(order) {
  const validate = ajv.compile(orderSchema());
  return validate(order) ? null : validate.errors;
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url.startsWith('/orders/')) {
    const order = orders.get(Number(req.url.slice('/orders/'.length)));
    return order ? send(res, 200, order) : send(res, 404, { error: 'unknown order' });
  }
  if (req.method === 'POST' && req.url === '/orders') {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      try {
        const order = JSON.parse(body);
        const errors = validateOrder(order);
        if (errors) return send(res, 400, { errors });
        const id = nextId++;
        orders.set(id, { id, ...order });
        if (orders.size > 1000) orders.delete(orders.keys().next().value);
        send(res, 201, { id });
      } catch {
        send(res, 500, { error: 'internal error' });
      }
    });
    return;
  }
  send(res, 404, { error: 'not found' });
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-ajv-duplicate-id listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
