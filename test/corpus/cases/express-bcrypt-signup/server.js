'use strict';
// A sign-up API that hashes each new password with bcryptjs' synchronous hashSync (cost 10, pure JavaScript) inside
// the request handler: each sign-up holds the event loop for roughly a tenth of a second.
const express = require('express');
const bcrypt = require('bcryptjs');

const accounts = [];
const MAX_ACCOUNTS = 1000; // a demo store: the oldest accounts are dropped so memory stays flat

function registerUser(email, password) {
  const passwordHash = bcrypt.hashSync(password, 10);
  const account = { id: accounts.length + 1, email, passwordHash, createdAt: new Date().toISOString() };
  accounts.push(account);
  if (accounts.length > MAX_ACCOUNTS) accounts.shift();
  return account;
}

const app = express();
app.use(express.json());
app.post('/signup', (req, res) => {
  const { email, password } = req.body || {};
  if (!email || !password) return res.status(400).json({ error: 'email and password required' });
  const account = registerUser(email, password);
  res.status(201).json({ id: account.id, email: account.email });
});
app.get('/accounts/count', (req, res) => res.json({ count: accounts.length }));

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-bcrypt-signup listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
