'use strict';
// A small SaaS app's login on Express. POST /login checks the password with the native bcrypt's asynchronous
// compare at cost 10, the library's recommended default: tens of milliseconds of one libuv thread per login. Logins
// come in at a modest rate (eight a second from four clients), which libuv's four threads absorb without a queue.
// The work is expensive but it is the point of a password hash; nothing here is avoidable.
const crypto = require('node:crypto');
const express = require('express');
const bcrypt = require('bcrypt');

const COST = 10;
const USERS = new Map();
function loadUsers() {
  const members = [['dana@example.com', 'cobalt-raven-31'], ['eli@example.com', 'maple-sonar-08'], ['fay@example.com', 'quartz-lemon-64']];
  return Promise.all(members.map(async ([email, password]) => USERS.set(email, { hash: await bcrypt.hash(password, COST) })));
}

async function checkPassword(user, password) {
  return bcrypt.compare(password, user.hash);
}

const app = express();
app.use(express.json());
app.post('/login', async (req, res, next) => {
  try {
    const { email, password } = req.body;
    const user = USERS.get(email);
    if (!user || !(await checkPassword(user, password))) return res.status(401).json({ error: 'invalid credentials' });
    res.json({ email, session: crypto.randomBytes(16).toString('hex') });
  } catch (err) {
    next(err);
  }
});

let server;
loadUsers().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`express-bcrypt-login-modest-rate listening on http://127.0.0.1:${server.address().port}`);
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
