'use strict';
// A content API with a home-made ETag middleware. etagMiddleware caches the ETag of each path and, to drop it when
// the content changes, subscribes to the shared contentEvents emitter - on every request, never unsubscribing. The
// team set events.defaultMaxListeners = Infinity long ago to silence "MaxListenersExceededWarning" from their pub/sub,
// so Node never warns: listeners (and the closures they hold) pile up silently.
const crypto = require('node:crypto');
const EventEmitter = require('node:events');
const express = require('express');

EventEmitter.defaultMaxListeners = Infinity;

const contentEvents = new EventEmitter();
const etags = new Map();
const articles = {};
for (let i = 0; i < 50; i++) articles[i] = { id: i, title: `Article ${i}`, body: `Lorem ipsum ${i} `.repeat(40) };

function etagMiddleware(req, res, next) {
  const key = req.path;
  contentEvents.on('changed', (changedPath) => {
    if (changedPath === key) etags.delete(key);
  });
  const json = res.json.bind(res);
  res.json = (value) => {
    const body = JSON.stringify(value);
    let tag = etags.get(key);
    if (!tag) etags.set(key, (tag = `"${crypto.createHash('md5').update(body).digest('hex')}"`));
    res.set('ETag', tag);
    if (req.headers['if-none-match'] === tag) return res.status(304).end();
    return json(value);
  };
  next();
}

const app = express();
app.set('etag', false);
app.use(etagMiddleware);
app.get('/articles/:id', (req, res) => {
  const article = articles[req.params.id];
  if (!article) return res.status(404).json({ error: 'not found' });
  res.json(article);
});
app.put('/articles/:id', (req, res) => {
  contentEvents.emit('changed', req.path);
  res.json({ ok: true });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-etag-listener listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
