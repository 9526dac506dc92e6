'use strict';
// A community forum's API on Express 5, knex and MariaDB (mysql2 underneath, a knex pool of 10 for 10 clients).
// GET /threads/:id shows a thread's 40 posts: threadPage reads the posts with one indexed query, then, for each post
// in turn, authorOf fetches the author's name, avatar and post count with its own primary-key query: 41 round trips
// one after another per page, where a JOIN (or one whereIn over the author ids) would answer in one. pino at warn.
const express = require('express5');
const knexFactory = require('knex');
const mysql = require('mysql2/promise');
const pino = require('pino');

const log = pino({ level: process.env.LOG_LEVEL || 'warn' });
const config = { host: process.env.MYSQL_HOST, port: Number(process.env.MYSQL_PORT), user: process.env.MYSQL_USER, password: process.env.MYSQL_PWD || '' };
let db;

async function seed() {
  const admin = await mysql.createConnection({ ...config, multipleStatements: true });
  await admin.query(`
    CREATE DATABASE IF NOT EXISTS forum;
    USE forum;
    DROP TABLE IF EXISTS posts;
    DROP TABLE IF EXISTS users;
    CREATE TABLE users (id INT PRIMARY KEY, handle VARCHAR(40) NOT NULL, avatar_url VARCHAR(120) NOT NULL, post_count INT NOT NULL,
      joined_at DATETIME NOT NULL) ENGINE=InnoDB;
    INSERT INTO users SELECT seq, CONCAT('member', seq), CONCAT('https://cdn.example/avatars/', seq, '.png'), seq % 900, '2020-01-01' + INTERVAL seq HOUR FROM seq_1_to_20000;
    CREATE TABLE posts (id INT PRIMARY KEY, thread_id INT NOT NULL, position INT NOT NULL, author_id INT NOT NULL, body TEXT NOT NULL,
      created_at DATETIME NOT NULL, KEY by_thread (thread_id, position)) ENGINE=InnoDB;
    INSERT INTO posts SELECT seq, 1 + (seq - 1) DIV 40, (seq - 1) % 40, 1 + (seq * 7919) % 20000,
      CONCAT('Reply ', seq, ': I tried that as well and it worked after changing the setting mentioned above.'), '2026-01-01' + INTERVAL seq MINUTE FROM seq_1_to_80000;
  `);
  await admin.end();
  db = knexFactory({ client: 'mysql2', connection: { ...config, database: 'forum' }, pool: { min: 0, max: 10 } });
}

async function authorOf(userId) {
  const user = await db('users').select('id', 'handle', 'avatar_url', 'post_count').where({ id: userId }).first();
  return user ? { id: user.id, handle: user.handle, avatar: user.avatar_url, posts: user.post_count } : null;
}

async function threadPage(threadId) {
  const posts = await db('posts').select('id', 'position', 'author_id', 'body', 'created_at').where({ thread_id: threadId }).orderBy('position');
  const page = [];
  for (const post of posts) {
    page.push({ id: post.id, position: post.position, body: post.body, at: post.created_at, author: await authorOf(post.author_id) });
  }
  return page;
}

const app = express();
app.get('/threads/:id', async (req, res) => {
  const posts = await threadPage(Number(req.params.id) || 1);
  res.json({ thread: Number(req.params.id), count: posts.length, posts });
});
app.get('/health', (req, res) => res.json({ ok: true }));
app.use((err, req, res, _next) => {
  log.error({ err }, 'request failed');
  res.status(500).json({ error: 'internal error' });
});

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`express5-knex-mariadb-forum-thread-author-per-post listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => Promise.resolve(db && db.destroy()).finally(() => process.exit(0));
  if (!server || !server.listening) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
