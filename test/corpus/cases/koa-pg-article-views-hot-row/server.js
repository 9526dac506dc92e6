'use strict';
// A magazine's article API on Koa and PostgreSQL (pg Pool of ten). Every article view runs one transaction
// (recordViewAndLoad): it first adds one to the site-wide view counter (`UPDATE site_stats SET views = views + 1
// WHERE id = 1`, the same row for every request), then loads the article with its latest comments, then commits.
// The UPDATE takes the row's lock and keeps it until COMMIT, so concurrent views wait for each other in the database,
// one at a time, although every query is short and indexed and the pool has a connection per client.
const Koa = require('koa');
const Router = require('@koa/router');
const { Pool } = require('pg');

const pool = new Pool({ max: 10 });

async function seed() {
  await pool.query(`
    DROP TABLE IF EXISTS comments;
    DROP TABLE IF EXISTS articles;
    DROP TABLE IF EXISTS site_stats;
    CREATE TABLE site_stats (id int PRIMARY KEY, views bigint NOT NULL);
    INSERT INTO site_stats VALUES (1, 0);
    CREATE TABLE articles (id int PRIMARY KEY, slug text NOT NULL, title text NOT NULL, author text NOT NULL, body text NOT NULL, published_at timestamptz NOT NULL);
    INSERT INTO articles SELECT g, 'article-' || g, 'Article ' || g, 'Author ' || (g % 80), repeat('Lorem ipsum dolor sit amet. ', 40), timestamptz '2025-01-01' + g * interval '3 hours'
      FROM generate_series(1, 5000) g;
    CREATE TABLE comments (id bigint PRIMARY KEY, article_id int NOT NULL, author text NOT NULL, body text NOT NULL, created_at timestamptz NOT NULL);
    INSERT INTO comments SELECT g, 1 + g % 5000, 'Reader ' || (g % 900), 'A comment about it, number ' || g, timestamptz '2025-01-01' + g * interval '5 minutes'
      FROM generate_series(1, 100000) g;
    CREATE INDEX comments_by_article ON comments (article_id, created_at DESC);
    ANALYZE site_stats; ANALYZE articles; ANALYZE comments;
  `);
}

async function recordViewAndLoad(articleId) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('UPDATE site_stats SET views = views + 1 WHERE id = 1');
    const { rows } = await client.query(
      `SELECT a.id, a.slug, a.title, a.author, a.body, a.published_at,
              (SELECT coalesce(json_agg(c ORDER BY c.created_at DESC), '[]') FROM
                 (SELECT author, body, created_at FROM comments WHERE article_id = a.id ORDER BY created_at DESC LIMIT 20) c) AS comments
         FROM articles a WHERE a.id = $1`,
      [articleId],
    );
    await client.query('COMMIT');
    return rows[0] || null;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

const router = new Router();
router.get('/articles/:id', async (ctx) => {
  const article = await recordViewAndLoad(Number(ctx.params.id));
  if (!article) {
    ctx.status = 404;
    ctx.body = { error: 'no such article' };
    return;
  }
  ctx.body = article;
});
const app = new Koa();
app.use(router.routes());

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`koa-pg-article-views-hot-row listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => pool.end().finally(() => process.exit(0));
  if (!server) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
