'use strict';
// A shop's catalogue page on Fastify and PostgreSQL (pg Pool of 10). GET /catalog/:category returns a page of 60
// products with their variants, and has two problems. The larger: listCatalogPage fetches the page's products in one
// query, then loadVariants runs one more query per product, one after another (61 round trips per page where one
// query with ANY($1) would do), so the request waits for sixty short queries in turn. The smaller: the reply is
// serialised by hand with JSON.stringify and a replacer that formats every price and date and indents by two spaces,
// a few milliseconds of CPU per page that fastify's schema serialiser would mostly save.
const fastify = require('fastify')({ logger: false });
const { Pool } = require('pg');

const pool = new Pool({ max: 10 });

async function seed() {
  await pool.query(`
    DROP TABLE IF EXISTS cat_variants;
    DROP TABLE IF EXISTS cat_products;
    CREATE TABLE cat_products (id int PRIMARY KEY, category text NOT NULL, title text NOT NULL, description text NOT NULL, created_at timestamptz NOT NULL);
    INSERT INTO cat_products SELECT g, (ARRAY['shoes','jackets','bags','hats'])[1 + g % 4], 'Product ' || g,
      repeat('Soft, durable and made to last. ', 4), timestamptz '2025-06-01' + g * interval '1 hour' FROM generate_series(1, 8000) g;
    CREATE INDEX cat_products_category ON cat_products (category, id);
    CREATE TABLE cat_variants (id int PRIMARY KEY, product_id int NOT NULL, size text NOT NULL, colour text NOT NULL, price_cents int NOT NULL,
      stock int NOT NULL, updated_at timestamptz NOT NULL);
    INSERT INTO cat_variants SELECT g, 1 + (g - 1) / 8, (ARRAY['XS','S','M','L','XL','XXL','38','42'])[1 + g % 8], (ARRAY['black','navy','sand','olive'])[1 + g % 4],
      1990 + (g::bigint * 7919) % 15000, (g * 13) % 40, timestamptz '2026-01-01' + g * interval '5 minutes' FROM generate_series(1, 64000) g;
    CREATE INDEX cat_variants_product ON cat_variants (product_id);
    ANALYZE cat_products; ANALYZE cat_variants;
  `);
}

async function loadVariants(productId) {
  const { rows } = await pool.query('SELECT id, size, colour, price_cents, stock, updated_at FROM cat_variants WHERE product_id = $1 ORDER BY id', [productId]);
  return rows;
}

async function listCatalogPage(category, page) {
  const { rows: products } = await pool.query(
    'SELECT id, title, description, created_at FROM cat_products WHERE category = $1 ORDER BY id LIMIT 60 OFFSET $2',
    [category, (page - 1) * 60],
  );
  for (const product of products) {
    product.variants = await loadVariants(product.id);
  }
  return products;
}

// Prices as "19.90 EUR", dates as ISO strings without milliseconds, every key visited, two-space indentation.
function renderCatalogJson(payload) {
  return JSON.stringify(
    payload,
    function replacer(key, value) {
      if (key === 'price_cents') return `${(value / 100).toFixed(2)} EUR`;
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return value.replace(/\.\d{3}Z$/, 'Z');
      return value;
    },
    2,
  );
}

fastify.get('/catalog/:category', async (request, reply) => {
  const page = Number(request.query.page || 1);
  const products = await listCatalogPage(request.params.category, page);
  reply.type('application/json');
  return renderCatalogJson({ category: request.params.category, page, products });
});

seed().then(() =>
  fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
    console.log(`fastify-pg-catalog-variants-n-plus-one-json listening on http://127.0.0.1:${fastify.server.address().port}`);
  }),
);
function shutdown() {
  fastify.close().then(() => pool.end()).finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
