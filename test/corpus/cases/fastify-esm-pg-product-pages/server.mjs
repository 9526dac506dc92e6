// A shop's product pages, an ES module (server.mjs) on Fastify with PostgreSQL (pg). GET /products/:id answers a
// product with its category and its five latest reviews in one query (a join and a lateral subquery, all on indexes);
// the pool has as many connections as the traffic has requests in flight. At start the app creates and seeds its
// tables (5,000 products, 50,000 reviews).
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ max: 10 });

async function seed() {
  await pool.query(`
    DROP TABLE IF EXISTS reviews; DROP TABLE IF EXISTS products; DROP TABLE IF EXISTS categories;
    CREATE TABLE categories (id int PRIMARY KEY, name text NOT NULL);
    CREATE TABLE products (id int PRIMARY KEY, category_id int NOT NULL REFERENCES categories(id), name text NOT NULL, cents int NOT NULL);
    CREATE TABLE reviews (id serial PRIMARY KEY, product_id int NOT NULL REFERENCES products(id), stars int NOT NULL, body text NOT NULL, written_at timestamptz NOT NULL);
    INSERT INTO categories SELECT g, 'Category ' || g FROM generate_series(1, 40) g;
    INSERT INTO products SELECT g, 1 + g % 40, 'Product ' || g, 199 + (g::bigint * 7919 % 90000)::int FROM generate_series(1, 5000) g;
    INSERT INTO reviews (product_id, stars, body, written_at)
      SELECT 1 + g % 5000, 1 + g % 5, 'Review ' || g || ': ' || repeat('good ', 1 + g % 12), timestamptz '2026-01-01' + g * interval '5 minutes'
      FROM generate_series(1, 50000) g;
    CREATE INDEX reviews_product ON reviews (product_id, written_at DESC);
    ANALYZE categories; ANALYZE products; ANALYZE reviews;
  `);
}

async function productPage(id) {
  const { rows } = await pool.query(
    `SELECT p.id, p.name, p.cents, c.name AS category,
            coalesce(json_agg(r ORDER BY r.written_at DESC) FILTER (WHERE r.id IS NOT NULL), '[]') AS reviews
       FROM products p
       JOIN categories c ON c.id = p.category_id
       LEFT JOIN LATERAL (SELECT id, stars, body, written_at FROM reviews WHERE product_id = p.id ORDER BY written_at DESC LIMIT 5) r ON true
      WHERE p.id = $1
      GROUP BY p.id, c.name`,
    [id],
  );
  return rows[0];
}

const app = Fastify({ logger: false });
app.get('/products/:id', async (request, reply) => {
  const page = await productPage(Number(request.params.id));
  if (!page) return reply.code(404).send({ error: 'no such product' });
  return page;
});

await seed();
await app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' });
console.log(`fastify-esm-pg-product-pages listening on http://127.0.0.1:${app.server.address().port}`);

function shutdown() {
  app.close().then(() => pool.end()).finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
