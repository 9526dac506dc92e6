'use strict';
// A team chat's dashboard API on Koa with presence kept in Redis (ioredis). Every client heartbeat adds its user id
// to the set presence:online, which holds 80,000 members. GET /dashboard/:user shows how many people are online and
// whether the caller is: onlineSummary runs SMEMBERS presence:online, receives all 80,000 ids and then takes .length
// and .includes(user), where SCARD and SISMEMBER would answer both in microseconds. Redis, single-threaded, builds the
// whole reply for every page, and ioredis parses it; one command per request, slow in itself for what it is used for.
const Koa = require('koa');
const Router = require('@koa/router');
const Redis = require('ioredis');

const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
const MEMBERS = 80000;

async function seed() {
  await redis.connect();
  await redis.del('presence:online', 'presence:rooms');
  for (let start = 0; start < MEMBERS; start += 2000) {
    const ids = [];
    for (let i = start; i < start + 2000; i++) ids.push(`u${100000 + i}`);
    await redis.sadd('presence:online', ...ids);
  }
  await redis.hset('presence:rooms', { general: '412', random: '131', deploys: '57', support: '88' });
}

async function onlineSummary(user) {
  const members = await redis.smembers('presence:online');
  return { online: members.length, youAreOnline: members.includes(user) };
}

async function roomCounts() {
  return redis.hgetall('presence:rooms');
}

const router = new Router();
router.get('/dashboard/:user', async (ctx) => {
  const [summary, rooms] = await Promise.all([onlineSummary(ctx.params.user), roomCounts()]);
  ctx.body = { user: ctx.params.user, ...summary, rooms };
});
const app = new Koa();
app.use(router.routes());

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`koa-ioredis-online-users-smembers-per-request listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => redis.quit().catch(() => {}).finally(() => process.exit(0));
  if (!server) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
