'use strict';
// A shop API whose feature flags live in flags.json and are hot-reloaded: one ConfigWatcher (an EventEmitter around
// fs.watch) re-reads the file and emits 'change'. The search route's flagsForSearch memoises the flags for the
// request and subscribes configWatcher.on('change', ...) to drop that memo if the flags change mid-request; it never
// unsubscribes, so every search leaves a listener (and its request's memo) on the process-wide watcher.
const fs = require('node:fs');
const path = require('node:path');
const EventEmitter = require('node:events');
const express = require('express');

class ConfigWatcher extends EventEmitter {
  constructor(file) {
    super();
    this.file = file;
    this.config = JSON.parse(fs.readFileSync(file, 'utf8'));
    this.watcher = fs.watch(file, () => {
      try {
        this.config = JSON.parse(fs.readFileSync(file, 'utf8'));
        this.emit('change', this.config);
      } catch {
        // a half-written file: keep the last good flags
      }
    });
  }

  close() {
    this.watcher.close();
  }
}
const configWatcher = new ConfigWatcher(path.join(__dirname, 'flags.json'));

const products = [];
const WORDS = ['lamp', 'desk', 'chair', 'shelf', 'rug', 'mirror', 'sofa', 'table'];
for (let i = 0; i < 300; i++) products.push({ id: i, title: `${WORDS[i % 8]} ${WORDS[(i * 5) % 8]} ${i}`, isNew: i % 10 === 0, price: 20 + ((i * 13) % 400) });

function flagsForSearch(req) {
  let memo = { ...configWatcher.config, requestedAt: Date.now(), query: req.query.q };
  configWatcher.on('change', () => {
    memo = null;
  });
  return () => memo || configWatcher.config;
}

const app = express();
app.disable('x-powered-by');
app.get('/search', (req, res) => {
  const flags = flagsForSearch(req)();
  const q = String(req.query.q || '');
  const hits = products.filter((p) => p.title.includes(q)).slice(0, flags.maxResults);
  res.json({ q, engine: flags.searchV2 ? 'v2' : 'v1', hits });
});
app.get('/products/:id', (req, res) => {
  const p = products[Number(req.params.id)];
  if (!p) return res.status(404).json({ error: 'no such product' });
  res.json(p);
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-config-watcher-change-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  configWatcher.close();
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
