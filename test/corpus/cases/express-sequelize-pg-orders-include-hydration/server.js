'use strict';
// A back-office order list on Express, Sequelize and PostgreSQL. GET /customers/:id/orders shows a customer's 50
// latest orders with their lines: listRecentOrders calls Order.findAll with include: OrderLine, which comes back as
// about 200 joined rows that Sequelize turns into 50 Order and 200 OrderLine model instances (every attribute set
// through its setters, the include's rows grouped by primary key, dataValues and _previousDataValues copied), and the
// route then only reads plain fields for JSON. The query is indexed and quick; the CPU goes into Sequelize's building
// of model instances, on every request, where raw: true with nest, or a plain SELECT, would give the same JSON.
const express = require('express');
const { Sequelize, DataTypes } = require('sequelize');

const sequelize = new Sequelize(process.env.PGDATABASE, process.env.PGUSER, process.env.PGPASSWORD || '', {
  host: process.env.PGHOST,
  port: Number(process.env.PGPORT),
  dialect: 'postgres',
  logging: false,
  pool: { max: 10 },
});

const Order = sequelize.define('Order', {
  customerId: { type: DataTypes.INTEGER, allowNull: false },
  status: { type: DataTypes.STRING(20), allowNull: false },
  currency: { type: DataTypes.STRING(3), allowNull: false },
  placedAt: { type: DataTypes.DATE, allowNull: false },
  note: { type: DataTypes.STRING(200) },
}, { tableName: 'bo_orders', timestamps: false, indexes: [{ fields: ['customerId', 'placedAt'] }] });

const OrderLine = sequelize.define('OrderLine', {
  sku: { type: DataTypes.STRING(20), allowNull: false },
  title: { type: DataTypes.STRING(80), allowNull: false },
  qty: { type: DataTypes.INTEGER, allowNull: false },
  priceCents: { type: DataTypes.INTEGER, allowNull: false },
  taxRate: { type: DataTypes.DECIMAL(4, 2), allowNull: false },
}, { tableName: 'bo_order_lines', timestamps: false, indexes: [{ fields: ['orderId'] }] });

Order.hasMany(OrderLine, { as: 'lines', foreignKey: 'orderId' });
OrderLine.belongsTo(Order, { foreignKey: 'orderId' });

async function seed() {
  await sequelize.sync({ force: true });
  await sequelize.query(`
    INSERT INTO bo_orders ("customerId", status, currency, "placedAt", note)
      SELECT 1 + g % 400, (ARRAY['paid','packed','shipped','delivered'])[1 + g % 4], 'EUR', timestamptz '2026-01-01' + g * interval '9 minutes',
        'Order note ' || g
      FROM generate_series(1, 24000) g;
    INSERT INTO bo_order_lines (sku, title, qty, "priceCents", "taxRate", "orderId")
      SELECT 'SKU-' || (g % 3000), 'Product ' || (g % 3000), 1 + g % 5, 199 + (g::bigint * 7919) % 9000, 19.00, 1 + (g - 1) / 4
      FROM generate_series(1, 96000) g;
    ANALYZE bo_orders; ANALYZE bo_order_lines;
  `);
}

async function listRecentOrders(customerId) {
  return Order.findAll({
    where: { customerId },
    include: [{ model: OrderLine, as: 'lines' }],
    order: [['placedAt', 'DESC']],
    limit: 50,
    subQuery: true,
  });
}

const app = express();
app.get('/customers/:id/orders', async (req, res, next) => {
  try {
    const orders = await listRecentOrders(Number(req.params.id));
    res.json({
      customer: Number(req.params.id),
      orders: orders.map((o) => ({
        id: o.id, status: o.status, placedAt: o.placedAt,
        lines: o.lines.map((l) => ({ sku: l.sku, qty: l.qty, priceCents: l.priceCents })),
      })),
    });
  } catch (err) {
    next(err);
  }
});

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`express-sequelize-pg-orders-include-hydration listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => sequelize.close().finally(() => process.exit(0));
  if (!server) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
