'use strict';
// A currency-rates API on restify: each request looks up a rate in a small in-memory table and returns a few bytes.
// Under load the process is busy serving thousands of cheap requests a second; nothing is wrong with it.
const restify = require('restify');

const rates = { EUR: 1, USD: 1.08, GBP: 0.85, JPY: 162.4, CHF: 0.96 };

const server = restify.createServer({ name: 'restify-busy-cheap' });
server.get('/rates/:from/:to', (req, res, next) => {
  const from = rates[req.params.from];
  const to = rates[req.params.to];
  if (!from || !to) {
    res.send(404, { error: 'unknown currency' });
    return next();
  }
  res.send({ from: req.params.from, to: req.params.to, rate: Math.round((to / from) * 10000) / 10000 });
  next();
});
server.get('/health', (req, res, next) => {
  res.send({ ok: true });
  next();
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`restify-busy-cheap listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
