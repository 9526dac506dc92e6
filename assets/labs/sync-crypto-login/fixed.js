'use strict';
// Lab "sync-crypto-login", fixed variant. The hash is just as strong (PBKDF2-SHA512, 210,000 iterations), but
// hashPassword uses the asynchronous crypto.pbkdf2: the work runs on libuv's thread pool, and the event loop stays
// free to answer every other request while logins are being checked.
const crypto = require('node:crypto');
const { promisify } = require('node:util');
const express = require('express');

const ITERATIONS = 210_000;
const KEY_LENGTH = 64;
const DIGEST = 'sha512';

const pbkdf2 = promisify(crypto.pbkdf2);

function hashPassword(password, salt) {
  return pbkdf2(password, salt, ITERATIONS, KEY_LENGTH, DIGEST);
}

// The user table (in memory for the lab), hashed once at start-up: before the server listens, a synchronous hash
// makes nobody wait.
const users = new Map();
for (const [name, password] of [['alice', 'correct horse battery staple'], ['bob', 'hunter2 but longer'], ['carol', 'tr0ub4dor&3']]) {
  const salt = crypto.randomBytes(16);
  users.set(name, { name, salt, hash: crypto.pbkdf2Sync(password, salt, ITERATIONS, KEY_LENGTH, DIGEST) });
}

const sessions = new Map();

async function checkPassword(user, password) {
  const hash = await hashPassword(password, user.salt);
  return crypto.timingSafeEqual(hash, user.hash);
}

const app = express();
app.use(express.json({ limit: '4kb' }));

app.post('/login', async (req, res, next) => {
  try {
    const { user: name, password } = req.body || {};
    const user = typeof name === 'string' ? users.get(name) : undefined;
    if (!user || typeof password !== 'string' || !(await checkPassword(user, password))) return res.status(401).json({ error: 'wrong user or password' });
    const token = crypto.randomBytes(24).toString('base64url');
    sessions.set(token, { user: user.name, until: Date.now() + 3600_000 });
    res.json({ token });
  } catch (err) {
    next(err); // express 4 does not catch a rejected promise by itself
  }
});

app.get('/catalogue', (req, res) => {
  res.json({ products: [{ sku: 'tea-01', name: 'Green tea', price: 4.5 }, { sku: 'tea-02', name: 'Black tea', price: 3.9 }] });
});

app.get('/health', (req, res) => res.json({ ok: true }));

// Sessions expire after an hour.
setInterval(() => {
  const now = Date.now();
  for (const [token, session] of sessions) if (session.until < now) sessions.delete(token);
}, 60_000).unref();

const server = app.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => {
  console.log(`lab sync-crypto-login (fixed) listening on http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)).closeAllConnections());
