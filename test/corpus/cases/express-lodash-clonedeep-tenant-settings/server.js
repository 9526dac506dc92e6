'use strict';
// A multi-tenant admin API on Express with lodash and pino. Each tenant has a big settings document (feature flags,
// a navigation tree, a role-by-permission matrix, translated labels): about 5,000 values, loaded once at start.
// GET /tenants/:id/settings/effective answers the settings a user sees: settingsFor deep-clones the tenant's whole
// document with _.cloneDeep "so the merge cannot touch the original", merges the user's few overrides into the copy,
// and then reads a handful of sections out of it. The copy of 5,000 values is made on every request and thrown away;
// merging the overrides into a new small object (or freezing the document) would need no copy at all.
const express = require('express');
const _ = require('lodash');
const pino = require('pino');

const log = pino({ level: process.env.LOG_LEVEL || 'warn' });

function buildTenant(t) {
  const features = {};
  for (let i = 0; i < 400; i++) features[`feature_${i}`] = { enabled: (i * t) % 3 !== 0, rollout: (i * 13) % 100, owner: `team-${i % 12}` };
  const nav = [];
  for (let s = 0; s < 20; s++) {
    nav.push({ id: `section-${s}`, label: `Section ${s}`, icon: `icon-${s}`, items: Array.from({ length: 12 }, (_, i) => ({ id: `s${s}-i${i}`, label: `Item ${i}`, href: `/app/${s}/${i}`, roles: ['admin', i % 2 ? 'editor' : 'viewer'] })) });
  }
  const permissions = {};
  for (const role of ['owner', 'admin', 'editor', 'author', 'viewer', 'billing', 'support', 'auditor']) {
    permissions[role] = {};
    for (let p = 0; p < 60; p++) permissions[role][`perm_${p}`] = (p + role.length) % 4 !== 0;
  }
  const labels = {};
  for (const lang of ['en', 'de', 'fr', 'sv', 'es']) {
    labels[lang] = {};
    for (let k = 0; k < 120; k++) labels[lang][`label_${k}`] = `${lang}: label number ${k} for tenant ${t}`;
  }
  return { id: `tenant-${t}`, plan: t % 2 ? 'business' : 'enterprise', features, nav, permissions, labels, limits: { seats: 50 + t, storageGb: 100 * t } };
}

const TENANTS = new Map(Array.from({ length: 8 }, (_, i) => [`tenant-${i + 1}`, buildTenant(i + 1)]));

function settingsFor(tenantId, user) {
  const base = TENANTS.get(tenantId);
  if (!base) return null;
  const copy = _.cloneDeep(base);
  _.merge(copy, { features: user.featureOverrides, limits: user.limitOverrides });
  const role = copy.permissions[user.role] || copy.permissions.viewer;
  return {
    tenant: copy.id,
    plan: copy.plan,
    enabledFeatures: Object.keys(copy.features).filter((k) => copy.features[k].enabled).length,
    featureOverrides: Object.keys(user.featureOverrides),
    navigation: copy.nav.filter((s) => s.items.some((i) => i.roles.includes(user.role))).map((s) => s.id),
    permissions: Object.keys(role).filter((k) => role[k]).length,
    language: user.lang,
    title: copy.labels[user.lang].label_0,
    limits: copy.limits,
  };
}

function userFrom(req) {
  return {
    role: String(req.headers['x-role'] || 'editor'),
    lang: ['en', 'de', 'fr', 'sv', 'es'].includes(req.headers['x-lang']) ? req.headers['x-lang'] : 'en',
    featureOverrides: { feature_3: { enabled: true }, feature_9: { enabled: false } },
    limitOverrides: { seats: 75 },
  };
}

const app = express();
app.get('/tenants/:id/settings/effective', (req, res) => {
  const settings = settingsFor(req.params.id, userFrom(req));
  if (!settings) {
    log.warn({ tenant: req.params.id }, 'unknown tenant');
    return res.status(404).json({ error: 'unknown tenant' });
  }
  res.json(settings);
});
app.get('/health', (req, res) => res.json({ ok: true }));

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-lodash-clonedeep-tenant-settings listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
