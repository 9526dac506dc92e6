'use strict';
// A tiny status API under heavy load: every request is answered from memory in a few microseconds of work. The
// process runs at full CPU only because it serves many thousands of requests a second; each one is cheap.
const express = require('express');

const startedAt = new Date().toISOString();
const app = express();
app.get('/', (req, res) => res.json({ hello: 'world' }));
app.get('/api/status', (req, res) => res.json({ status: 'up', startedAt, version: '1.4.2' }));

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-hello-busy listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
