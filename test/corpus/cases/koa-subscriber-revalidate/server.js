'use strict';
// A newsletter admin API. Addresses are validated when people subscribe, yet listSubscribers re-validates and
// normalises every address of the list (validator's isEmail and normalizeEmail) on every page request, to drop
// "bad" rows that cannot be there, before returning one page of 25.
const Koa = require('koa');
const Router = require('@koa/router');
const validator = require('validator');

const NAMES = ['anna', 'Ben.Taylor', 'c.o+news', 'dmitri_k', 'eve.martin', 'Farah', 'g.huang', 'hugo+promo'];
const DOMAINS = ['Example.com', 'gmail.com', 'mail.co.uk', 'googlemail.com', 'outlook.com', 'corp.example.org'];
const lists = new Map();
for (let l = 1; l <= 3; l++) {
  const subscribers = [];
  for (let i = 0; i < 1200; i++) {
    subscribers.push({ id: l * 10000 + i, email: `${NAMES[i % NAMES.length]}${i}@${DOMAINS[(i + l) % DOMAINS.length]}`, since: `2025-${String(1 + (i % 12)).padStart(2, '0')}-01` });
  }
  lists.set(String(l), { id: l, name: `List ${l}`, subscribers });
}

function listSubscribers(list, page) {
  const valid = [];
  for (const s of list.subscribers) {
    if (!validator.isEmail(s.email)) continue;
    valid.push({ id: s.id, email: validator.normalizeEmail(s.email), since: s.since });
  }
  const start = (page - 1) * 25;
  return { total: valid.length, page, subscribers: valid.slice(start, start + 25) };
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/lists/:id/subscribers', (ctx) => {
  const list = lists.get(ctx.params.id);
  if (!list) ctx.throw(404, 'no such list');
  ctx.body = listSubscribers(list, Math.max(1, Number(ctx.query.page) || 1));
});
router.get('/lists/:id', (ctx) => {
  const list = lists.get(ctx.params.id);
  if (!list) ctx.throw(404, 'no such list');
  ctx.body = { id: list.id, name: list.name, size: list.subscribers.length };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-subscriber-revalidate listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
