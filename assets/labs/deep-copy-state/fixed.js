'use strict';
// Lab "deep-copy-state", fixed variant. The state is still protected from accidental changes, but the protection is
// paid once per write instead of once per read: every new state is deep-frozen when it is written, and readState
// hands out the frozen state itself. A route that tried to change it would throw (the file is in strict mode).
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

function deepFreeze(value) {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze(value[key]);
  }
  return value;
}

let state = { version: 1, tenants: {} };
for (let n = 1; n <= 60; n++) state.tenants[`t-${n}`] = makeTenant(n);
deepFreeze(state);

// The state is frozen: every reader can share it, nobody can change it.
function readState() {
  return state;
}

// Writes are rare: they copy the state once, change the copy and freeze it.
function writeState(change) {
  const next = structuredClone(state);
  change(next);
  next.version++;
  state = deepFreeze(next);
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
  console.log(`lab deep-copy-state (fixed) listening on http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)).closeAllConnections());
