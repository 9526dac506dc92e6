'use strict';
// An API gateway in front of legacy services. resolveRewrite maps each incoming path onto its backend path with 600
// rewrite rules kept as pattern strings: for every request it splits the path into segments, and then for every rule
// splits the pattern, builds an array of candidate segments and a params object, and re-joins arrays into strings to
// compare them; the candidates of every rule are kept (for a debug header) across the awaited rate-limit check.
// None of it is much work, but the throwaway arrays and strings keep the garbage collector busy for a little over a
// sixth of the time with ten clients.
const express = require('express');

const SERVICES = ['orders', 'invoices', 'customers', 'products', 'shipments', 'returns'];
const rules = [];
for (let i = 0; i < 600; i++) {
  const service = SERVICES[i % SERVICES.length];
  rules.push({ from: `/api/v${(i % 3) + 1}/${service}/:id/${['notes', 'history', 'files', 'tags', 'audit'][i % 5]}${i % 2 ? '/:sub' : ''}/r${i}`, to: `/legacy/${service}/:id` });
}
rules.push({ from: '/api/v2/orders/:id/history', to: '/legacy/orders/:id/history' });
rules.push({ from: '/api/v1/customers/:id', to: '/legacy/customers/:id' });
const checkRateLimit = () => new Promise((resolve) => setImmediate(() => resolve(true)));

function resolveRewrite(path) {
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  const tried = [];
  let match = null;
  for (const rule of rules) {
    const pattern = rule.from.split('/').filter(Boolean);
    const params = {};
    const candidate = pattern.map((part, i) => {
      if (part.startsWith(':')) {
        params[part.slice(1)] = segments[i];
        return segments[i];
      }
      return part;
    });
    tried.push({ rule: rule.from, pattern, candidate, joined: candidate.join("/"), params });
    if (!match && pattern.length === segments.length && candidate.join('/') === segments.join('/')) {
      match = rule.to.split('/').map((part) => (part.startsWith(':') ? params[part.slice(1)] : part)).join('/');
    }
  }
  return { match, tried };
}

const app = express();
app.use(async (req, res) => {
  const { match, tried } = resolveRewrite(req.path);
  await checkRateLimit();
  if (!match) return res.status(404).json({ error: 'no route', rulesTried: tried.length });
  res.set('x-rewrite-rules-tried', String(tried.length));
  res.json({ backend: match, query: req.query });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-gateway-path-rewrite-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
