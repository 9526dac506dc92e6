'use strict';
// A customer API in front of a legacy database layer whose rows use snake_case names and nulls for missing values.
// toApiCustomers maps the whole 1,000-row segment through three Object.entries / Object.fromEntries round trips
// (drop nulls, rename keys, add links), a new array of pairs and a new object per row at each step, on every
// request, with awaited steps (permission check, tier names) in between, only to return a page of 20.
const express = require('express');

const RENAMES = { customer_id: 'customerId', first_name: 'firstName', last_name: 'lastName', email_address: 'email', phone_number: 'phone', created_at: 'createdAt', updated_at: 'updatedAt', loyalty_tier: 'tier', country_code: 'country', marketing_opt_in: 'optIn', account_manager: 'manager', last_order_at: 'lastOrderAt' };

const segments = new Map();
for (const [s, name] of ['new', 'active', 'lapsed'].entries()) {
  const rows = [];
  for (let i = 0; i < 1000; i++) {
    const id = s * 100000 + i;
    rows.push({ customer_id: id, first_name: `First${i}`, last_name: `Last${i % 97}`, email_address: `c${id}@example.com`, phone_number: i % 3 ? `+44 20 7946 ${String(i).padStart(4, '0')}` : null, created_at: 1700000000000 + i * 86400000, updated_at: 1710000000000 + i * 3600000, loyalty_tier: ['bronze', 'silver', 'gold'][i % 3], country_code: ['GB', 'FR', 'DE', 'NL'][i % 4], marketing_opt_in: i % 2 === 0, account_manager: i % 5 ? null : `mgr-${i % 7}`, last_order_at: i % 4 ? 1720000000000 + i * 60000 : null });
  }
  segments.set(name, rows);
}

function dropNulls(row) {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null));
}

function renameKeys(row) {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [RENAMES[k] || k, v]));
}

function addLinks(customer) {
  return Object.fromEntries([...Object.entries(customer), ['href', `/customers/${customer.customerId}`]]);
}

// Each stage maps the whole segment into new objects; the stages are awaited one after the other, so every stage's
// copy of the segment is still alive while the next one is built.
async function toApiCustomers(rows, user) {
  const present = rows.map(dropNulls);
  if (!(await checkPermission(user))) return null;
  const renamed = present.map(renameKeys);
  const tiers = await loadTierNames();
  const customers = renamed.map(addLinks);
  for (const c of customers) c.tier = tiers[c.tier] || c.tier;
  return customers;
}

function checkPermission(user) {
  return new Promise((resolve) => setImmediate(() => resolve(user !== 'anonymous')));
}

function loadTierNames() {
  return new Promise((resolve) => setImmediate(() => resolve({ bronze: 'Bronze', silver: 'Silver', gold: 'Gold' })));
}

async function listSegment(name, user, page) {
  const customers = await toApiCustomers(segments.get(name), user);
  if (!customers) return null;
  return { segment: name, total: customers.length, page, customers: customers.slice((page - 1) * 20, page * 20) };
}

const app = express();
app.disable('x-powered-by');
app.get('/segments/:name/customers', (req, res, next) => {
  if (!segments.has(req.params.name)) return res.status(404).json({ error: 'no such segment' });
  listSegment(req.params.name, req.get('x-user') || 'anonymous', Math.max(1, Number(req.query.page) || 1)).then((body) => (body ? res.json(body) : res.status(403).json({ error: 'forbidden' })), next);
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-entries-mapper-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
