'use strict';
// A white-label storefront API. resolveOptions deep-merges the big default options (theme, features, texts: about
// 1,500 nested keys) with the tenant's overrides using lodash merge into a fresh object on every request, although
// the result only changes when a tenant edits its settings and each route reads three or four options.
const express = require('express');
const _ = require('lodash');

function buildDefaults() {
  const defaults = { theme: {}, features: {}, texts: {}, layout: {} };
  for (let i = 0; i < 60; i++) {
    defaults.theme[`component${i}`] = { color: `#${(i * 4099).toString(16).padStart(6, '0').slice(0, 6)}`, background: '#ffffff', radius: i % 8, font: { family: 'Inter', size: 12 + (i % 6), weight: 400 }, spacing: [4, 8, 12, 16] };
  }
  for (let i = 0; i < 300; i++) defaults.features[`feature_${i}`] = { enabled: i % 3 === 0, rollout: (i * 7) % 100, audience: ['beta', 'staff'] };
  for (let i = 0; i < 400; i++) defaults.texts[`label_${i}`] = `Default label number ${i}`;
  for (let i = 0; i < 40; i++) defaults.layout[`section${i}`] = { columns: 1 + (i % 4), order: i, visible: true };
  return defaults;
}

const DEFAULTS = buildDefaults();
const TENANTS = {
  acme: { theme: { component3: { color: '#ff0000' }, component10: { font: { size: 18 } } }, features: { feature_7: { enabled: true } }, texts: { label_1: 'Welcome to ACME' } },
  globex: { theme: { component0: { background: '#000000' } }, features: { feature_42: { rollout: 100 } }, texts: { label_1: 'Globex shop' } },
};

function resolveOptions(tenant) {
  return _.merge({}, DEFAULTS, TENANTS[tenant] || {});
}

const app = express();
app.get('/t/:tenant/header', (req, res) => {
  const options = resolveOptions(req.params.tenant);
  res.json({ title: options.texts.label_1, color: options.theme.component3.color, background: options.theme.component0.background, search: options.features.feature_7.enabled });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-lodash-merge-defaults listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
