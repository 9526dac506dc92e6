'use strict';
// A shop front served by Express: the page and its small assets (a few KB each) come from express.static with
// ETags and a cache lifetime, and the page's data from a small JSON route. Each request costs little. Nothing is
// wrong.
const path = require('node:path');
const express = require('express');

const products = [];
for (let i = 1; i <= 12; i++) products.push({ id: i, name: `Product ${i}`, price: 5 + ((i * 17) % 90) });

const app = express();
app.disable('x-powered-by');
app.use('/assets', express.static(path.join(__dirname, 'public'), { etag: true, maxAge: '1h', index: false }));
app.get('/', (req, res) => res.sendFile(path.join(__dirname, 'public', 'index.html')));
app.get('/api/featured', (req, res) => res.json({ products }));

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-static-assets-etag listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
