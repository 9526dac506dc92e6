'use strict';
// A billing API on Fastify, Sequelize and PostgreSQL. GET /invoices lists a page of 40 invoices (listInvoices) and
// then attaches each invoice's customer by hand (attachCustomers): a `for` loop awaiting Customer.findByPk once per
// invoice, where `include: Customer` on the findAll (one join) or one `id IN (...)` query would do. Every query is a
// primary-key or indexed lookup well under a millisecond; the page's time is the sum of 41 round trips.
const Fastify = require('fastify');
const { Sequelize, DataTypes } = require('sequelize');

const sequelize = new Sequelize({
  dialect: 'postgres',
  host: process.env.PGHOST,
  port: Number(process.env.PGPORT),
  username: process.env.PGUSER,
  password: process.env.PGPASSWORD || '',
  database: process.env.PGDATABASE,
  logging: false,
  pool: { max: 10, min: 0 },
});
const Customer = sequelize.define('customer', { name: DataTypes.STRING, email: DataTypes.STRING, country: DataTypes.STRING(2) }, { timestamps: false });
const Invoice = sequelize.define(
  'invoice',
  { number: DataTypes.STRING, customerId: DataTypes.INTEGER, totalCents: DataTypes.INTEGER, issuedAt: DataTypes.DATE, status: DataTypes.STRING },
  { timestamps: false, indexes: [{ fields: ['issuedAt'] }] },
);
Invoice.belongsTo(Customer, { foreignKey: 'customerId' });

async function seed() {
  await sequelize.sync({ force: true });
  await sequelize.query(`
    INSERT INTO customers (id, name, email, country) SELECT g, 'Customer ' || g, 'billing' || g || '@example.com', (ARRAY['DE','FR','PT','FI'])[1 + g % 4]
      FROM generate_series(1, 5000) g;
    INSERT INTO invoices (id, number, "customerId", "totalCents", "issuedAt", status) SELECT g, 'INV-' || lpad(g::text, 7, '0'), 1 + (g::bigint * 7919) % 5000,
      1000 + (g::bigint * 104729) % 90000, timestamptz '2025-01-01' + g * interval '17 minutes', (ARRAY['open','paid','overdue'])[1 + g % 3]
      FROM generate_series(1, 60000) g;
    SELECT setval('customers_id_seq', 5000); SELECT setval('invoices_id_seq', 60000);
    ANALYZE customers; ANALYZE invoices;
  `);
}

async function listInvoices(page) {
  const invoices = await Invoice.findAll({ order: [['issuedAt', 'DESC']], limit: 40, offset: (page - 1) * 40, raw: true });
  return attachCustomers(invoices);
}

async function attachCustomers(invoices) {
  const rows = [];
  for (const invoice of invoices) {
    const customer = await Customer.findByPk(invoice.customerId, { raw: true });
    rows.push({ ...invoice, customer });
  }
  return rows;
}

const app = Fastify();
app.get('/invoices', async (req) => listInvoices(Math.max(1, Number(req.query.page) || 1)));

seed().then(
  () => app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then((address) => console.log(`fastify-sequelize-pg-invoices-customer-loop listening on ${address}`)),
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  app.close().finally(() => sequelize.close().finally(() => process.exit(0)));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
