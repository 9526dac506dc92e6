'use strict';
// A document API. hasPermission checks each of the 30 permissions a document page needs by scanning the whole
// 5,000-entry grants array with lodash some and a matches-shorthand object (a deep partial comparison per grant),
// instead of indexing the grants once (a Set of "role:resource:action" keys would answer each check at once).
const _ = require('lodash');
const Koa = require('koa');
const Router = require('@koa/router');

const ROLES = ['viewer', 'editor', 'admin', 'auditor'];
const ACTIONS = ['read', 'comment', 'edit', 'share', 'delete'];
const grants = [];
for (let r = 0; r < 556; r++) {
  for (let a = 0; a < ACTIONS.length; a++) {
    const role = ROLES[(r + a) % ROLES.length];
    grants.push({ role, resource: `resource-${r}`, action: ACTIONS[a] });
  }
  grants.push(...ROLES.map((role) => ({ role, resource: `resource-${r}`, action: 'list' })));
}
grants.length = 5000;
// The widgets of a document page, each needing one permission (most are near the end of the array or absent).
const PAGE_CHECKS = [];
for (let i = 0; i < 30; i++) PAGE_CHECKS.push({ resource: `resource-${550 - i * 5}`, action: ACTIONS[i % ACTIONS.length] });

function hasPermission(role, resource, action) {
  return _.some(grants, { role, resource, action });
}

function allowedWidgets(role) {
  const allowed = [];
  for (const check of PAGE_CHECKS) if (hasPermission(role, check.resource, check.action)) allowed.push(`${check.resource}:${check.action}`);
  return allowed;
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/documents/:id', (ctx) => {
  const role = ctx.get('x-role') || 'viewer';
  const allowed = allowedWidgets(role);
  ctx.body = { id: Number(ctx.params.id), role, allowed: allowed.length, widgets: allowed.slice(0, 5) };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-acl-linear-scan listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
