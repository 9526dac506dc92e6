'use strict';
// An order API whose versionHeader middleware stamps every answer with the deployed revision; currentRevision asks git
// for it (describe, rev-parse and the commit date) with child_process.execSync on every request, holding the event loop while
// three git processes start and finish, instead of reading the revision once at start-up.
const path = require('node:path');
const { execSync } = require('node:child_process');
const express = require('express');

const REPO_DIR = path.join(__dirname);

function currentRevision() {
  const opts = { cwd: REPO_DIR, stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' };
  try {
    const sha = execSync('git rev-parse --short HEAD', opts).trim();
    const tag = execSync('git describe --tags --always', opts).trim();
    const date = execSync('git log -1 --format=%cs', opts).trim();
    return `${tag} ${sha} (${date})`;
  } catch {
    return 'unknown';
  }
}

function versionHeader(req, res, next) {
  res.set('X-App-Version', currentRevision());
  next();
}

const orders = new Map();
for (let i = 1; i <= 200; i++) orders.set(String(i), { id: i, customer: `C-${(i * 37) % 90}`, total: ((i * 1931) % 50000) / 100, status: i % 5 ? 'shipped' : 'open' });

const app = express();
app.disable('x-powered-by');
app.use(versionHeader);
app.get('/api/orders/:id', (req, res) => {
  const order = orders.get(req.params.id);
  if (!order) return res.status(404).json({ error: 'no such order' });
  res.json(order);
});
app.get('/health', (req, res) => res.json({ ok: true }));

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-version-header-execsync listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
