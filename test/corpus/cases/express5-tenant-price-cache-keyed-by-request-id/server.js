'use strict';
// A multi-tenant pricing API on Express 5. Each tenant (a shop) has its own cache of computed price breakdowns,
// meant to spare the tax and discount rules when the same cart is priced twice. memoBreakdown keys that cache by the
// request's id (x-request-id, or a fresh UUID) instead of by the cart's content, so no entry is ever read again and
// none is ever removed: every priced cart's breakdown (its lines, taxes and discounts, about a kilobyte) stays in
// the tenant's Map for the life of the process. A slow climb at the story's 150 requests a second, without bound.
const express = require('express5');
const crypto = require('node:crypto');

const TENANTS = { 'shop-north': { vat: 0.2, discount: 0.05 }, 'shop-south': { vat: 0.1, discount: 0 }, 'shop-east': { vat: 0.21, discount: 0.1 } };
const tenantCaches = new Map();

function cacheFor(tenant) {
  let cache = tenantCaches.get(tenant);
  if (!cache) tenantCaches.set(tenant, (cache = new Map()));
  return cache;
}

function computeBreakdown(rules, items) {
  const lines = items.map((i) => {
    const net = i.qty * i.unitCents;
    const discount = Math.round(net * rules.discount);
    const tax = Math.round((net - discount) * rules.vat);
    return { sku: i.sku, qty: i.qty, unitCents: i.unitCents, netCents: net, discountCents: discount, taxCents: tax, grossCents: net - discount + tax, taxLabel: `VAT ${Math.round(rules.vat * 100)} %` };
  });
  const totalCents = lines.reduce((s, l) => s + l.grossCents, 0);
  return { lines, totalCents, currency: 'EUR', pricedAt: new Date().toISOString() };
}

function memoBreakdown(tenant, requestId, items) {
  const cache = cacheFor(tenant);
  let breakdown = cache.get(requestId);
  if (!breakdown) {
    breakdown = computeBreakdown(TENANTS[tenant], items);
    cache.set(requestId, breakdown);
  }
  return breakdown;
}

const app = express();
app.use(express.json());
app.use((req, res, next) => {
  req.id = req.get('x-request-id') || crypto.randomUUID();
  next();
});
app.post('/tenants/:tenant/price', (req, res) => {
  const tenant = req.params.tenant;
  if (!TENANTS[tenant]) return res.status(404).json({ error: 'unknown tenant' });
  const items = (req.body.items || []).map((i) => ({ sku: String(i.sku), qty: Number(i.qty) || 1, unitCents: Number(i.unitCents) || 0 }));
  const breakdown = memoBreakdown(tenant, req.id, items);
  res.json({ tenant, requestId: req.id, totalCents: breakdown.totalCents, lines: breakdown.lines.length });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express5-tenant-price-cache-keyed-by-request-id listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
