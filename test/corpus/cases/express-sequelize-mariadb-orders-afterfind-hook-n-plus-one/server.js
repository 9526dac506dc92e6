'use strict';
// An order back-office API on Express, Sequelize (mysql2 under it) and MariaDB, with two problems. GET
// /customers/:id/orders lists a customer's 25 latest orders with one indexed findAll (listOrders). But the Order
// model has an afterFind hook, attachShipment, added so that "every order always carries its shipment": for each
// order found it runs Shipment.findOne by order id, one query after another, so every page makes 26 round trips
// where one include (a join) or one IN query would do, and nobody reading listOrders sees it. The second, lesser
// problem: logPage writes an audit line per page through winston with prettyPrint, which formats the whole page
// (25 orders with their shipments) as an indented object on the event loop.
const express = require('express');
const mysql = require('mysql2/promise');
const { Sequelize, DataTypes } = require('sequelize');
const winston = require('winston');
const fs = require('node:fs');
const os = require('node:os');

const config = { host: process.env.MYSQL_HOST, port: Number(process.env.MYSQL_PORT), user: process.env.MYSQL_USER, password: process.env.MYSQL_PWD || '' };
// The audit log goes to a collector in production; here to the null device, which costs nothing to write.
const auditLog = winston.createLogger({
  level: 'info',
  format: winston.format.combine(winston.format.timestamp(), winston.format.prettyPrint()),
  transports: [new winston.transports.Stream({ stream: fs.createWriteStream(os.devNull) })],
});
let sequelize;
let Order;
let Shipment;

async function seed() {
  const admin = await mysql.createConnection({ ...config, multipleStatements: true });
  await admin.query(`
    CREATE DATABASE IF NOT EXISTS backoffice;
    USE backoffice;
    DROP TABLE IF EXISTS shipments;
    DROP TABLE IF EXISTS orders;
    CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL, status VARCHAR(16) NOT NULL, total_cents INT NOT NULL,
      placed_at DATETIME NOT NULL, KEY by_customer_placed (customer_id, placed_at)) ENGINE=InnoDB;
    INSERT INTO orders SELECT seq, 1 + seq MOD 2000, ELT(1 + seq MOD 4, 'paid', 'packed', 'shipped', 'delivered'), 900 + (seq * 7919) MOD 30000,
      TIMESTAMP '2025-01-01 00:00:00' + INTERVAL seq * 5 MINUTE FROM seq_1_to_100000;
    CREATE TABLE shipments (id INT PRIMARY KEY, order_id INT NOT NULL, carrier VARCHAR(20) NOT NULL, tracking VARCHAR(30) NOT NULL,
      state VARCHAR(20) NOT NULL, KEY by_order (order_id)) ENGINE=InnoDB;
    INSERT INTO shipments SELECT seq, seq, ELT(1 + seq MOD 3, 'parcelco', 'swiftpost', 'roadline'), CONCAT('TRK', 100000000 + seq),
      ELT(1 + seq MOD 3, 'label', 'in-transit', 'delivered') FROM seq_1_to_100000;
    ANALYZE TABLE orders, shipments;
  `);
  await admin.end();
  sequelize = new Sequelize('backoffice', config.user, config.password, { dialect: 'mysql', host: config.host, port: config.port, logging: false, pool: { max: 10, min: 0 } });
  Order = sequelize.define('Order', {
    id: { type: DataTypes.INTEGER, primaryKey: true },
    customerId: { type: DataTypes.INTEGER, field: 'customer_id' },
    status: DataTypes.STRING(16),
    totalCents: { type: DataTypes.INTEGER, field: 'total_cents' },
    placedAt: { type: DataTypes.DATE, field: 'placed_at' },
  }, { tableName: 'orders', timestamps: false });
  Shipment = sequelize.define('Shipment', {
    id: { type: DataTypes.INTEGER, primaryKey: true },
    orderId: { type: DataTypes.INTEGER, field: 'order_id' },
    carrier: DataTypes.STRING(20),
    tracking: DataTypes.STRING(30),
    state: DataTypes.STRING(20),
  }, { tableName: 'shipments', timestamps: false });
  Order.addHook('afterFind', 'attachShipment', attachShipment);
}

// "Every order always carries its shipment": one query per order found, one after another.
async function attachShipment(found) {
  const orders = Array.isArray(found) ? found : found ? [found] : [];
  for (const order of orders) {
    const shipment = await Shipment.findOne({ where: { orderId: order.id } });
    order.setDataValue('shipment', shipment ? shipment.get({ plain: true }) : null);
  }
}

async function listOrders(customerId) {
  return Order.findAll({ where: { customerId }, order: [['placedAt', 'DESC']], limit: 25 });
}

function logPage(customerId, orders) {
  auditLog.info({ message: 'orders page', customerId, orders });
}

const app = express();
app.get('/customers/:id/orders', async (req, res, next) => {
  try {
    const customerId = Number(req.params.id);
    const orders = (await listOrders(customerId)).map((o) => o.get({ plain: true }));
    logPage(customerId, orders);
    res.json({ customerId, orders });
  } catch (err) {
    next(err);
  }
});

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`express-sequelize-mariadb-orders-afterfind-hook-n-plus-one listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => Promise.resolve(sequelize && sequelize.close()).finally(() => process.exit(0));
  if (!server) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
