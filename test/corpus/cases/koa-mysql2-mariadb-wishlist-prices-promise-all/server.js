'use strict';
// A shop's wishlist API on Koa and MariaDB (mysql2, a pool of 10 for 10 clients). GET /wishlists/:id lists the 40
// products a shopper saved: listWishlist reads the wishlist's product ids (one indexed query), then priceFor runs one
// primary-key SELECT per product for its current price and stock. Someone made it "fast" by firing the 40 lookups at
// once with Promise.all instead of one after another, so each page puts 40 short queries on the pool at the same time
// where one WHERE id IN (...) or a JOIN would answer it in a single round trip.
const Koa = require('koa');
const Router = require('@koa/router');
const mysql = require('mysql2/promise');

const config = { host: process.env.MYSQL_HOST, port: Number(process.env.MYSQL_PORT), user: process.env.MYSQL_USER, password: process.env.MYSQL_PWD || '' };
let pool;

async function seed() {
  const admin = await mysql.createConnection({ ...config, multipleStatements: true });
  await admin.query(`
    CREATE DATABASE IF NOT EXISTS wishlists;
    USE wishlists;
    DROP TABLE IF EXISTS wishlist_items;
    DROP TABLE IF EXISTS products;
    CREATE TABLE products (id INT PRIMARY KEY, name VARCHAR(80) NOT NULL, price_cents INT NOT NULL, currency CHAR(3) NOT NULL,
      stock INT NOT NULL, updated_at DATETIME NOT NULL) ENGINE=InnoDB;
    INSERT INTO products SELECT seq, CONCAT('Product ', seq), 199 + (seq * 7919) % 20000, 'EUR', seq % 37, '2026-11-01' FROM seq_1_to_20000;
    CREATE TABLE wishlist_items (wishlist_id INT NOT NULL, position INT NOT NULL, product_id INT NOT NULL, added_at DATETIME NOT NULL,
      PRIMARY KEY (wishlist_id, position)) ENGINE=InnoDB;
    INSERT INTO wishlist_items SELECT 1 + (seq - 1) DIV 40, (seq - 1) % 40, 1 + (seq * 131) % 20000, '2026-10-01' FROM seq_1_to_80000;
  `);
  await admin.end();
  pool = mysql.createPool({ ...config, database: 'wishlists', connectionLimit: 10 });
}

async function listWishlist(wishlistId) {
  const [rows] = await pool.query('SELECT product_id FROM wishlist_items WHERE wishlist_id = ? ORDER BY position', [wishlistId]);
  return rows.map((r) => r.product_id);
}

async function priceFor(productId) {
  const [rows] = await pool.query('SELECT id, name, price_cents, currency, stock FROM products WHERE id = ?', [productId]);
  const p = rows[0];
  return p && { id: p.id, name: p.name, price: p.price_cents / 100, currency: p.currency, inStock: p.stock > 0 };
}

const app = new Koa();
const router = new Router();
router.get('/wishlists/:id', async (ctx) => {
  const ids = await listWishlist(Number(ctx.params.id) || 1);
  const items = await Promise.all(ids.map((id) => priceFor(id)));
  ctx.body = { wishlist: Number(ctx.params.id), count: items.length, items };
});
router.get('/health', (ctx) => {
  ctx.body = { ok: true };
});
app.use(router.routes());

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`koa-mysql2-mariadb-wishlist-prices-promise-all listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => Promise.resolve(pool && pool.end()).finally(() => process.exit(0));
  if (!server || !server.listening) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
