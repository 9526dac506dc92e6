// An accounts portal's API on Fastify, knex and PostgreSQL, as an ES module. GET /customers/:id/invoices returns a
// customer's 200 invoices. findCustomerInvoices asks for them by customer_id, which has no index on a table of
// 40,000 invoices (a scan of the whole table every time); hydrateInvoices then turns each row into an Invoice object
// (dates parsed, line items summed, tax and overdue status computed) on the main thread. Both cost something; the
// scan is the larger part and the one that grows with the table.
import Fastify from 'fastify';
import knexFactory from 'knex';

const knex = knexFactory({
  client: 'pg',
  connection: { host: process.env.PGHOST, port: Number(process.env.PGPORT), user: process.env.PGUSER, database: process.env.PGDATABASE },
  pool: { min: 0, max: 10 },
});

async function seed() {
  await knex.raw(`
    DROP TABLE IF EXISTS invoices;
    CREATE TABLE invoices (id bigint PRIMARY KEY, customer_id int NOT NULL, number text NOT NULL, issued_at timestamptz NOT NULL,
      due_days int NOT NULL, currency text NOT NULL, lines jsonb NOT NULL, paid boolean NOT NULL);
    INSERT INTO invoices SELECT g, 1 + g % 200, 'INV-' || lpad(g::text, 7, '0'), timestamptz '2025-01-01' + g * interval '13 minutes',
      (ARRAY[14, 30, 45])[1 + g % 3], 'EUR',
      jsonb_build_array(
        jsonb_build_object('sku', 'A' || g % 97, 'qty', 1 + g % 5, 'unitCents', 250 + (g::bigint * 7919) % 9000),
        jsonb_build_object('sku', 'B' || g % 89, 'qty', 1 + g % 3, 'unitCents', 120 + (g::bigint * 104729) % 4000),
        jsonb_build_object('sku', 'C' || g % 83, 'qty', 2, 'unitCents', 999)),
      g % 4 <> 0
      FROM generate_series(1, 40000) g;
    ANALYZE invoices;
  `);
}

class Invoice {
  constructor(row, now) {
    this.id = Number(row.id);
    this.number = row.number;
    this.issuedAt = new Date(row.issued_at);
    this.dueAt = new Date(this.issuedAt.getTime() + row.due_days * 86400000);
    this.lines = row.lines.map((l) => ({ sku: l.sku, qty: l.qty, unitCents: l.unitCents, totalCents: l.qty * l.unitCents }));
    this.netCents = this.lines.reduce((s, l) => s + l.totalCents, 0);
    this.vatCents = Math.round(this.netCents * 0.2);
    this.grossCents = this.netCents + this.vatCents;
    this.currency = row.currency;
    this.status = row.paid ? 'paid' : this.dueAt < now ? 'overdue' : 'open';
  }
}

async function findCustomerInvoices(customerId) {
  return knex('invoices').where('customer_id', customerId).orderBy('issued_at', 'desc').select('*');
}

function hydrateInvoices(rows) {
  const now = new Date('2026-11-28T00:00:00Z');
  return rows.map((row) => new Invoice(row, now));
}

const app = Fastify({ logger: false });
app.get('/customers/:id/invoices', async (request) => {
  const invoices = hydrateInvoices(await findCustomerInvoices(Number(request.params.id)));
  const outstandingCents = invoices.filter((i) => i.status !== 'paid').reduce((s, i) => s + i.grossCents, 0);
  return { customer: Number(request.params.id), outstandingCents, invoices };
});

await seed();
const address = await app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' });
console.log(`fastify-esm-knex-pg-invoices-scan-hydrate-mild listening on ${address}`);
function shutdown() {
  app.close().then(() => knex.destroy()).finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
