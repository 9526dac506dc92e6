'use strict';
// A "recently viewed" feature. recordActivity appends every request of a signed-in user (path, query, a copy of the
// headers, a timestamp) to that user's history array; the UI shows the last ten, but nothing ever trims the arrays.
// With a few dozen active users each array grows by hundreds of entries a second, without bound.
const express = require('express');

const history = new Map();

function recordActivity(userId, req) {
  let list = history.get(userId);
  if (!list) history.set(userId, (list = []));
  list.push({ path: req.path, query: { ...req.query }, headers: { ...req.headers }, at: new Date().toISOString() });
  return list;
}

const app = express();
app.use('/users/:user', (req, res, next) => {
  req.activity = recordActivity(req.params.user, req);
  next();
});
app.get('/users/:user/recent', (req, res) => {
  res.json(req.activity.slice(-10).map((e) => e.path));
});
app.get('/users/:user/products/:id', (req, res) => {
  res.json({ id: req.params.id, name: `Product ${req.params.id}`, price: 9.5 });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-user-history listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
