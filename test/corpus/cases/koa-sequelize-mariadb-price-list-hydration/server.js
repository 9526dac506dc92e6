'use strict';
// A wholesaler's price-list API on Koa, Sequelize and MariaDB (mysql2). GET /suppliers/:id/prices returns a supplier's
// whole price list: 250 products found through an index on supplier_id (a millisecond or so in the database), each
// turned into a full Sequelize model instance with all twelve columns and then serialised again (loadPriceList).
// The page needs six of the columns and plain rows (`raw: true`, `attributes`) or a page of 50 would do; the request's
// time goes into building and serialising 250 instances on the main thread, not into the query.
const Koa = require('koa');
const Router = require('@koa/router');
const mysql = require('mysql2/promise');
const { Sequelize, DataTypes } = require('sequelize');

const config = { host: process.env.MYSQL_HOST, port: Number(process.env.MYSQL_PORT), user: process.env.MYSQL_USER, password: process.env.MYSQL_PWD || '' };

let sequelize;
let Product;

async function seed() {
  const admin = await mysql.createConnection({ ...config, multipleStatements: true });
  await admin.query(`
    CREATE DATABASE IF NOT EXISTS wholesale;
    USE wholesale;
    DROP TABLE IF EXISTS products;
    CREATE TABLE products (
      id INT PRIMARY KEY, supplier_id INT NOT NULL, sku VARCHAR(20) NOT NULL, name VARCHAR(80) NOT NULL,
      description VARCHAR(255) NOT NULL, unit VARCHAR(10) NOT NULL, pack_size INT NOT NULL, price_cents INT NOT NULL,
      vat_rate DECIMAL(4,2) NOT NULL, currency CHAR(3) NOT NULL, stock INT NOT NULL, updated_at DATETIME NOT NULL,
      KEY by_supplier (supplier_id)) ENGINE=InnoDB;
    INSERT INTO products SELECT seq, 1 + seq MOD 160, CONCAT('SKU-', LPAD(seq, 8, '0')), CONCAT('Product ', seq),
      CONCAT('Wholesale pack of product ', seq, ', cartons of ', 6 + seq MOD 18, ', shelf life ', 30 + seq MOD 300, ' days'),
      ELT(1 + seq MOD 4, 'kg', 'piece', 'litre', 'box'), 6 + seq MOD 18, 90 + seq * 7919 MOD 20000,
      ELT(1 + seq MOD 3, 5.50, 10.00, 20.00), 'EUR', seq * 31 MOD 900, TIMESTAMP '2026-11-01 00:00:00' - INTERVAL seq MINUTE
      FROM seq_1_to_40000;
    ANALYZE TABLE products;
  `);
  await admin.end();
}

function defineModels() {
  sequelize = new Sequelize('wholesale', config.user, config.password, { dialect: 'mysql', host: config.host, port: config.port, logging: false, pool: { max: 10, min: 0 } });
  Product = sequelize.define(
    'Product',
    {
      supplierId: { type: DataTypes.INTEGER, field: 'supplier_id' },
      sku: DataTypes.STRING,
      name: DataTypes.STRING,
      description: DataTypes.STRING,
      unit: DataTypes.STRING,
      packSize: { type: DataTypes.INTEGER, field: 'pack_size' },
      priceCents: { type: DataTypes.INTEGER, field: 'price_cents' },
      vatRate: { type: DataTypes.DECIMAL(4, 2), field: 'vat_rate' },
      currency: DataTypes.STRING,
      stock: DataTypes.INTEGER,
      updatedAt: { type: DataTypes.DATE, field: 'updated_at' },
    },
    { tableName: 'products', timestamps: false },
  );
}

async function loadPriceList(supplierId) {
  const products = await Product.findAll({ where: { supplierId }, order: [['sku', 'ASC']] });
  return products.map((p) => p.toJSON());
}

const router = new Router();
router.get('/suppliers/:id/prices', async (ctx) => {
  const prices = await loadPriceList(Number(ctx.params.id));
  ctx.body = { supplier: Number(ctx.params.id), count: prices.length, prices: prices.map((p) => ({ sku: p.sku, name: p.name, unit: p.unit, packSize: p.packSize, priceCents: p.priceCents, vatRate: p.vatRate })) };
});
const app = new Koa();
app.use(router.routes());

let server;
seed().then(() => {
  defineModels();
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`koa-sequelize-mariadb-price-list-hydration listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => (sequelize ? sequelize.close() : Promise.resolve()).finally(() => process.exit(0));
  if (!server) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
