'use strict';
// Lab "deep-copy-state": the settings service of a software-as-a-service shop, on express. Every tenant's plan,
// limits and feature flags live in one in-memory state object. So that no route can change it by accident,
// readState hands out a deep copy, JSON.parse(JSON.stringify(state)), on every read: the whole state, over a hundred
// kilobytes, is serialised and rebuilt for each request, although a request reads one or two fields of it.
const express = require('express');

const FLAGS = [
  'new-checkout', 'dark-mode', 'bulk-export', 'audit-log', 'sso', 'beta-reports', 'ai-summaries', 'webhooks-v2',
  'custom-domains', 'priority-support', 'usage-alerts', 'team-roles', 'api-v3', 'sandbox', 'data-residency-eu',
  'scheduled-exports', 'two-factor', 'ip-allowlist', 'saml', 'scim', 'invoice-pdf', 'multi-currency', 'tax-engine',
  'inventory-sync', 'loyalty', 'gift-cards', 'subscriptions', 'marketplace', 'headless', 'pos-integration',
];
const PLANS = ['free', 'starter', 'team', 'business', 'enterprise'];

function makeTenant(n) {
  const flags = {};
  FLAGS.forEach((flag, i) => {
    flags[flag] = { enabled: (n * 7 + i) % 3 === 0, rollout: ((n + i) * 13) % 100, updatedBy: `admin-${(n + i) % 9}` };
  });
  return {
    id: `t-${n}`,
    name: `Tenant ${n}`,
    plan: PLANS[n % PLANS.length],
    limits: { seats: 5 + (n % 50), storageGb: 10 * (1 + (n % 20)), apiCallsPerMinute: 600 + 60 * (n % 10) },
    theme: { primary: `#${(n * 2654435761 % 0xffffff).toString(16).padStart(6, '0')}`, logo: `https://cdn.example.com/t-${n}/logo.svg` },
    flags,
  };
}

let state = { version: 1, tenants: {} };
for (let n = 1; n <= 60; n++) state.tenants[`t-${n}`] = makeTenant(n);

// Every read gets its own copy, so no caller can change the shared state.
function readState() {
  return JSON.parse(JSON.stringify(state));
}

function writeState(change) {
  const next = readState();
  change(next);
  next.version++;
  state = next;
}

function findTenant(tenants, id) {
  return Object.hasOwn(tenants, id) ? tenants[id] : undefined;
}

const app = express();
app.use(express.json());

app.get('/tenants/:id/flags/:flag', (req, res) => {
  const tenant = findTenant(readState().tenants, req.params.id);
  const flag = tenant && Object.hasOwn(tenant.flags, req.params.flag) ? tenant.flags[req.params.flag] : undefined;
  if (!flag) return res.status(404).json({ error: 'no such tenant or flag' });
  res.json({ tenant: tenant.id, flag: req.params.flag, enabled: flag.enabled, rollout: flag.rollout });
});

app.get('/tenants/:id/plan', (req, res) => {
  const tenant = findTenant(readState().tenants, req.params.id);
  if (!tenant) return res.status(404).json({ error: 'no such tenant' });
  res.json({ tenant: tenant.id, plan: tenant.plan, limits: tenant.limits });
});

app.put('/tenants/:id/flags/:flag', (req, res) => {
  if (!findTenant(readState().tenants, req.params.id)) return res.status(404).json({ error: 'no such tenant' });
  writeState((next) => {
    next.tenants[req.params.id].flags[req.params.flag] = { enabled: Boolean(req.body.enabled), rollout: Number(req.body.rollout) || 0, updatedBy: 'api' };
  });
  res.json({ ok: true, version: state.version });
});

app.get('/health', (req, res) => res.json({ ok: true, version: state.version }));

const server = app.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => {
  console.log(`lab deep-copy-state (slow) listening on http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)).closeAllConnections());
