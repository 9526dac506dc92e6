// A billing API, an ES module (server.mjs) on Fastify and MariaDB (mysql2). The pool has ten connections for the ten
// clients of the load, which is right. Customer profiles are read by primary key. The overdue-invoices route asks for
// a customer's open invoices past their due date by the customer's reference (findOverdueInvoices), and no index
// covers customer_ref: every such request reads the whole invoices table.
import Fastify from 'fastify';
import mysql from 'mysql2/promise';

const config = { host: process.env.MYSQL_HOST, port: Number(process.env.MYSQL_PORT), user: process.env.MYSQL_USER, password: process.env.MYSQL_PWD || '' };

async function seed() {
  const admin = await mysql.createConnection({ ...config, multipleStatements: true });
  await admin.query(`
    CREATE DATABASE IF NOT EXISTS billing;
    USE billing;
    DROP TABLE IF EXISTS invoices;
    DROP TABLE IF EXISTS customers;
    CREATE TABLE customers (id INT PRIMARY KEY, ref CHAR(8) NOT NULL, name VARCHAR(60) NOT NULL, country CHAR(2) NOT NULL, UNIQUE KEY (ref)) ENGINE=InnoDB;
    INSERT INTO customers SELECT seq, CONCAT('C', LPAD(seq, 7, '0')), CONCAT('Customer ', seq), ELT(1 + seq MOD 5, 'FR', 'DE', 'IT', 'ES', 'PT') FROM seq_1_to_4000;
    CREATE TABLE invoices (id INT PRIMARY KEY, customer_ref CHAR(8) NOT NULL, status VARCHAR(8) NOT NULL, due_date DATE NOT NULL, amount_cents INT NOT NULL) ENGINE=InnoDB;
    INSERT INTO invoices SELECT seq, CONCAT('C', LPAD(1 + seq * 37 MOD 4000, 7, '0')), ELT(1 + seq MOD 4, 'open', 'paid', 'paid', 'void'),
      DATE '2025-01-01' + INTERVAL (seq MOD 600) DAY, 1000 + seq * 7919 MOD 90000 FROM seq_1_to_120000;
    ANALYZE TABLE customers, invoices;
  `);
  await admin.end();
}

let pool;
function createPool() {
  pool = mysql.createPool({ ...config, database: 'billing', connectionLimit: 10 });
}

async function findCustomer(id) {
  const [rows] = await pool.query('SELECT id, ref, name, country FROM customers WHERE id = ?', [id]);
  return rows[0];
}

async function findOverdueInvoices(ref) {
  const [rows] = await pool.query(
    "SELECT id, due_date, amount_cents FROM invoices WHERE customer_ref = ? AND status = 'open' AND due_date < DATE '2026-06-01' ORDER BY due_date",
    [ref],
  );
  return rows;
}

const app = Fastify({ logger: false });
app.get('/customers/:id', async (request, reply) => {
  const customer = await findCustomer(Number(request.params.id));
  if (!customer) return reply.code(404).send({ error: 'no such customer' });
  return customer;
});
app.get('/customers/by-ref/:ref/overdue', async (request) => {
  const invoices = await findOverdueInvoices(request.params.ref);
  return { ref: request.params.ref, count: invoices.length, invoices };
});

await seed();
createPool();
const address = await app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' });
console.log(`fastify-esm-mariadb-overdue-invoices-scan listening on ${address}`);
function shutdown() {
  app.close().then(() => pool.end()).finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
