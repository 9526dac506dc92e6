'use strict';
// A garden centre's catalogue API on Koa, knex and MariaDB (mysql2). A category page lists 20 products sorted by
// price with one query that an index on (category_id, price_cents) answers; a product page joins the product to its
// category by primary keys. The pool has ten connections for the ten clients. Nothing to fix.
const Koa = require('koa');
const Router = require('@koa/router');
const mysql = require('mysql2/promise');
const knexFactory = require('knex');

const config = { host: process.env.MYSQL_HOST, port: Number(process.env.MYSQL_PORT), user: process.env.MYSQL_USER, password: process.env.MYSQL_PWD || '' };

async function seed() {
  const admin = await mysql.createConnection({ ...config, multipleStatements: true });
  await admin.query(`
    CREATE DATABASE IF NOT EXISTS garden;
    USE garden;
    DROP TABLE IF EXISTS products;
    DROP TABLE IF EXISTS categories;
    CREATE TABLE categories (id INT PRIMARY KEY, slug VARCHAR(30) NOT NULL, title VARCHAR(60) NOT NULL, UNIQUE KEY (slug)) ENGINE=InnoDB;
    INSERT INTO categories SELECT seq, CONCAT('cat-', seq), CONCAT('Category ', seq) FROM seq_1_to_40;
    CREATE TABLE products (id INT PRIMARY KEY, category_id INT NOT NULL, name VARCHAR(80) NOT NULL, price_cents INT NOT NULL, stock INT NOT NULL,
      KEY by_category_price (category_id, price_cents)) ENGINE=InnoDB;
    INSERT INTO products SELECT seq, 1 + seq MOD 40, CONCAT('Plant ', seq), 150 + seq * 7919 MOD 9000, seq MOD 70 FROM seq_1_to_60000;
    ANALYZE TABLE categories, products;
  `);
  await admin.end();
}

let knex;
function connect() {
  knex = knexFactory({ client: 'mysql2', connection: { ...config, database: 'garden' }, pool: { min: 0, max: 10 } });
}

async function categoryPage(slug, page) {
  return knex('products as p')
    .join('categories as c', 'c.id', 'p.category_id')
    .where('c.slug', slug)
    .select('p.id', 'p.name', 'p.price_cents', 'p.stock')
    .orderBy('p.price_cents', 'asc')
    .limit(20)
    .offset((page - 1) * 20);
}

async function productById(id) {
  return knex('products as p').join('categories as c', 'c.id', 'p.category_id').where('p.id', id).first('p.id', 'p.name', 'p.price_cents', 'p.stock', 'c.title as category');
}

const router = new Router();
router.get('/categories/:slug/products', async (ctx) => {
  const page = Math.max(1, Number(ctx.query.page) || 1);
  ctx.body = { slug: ctx.params.slug, page, products: await categoryPage(ctx.params.slug, page) };
});
router.get('/products/:id', async (ctx) => {
  const product = await productById(Number(ctx.params.id));
  if (!product) {
    ctx.status = 404;
    ctx.body = { error: 'no such product' };
    return;
  }
  ctx.body = product;
});

const app = new Koa();
app.use(router.routes());
let server;
seed().then(() => {
  connect();
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`koa-knex-mariadb-catalog-indexed listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => (knex ? knex.destroy() : Promise.resolve()).finally(() => process.exit(0));
  if (!server) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
