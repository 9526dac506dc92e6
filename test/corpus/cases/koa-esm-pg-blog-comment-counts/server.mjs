// A blog's front page, an ES module on Koa and PostgreSQL (pg). GET /posts lists the latest 25 posts
// (listLatestPosts, one query), then, for each post, countComments asks PostgreSQL for that post's comment count, one
// query after another: 26 round trips per page where one query with a GROUP BY (or a join) would answer the page.
import Koa from 'koa';
import Router from '@koa/router';
import pg from 'pg';

const pool = new pg.Pool({ max: 10, idleTimeoutMillis: 30000 });

async function seed() {
  await pool.query(`
    DROP TABLE IF EXISTS comments; DROP TABLE IF EXISTS posts;
    CREATE TABLE posts (id serial PRIMARY KEY, title text NOT NULL, published_at timestamptz NOT NULL);
    CREATE TABLE comments (id bigserial PRIMARY KEY, post_id int NOT NULL REFERENCES posts(id), body text NOT NULL);
    INSERT INTO posts (title, published_at) SELECT 'Post ' || g, timestamptz '2024-01-01' + g * interval '7 hours' FROM generate_series(1, 2000) g;
    INSERT INTO comments (post_id, body) SELECT 1 + (g * 37) % 2000, 'Comment ' || g FROM generate_series(1, 60000) g;
    CREATE INDEX comments_post ON comments (post_id);
    ANALYZE posts; ANALYZE comments;
  `);
}

async function listLatestPosts(offset) {
  const { rows } = await pool.query('SELECT id, title, published_at FROM posts ORDER BY published_at DESC LIMIT 25 OFFSET $1', [offset]);
  return rows;
}

async function countComments(postId) {
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM comments WHERE post_id = $1', [postId]);
  return rows[0].n;
}

const router = new Router();
router.get('/posts', async (ctx) => {
  const posts = await listLatestPosts(Number(ctx.query.offset || 0));
  for (const post of posts) post.comments = await countComments(post.id);
  ctx.body = { posts };
});
const app = new Koa();
app.use(router.routes());

let server;
await seed();
server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-esm-pg-blog-comment-counts listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => pool.end().finally(() => process.exit(0)));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
