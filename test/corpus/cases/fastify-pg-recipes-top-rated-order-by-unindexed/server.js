'use strict';
// A recipe site's API on Fastify and PostgreSQL (pg, a pool of 10 for 5 clients). 300,000 recipes, indexed by id,
// by cuisine and by creation date. GET /recipes/top shows the twenty best-rated recipes: topRated sorts the whole
// table by the average rating (rating_sum / rating_count, kept up to date by the ratings route) and keeps the first
// twenty. Nothing indexes that order (an expression, and no column holds it), so every view reads all 300,000 rows
// and sorts them just to return twenty; an index on a stored score column (or a cached top list) would answer it
// from the first page of an index. GET /recipes/:id is a primary-key read.
const Fastify = require('fastify');
const { Pool } = require('pg');

const pool = new Pool({ max: 10 });

async function seed() {
  await pool.query(`
    DROP TABLE IF EXISTS recipes;
    CREATE TABLE recipes (id int PRIMARY KEY, title text NOT NULL, cuisine text NOT NULL, minutes int NOT NULL,
      rating_sum int NOT NULL, rating_count int NOT NULL, created_at timestamptz NOT NULL);
    INSERT INTO recipes SELECT g, 'Recipe ' || g, (ARRAY['italian','thai','mexican','indian','french','greek'])[1 + g % 6],
      10 + g % 110, ((g::bigint * 7919) % 4000)::int + 1, 1 + (g * 31) % 900, '2024-01-01'::timestamptz + (g % 700) * interval '1 day'
      FROM generate_series(1, 300000) g;
    CREATE INDEX recipes_cuisine ON recipes (cuisine, created_at);
    CREATE INDEX recipes_created ON recipes (created_at);
    ANALYZE recipes;
  `);
}

async function topRated(limit) {
  const { rows } = await pool.query(
    `SELECT id, title, cuisine, minutes, round(rating_sum::numeric / rating_count, 2) AS rating, rating_count
       FROM recipes ORDER BY rating_sum::numeric / rating_count DESC, id LIMIT $1`,
    [limit],
  );
  return rows;
}

async function recipeById(id) {
  const { rows } = await pool.query('SELECT id, title, cuisine, minutes, rating_sum, rating_count FROM recipes WHERE id = $1', [id]);
  return rows[0] || null;
}

const app = Fastify({ logger: false });
app.get('/recipes/top', async () => ({ recipes: await topRated(20) }));
app.get('/recipes/:id', async (req, reply) => {
  const recipe = await recipeById(Number(req.params.id) || 0);
  if (!recipe) return reply.code(404).send({ error: 'no such recipe' });
  return recipe;
});
app.get('/health', async () => ({ ok: true }));

seed()
  .then(() => app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }))
  .then(() => console.log(`fastify-pg-recipes-top-rated-order-by-unindexed listening on http://127.0.0.1:${app.server.address().port}`));

function shutdown() {
  app.close().finally(() => pool.end().finally(() => process.exit(0)));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
