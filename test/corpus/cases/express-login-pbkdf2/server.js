'use strict';
// An auth service: POST /login checks the password with crypto.pbkdf2Sync (210,000 iterations of SHA-512, the
// OWASP figure) on the main thread, so every login holds the event loop for tens of milliseconds.
const crypto = require('node:crypto');
const express = require('express');

const ITERATIONS = 210000;
const users = new Map();

function hashPassword(password, salt) {
  return crypto.pbkdf2Sync(password, salt, ITERATIONS, 64, 'sha512');
}

function addUser(name, password) {
  const salt = crypto.createHash('sha256').update(`salt:${name}`).digest();
  users.set(name, { name, salt, hash: hashPassword(password, salt), roles: ['reader'] });
}

function verifyPassword(user, password) {
  const candidate = hashPassword(password, user.salt);
  return crypto.timingSafeEqual(candidate, user.hash);
}

addUser('alice', 'correct horse battery staple');

const app = express();
app.use(express.json());

app.post('/login', (req, res) => {
  const user = users.get(req.body && req.body.user);
  if (!user || !verifyPassword(user, String(req.body.password))) return res.status(401).json({ error: 'bad credentials' });
  res.json({ token: crypto.createHash('sha1').update(user.name).digest('hex'), roles: user.roles });
});
app.get('/health', (req, res) => res.json({ ok: true }));

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-login-pbkdf2 listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
