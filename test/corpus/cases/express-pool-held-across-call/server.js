'use strict';
// An order API with a three-connection database pool. placeOrder takes a connection, runs the stock query, then
// awaits the ~40 ms e-mail service call while still holding the connection, and only then runs the insert and
// releases it: each request keeps a connection about four times longer than its queries need, so with ten clients
// most of every request is spent waiting for a free connection while the event loop idles.
const http = require('node:http');
const express = require('express');

// The database and the e-mail service are played by the slow backend in its own process
// (test/corpus/shared/backend.js): ?delay= sets how long each answer takes.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let backendPort;
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

function call(path) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: backendPort, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
  });
}

// A minimal connection pool: three connections, waiters served in order.
class Pool {
  constructor(size) {
    this.free = Array.from({ length: size }, (_, id) => ({ id, query: (sql) => call(`/db/${id}/${encodeURIComponent(sql)}?delay=10`) }));
    this.waiting = [];
  }
  acquire() {
    if (this.free.length) return Promise.resolve(this.free.pop());
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  release(connection) {
    const next = this.waiting.shift();
    if (next) next(connection);
    else this.free.push(connection);
  }
}
const pool = new Pool(3);
let orderNumber = 0;

async function placeOrder(order) {
  const connection = await pool.acquire();
  try {
    const stock = await connection.query(`select stock from items where sku='${order.sku}'`);
    await call(`/mail/confirmation?to=${encodeURIComponent(order.email)}&delay=40`);
    await connection.query(`insert into orders values (${++orderNumber}, '${order.sku}', ${order.qty})`);
    return { number: orderNumber, inStock: stock.value > 0 };
  } finally {
    pool.release(connection);
  }
}

const app = express();
app.use(express.json());
app.post('/orders', async (req, res) => {
  try {
    res.status(201).json(await placeOrder(req.body));
  } catch (err) {
    res.status(502).json({ error: err.message });
  }
});

let server;
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  agent.destroy();
  const closed = server
    ? new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      })
    : Promise.resolve();
  Promise.all([closed, stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(10).then(
  (port) => {
    backendPort = port;
    server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`express-pool-held-across-call listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
