'use strict';
// A member portal's login on Koa. POST /login checks the password with the asynchronous crypto.scrypt, but with
// parameters copied from an offline key-wrapping tool: N = 2^15, r = 8 and p = 4, four times the work of the usual
// interactive setting (p = 1), a few hundred milliseconds of one libuv thread per login. At the morning login peak
// eight logins are in flight and libuv's four threads take them four at a time, so logins queue for the threadpool
// while the event loop idles.
const crypto = require('node:crypto');
const Koa = require('koa');
const Router = require('@koa/router');

const SCRYPT = { N: 2 ** 15, r: 8, p: 4, maxmem: 64 * 1024 * 1024 };
const KEYLEN = 64;

// The user store: three members with their salts and scrypt hashes (hex), as the user table holds them.
const USERS = new Map(
  [
    ['ana@example.org', '86b9260a115ceac89a9738af23696ce3', 'e24e496b40819fdc08fda9f358226eb134f7b2320523910cb70fb8883bcd2d67d5c0b7aede776d6563cab211caaab4da0c9bde05890ac5270f0e1d4b30716c4a'],
    ['ben@example.org', '9de4dcc67240d5069ba21cd4de156498', 'e31a3989e0ad67aa34c435cc59efb466132df15c4a1a34d644efb046b54b39fff43fbe760fe791af4987bfce8895682186fe1ead7592e2c04f8b6ad07701963b'],
    ['chloe@example.org', '38f239c4a1175abda1398464534868d5', 'c690527de727f2eb4801c5b75ba73d2a3d3d58593fd31d76a1f09c1b08db95685d276e28b9c7da7984f9e5f6c4187228bf2fe8235be971372e44cbd8d82139d8'],
  ].map(([email, salt, hash]) => [email, { salt: Buffer.from(salt, 'hex'), hash: Buffer.from(hash, 'hex') }]),
);

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

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-scrypt-login-high-cost listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
