'use strict';
// A team workspace API on Express. Every /api request carries an API token, and verifyToken checks it by deriving
// scrypt (N=4096) of the token and comparing it with the stored hash, a password-grade key derivation on every call
// where a SHA-256 of a random token (or a cache of verified tokens) would do. scrypt runs on libuv's threadpool (four
// threads), so under load the pool is full of key derivations, and the avatar images, read with fs.readFile (which
// needs the same threadpool), wait behind them: avatars that should take a millisecond take as long as the queue. Two
// problems seen by the user (slow API, slow avatars), one cause: the threadpool saturated by verifyToken.
const express = require('express');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const SALT = Buffer.from('9a1e0c3b7f2d4e5a', 'hex');
// The stored hash, as the tokens table holds it: scrypt(TOKEN, SALT, 32, { N: 4096 }).
const storedHash = Buffer.from('961c8d30bd33b3036fbeaf9497af0b0c63500b39cc9afdec575100423f83a1d4', 'hex');

function verifyToken(token) {
  return new Promise((resolve, reject) => {
    crypto.scrypt(token, SALT, 32, { N: 4096, r: 8, p: 1 }, (err, key) => (err ? reject(err) : resolve(crypto.timingSafeEqual(key, storedHash))));
  });
}

const app = express();
app.use('/api', async (req, res, next) => {
  try {
    const token = String(req.get('authorization') || '').replace(/^Bearer /, '');
    if (!(await verifyToken(token))) return res.status(401).json({ error: 'bad token' });
    next();
  } catch (err) {
    next(err);
  }
});
app.get('/api/projects', (req, res) => {
  res.json({ projects: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `Project ${i + 1}`, openTasks: (i * 7) % 23 })) });
});
app.get('/avatars/:name', (req, res, next) => {
  const file = path.join(__dirname, 'avatars', path.basename(req.params.name));
  fs.readFile(file, (err, data) => {
    if (err) return err.code === 'ENOENT' ? res.status(404).end() : next(err);
    res.type('png').send(data);
  });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-scrypt-login-starves-avatar-reads listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
