'use strict';
// A sign-in service on Koa with native bcrypt (hashing on libuv's threadpool) and jsonwebtoken. Passwords are stored
// as bcrypt hashes of cost 10; the team raised the target cost to 12 and added a "rehash on login" upgrade: after a
// successful compare, login calls upgradeHash, which hashes the password again at cost 12 and sets it on the user. But
// findUser returns a copy of the stored record (as a database row would be), and nobody saves the copy: the upgrade is
// never stored, so every login of every user pays a cost-12 hash, about four times the cost-10 compare, again and
// again. At the sign-in burst's concurrency the four threads are always busy with hashes nobody keeps.
const crypto = require('node:crypto');
const Koa = require('koa');
const Router = require('@koa/router');
const bcrypt = require('bcrypt');
const jwt = require('jsonwebtoken');

const TARGET_COST = 12;
const JWT_SECRET = crypto.createHash('sha256').update('sign-in-demo').digest();
const store = new Map();

async function seed() {
  await Promise.all(Array.from({ length: 8 }, async (_, i) => {
    const email = `user${i + 1}@example.com`;
    store.set(email, { id: i + 1, email, name: `User ${i + 1}`, passwordHash: await bcrypt.hash(`correct horse ${i + 1}`, 10) });
  }));
}

function findUser(email) {
  const row = store.get(email);
  return row ? { ...row } : null;
}

async function upgradeHash(user, password) {
  user.passwordHash = await bcrypt.hash(password, TARGET_COST);
}

async function login(email, password) {
  const user = findUser(email);
  if (!user || !(await bcrypt.compare(password, user.passwordHash))) return null;
  if (bcrypt.getRounds(user.passwordHash) < TARGET_COST) await upgradeHash(user, password);
  return jwt.sign({ sub: user.id, name: user.name }, JWT_SECRET, { algorithm: 'HS256', expiresIn: '1h' });
}

async function readJson(ctx) {
  const chunks = [];
  for await (const chunk of ctx.req) chunks.push(chunk);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return {};
  }
}

const app = new Koa();
const router = new Router();
router.post('/login', async (ctx) => {
  const body = await readJson(ctx);
  const token = await login(String(body.email || ''), String(body.password || ''));
  if (!token) {
    ctx.status = 401;
    ctx.body = { error: 'wrong e-mail or password' };
    return;
  }
  ctx.body = { token };
});
router.get('/health', (ctx) => {
  ctx.body = { ok: true };
});
app.use(router.routes());

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`koa-bcrypt-login-rehash-never-saved listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  if (!server || !server.listening) process.exit(0);
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
