// A recipe-book API on Fastify (an ES module), knex over PostgreSQL (a pool of 10) and Redis (ioredis) as a
// read-through cache, pino at warn. Written with care: GET /recipes/:id reads the recipe and its ingredients (one
// query each, both through an index) once and caches the result in Redis for five minutes; GET /recipes?cuisine=
// lists a cuisine's twenty newest recipes through the (cuisine, created_at) index; POST /recipes/:id/ratings inserts
// one row. At the story's moderate rate each request is one to three short round trips; nothing to fix.
import Fastify from 'fastify';
import knexFactory from 'knex';
import Redis from 'ioredis';
import pino from 'pino';

const log = pino({ level: process.env.LOG_LEVEL || 'warn' });
const db = knexFactory({ client: 'pg', connection: {}, pool: { min: 0, max: 10 } });
const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });

async function seed() {
  await db.raw(`
    DROP TABLE IF EXISTS ratings;
    DROP TABLE IF EXISTS ingredients;
    DROP TABLE IF EXISTS recipes;
    CREATE TABLE recipes (id int PRIMARY KEY, title text NOT NULL, cuisine text NOT NULL, minutes int NOT NULL,
      serves int NOT NULL, method text NOT NULL, created_at timestamptz NOT NULL);
    INSERT INTO recipes SELECT g, 'Recipe ' || g, (ARRAY['italian','thai','mexican','indian','french','greek'])[1 + g % 6], 10 + g % 110,
      2 + g % 5, 'Prepare the ingredients, cook gently and season to taste. Step ' || g || '.', '2024-01-01'::timestamptz + g * interval '1 hour'
      FROM generate_series(1, 20000) g;
    CREATE INDEX recipes_cuisine_created ON recipes (cuisine, created_at DESC);
    CREATE TABLE ingredients (id serial PRIMARY KEY, recipe_id int NOT NULL, position int NOT NULL, name text NOT NULL, amount text NOT NULL);
    INSERT INTO ingredients (recipe_id, position, name, amount) SELECT r, p, 'Ingredient ' || ((r * 7 + p * 13) % 300), (50 * p) || ' g'
      FROM generate_series(1, 20000) r, generate_series(1, 8) p;
    CREATE INDEX ingredients_recipe ON ingredients (recipe_id, position);
    CREATE TABLE ratings (id bigserial PRIMARY KEY, recipe_id int NOT NULL, stars int NOT NULL, rated_at timestamptz NOT NULL DEFAULT now());
    CREATE INDEX ratings_recipe ON ratings (recipe_id);
    ANALYZE;
  `);
  await redis.connect();
  await redis.del('recipe:120', 'recipe:4711', 'recipe:9001');
}

async function recipeById(id) {
  const cached = await redis.get(`recipe:${id}`);
  if (cached) return JSON.parse(cached);
  const recipe = await db('recipes').select('id', 'title', 'cuisine', 'minutes', 'serves', 'method').where({ id }).first();
  if (!recipe) return null;
  recipe.ingredients = await db('ingredients').select('name', 'amount').where({ recipe_id: id }).orderBy('position');
  await redis.set(`recipe:${id}`, JSON.stringify(recipe), 'EX', 300);
  return recipe;
}

async function newestInCuisine(cuisine) {
  return db('recipes').select('id', 'title', 'minutes', 'created_at').where({ cuisine }).orderBy('created_at', 'desc').limit(20);
}

async function rate(recipeId, stars) {
  const [row] = await db('ratings').insert({ recipe_id: recipeId, stars }).returning('id');
  return { id: Number(row.id), recipeId, stars };
}

const app = Fastify({ logger: false });
app.get('/recipes/:id', async (req, reply) => {
  const recipe = await recipeById(Number(req.params.id) || 0);
  if (!recipe) return reply.code(404).send({ error: 'no such recipe' });
  return recipe;
});
app.get('/recipes', async (req) => ({ recipes: await newestInCuisine(String(req.query.cuisine || 'italian')) }));
app.post('/recipes/:id/ratings', async (req, reply) => {
  const stars = Math.min(5, Math.max(1, Number(req.body && req.body.stars) || 3));
  reply.code(201);
  return rate(Number(req.params.id) || 1, stars);
});
app.get('/health', async () => ({ ok: true }));
app.setErrorHandler((err, req, reply) => {
  log.error({ err }, 'request failed');
  reply.code(500).send({ error: 'internal error' });
});

await seed();
await app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' });
console.log(`fastify-esm-knex-pg-redis-recipe-book-moderate listening on http://127.0.0.1:${app.server.address().port}`);

function shutdown() {
  app.close().finally(() => Promise.allSettled([db.destroy(), redis.quit()]).finally(() => process.exit(0)));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
