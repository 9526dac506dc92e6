'use strict';
// A member portal's login on Koa. POST /login checks the password with the asynchronous crypto.scrypt, but with
// parameters copied from an offline key-wrapping tool: N = 2^15, r = 8 and p = 4, four times the work of the usual
// interactive setting (p = 1), a few hundred milliseconds of one libuv thread per login. At the morning login peak
// sixteen logins are in flight and libuv's four threads take them four at a time, so logins queue for the threadpool
// while the event loop idles.
const crypto = require('node:crypto');
const Koa = require('koa');
const Router = require('@koa/router');

const SCRYPT = { N: 2 ** 15, r: 8, p: 4, maxmem: 64 * 1024 * 1024 };
const KEYLEN = 64;

// The user store: three members, their hashes derived at start (side by side on the threadpool).
const USERS = new Map();
function loadUsers() {
  const members = [['ana@example.org', 'tulip-otter-92'], ['ben@example.org', 'harbour-kite-17'], ['chloe@example.org', 'granite-moss-55']];
  return Promise.all(members.map(([email, password]) => new Promise((resolve, reject) => {
    const salt = crypto.createHash('sha256').update(email).digest().subarray(0, 16);
    crypto.scrypt(password, salt, KEYLEN, SCRYPT, (err, hash) => {
      if (err) return reject(err);
      USERS.set(email, { salt, hash });
      resolve();
    });
  })));
}

function verifyPassword(user, password) {
  return new Promise((resolve, reject) => {
    crypto.scrypt(password, user.salt, KEYLEN, SCRYPT, (err, key) => (err ? reject(err) : resolve(crypto.timingSafeEqual(key, user.hash))));
  });
}

async function readJson(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return JSON.parse(body);
}

const router = new Router();
router.post('/login', async (ctx) => {
  const { email, password } = await readJson(ctx.req);
  const user = USERS.get(email);
  if (!user || !(await verifyPassword(user, password))) {
    ctx.status = 401;
    ctx.body = { error: 'invalid credentials' };
    return;
  }
  ctx.body = { email, session: crypto.createHash('sha256').update(`${email}:${Date.now()}`).digest('hex').slice(0, 32) };
});
const app = new Koa();
app.use(router.routes());

let server;
loadUsers().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`koa-scrypt-login-high-cost listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  if (!server) process.exit(0);
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
