'use strict';
// A support desk's customer search on Fastify, knex and MariaDB (the mysql2 client, a pool of 10 for 5 clients).
// GET /customers/search?q= runs searchCustomers: knex builds WHERE last_name LIKE '%q%' OR email LIKE '%q%' over
// 100,000 customers. There is an index on last_name and one on email, but a pattern that starts with a wildcard can
// use neither, so InnoDB reads every row for each search (a full-text index, a trigram table or a prefix search would
// not). The page itself is 20 short rows; the app does little besides.
const Fastify = require('fastify');
const knexFactory = require('knex');

const connection = { host: process.env.MYSQL_HOST, port: Number(process.env.MYSQL_PORT), user: process.env.MYSQL_USER, password: process.env.MYSQL_PWD || '' };
let db;

async function seed() {
  const admin = knexFactory({ client: 'mysql2', connection, pool: { min: 0, max: 1 } });
  await admin.raw('CREATE DATABASE IF NOT EXISTS support');
  await admin.destroy();
  db = knexFactory({ client: 'mysql2', connection: { ...connection, database: 'support' }, pool: { min: 0, max: 10 } });
  await db.raw('DROP TABLE IF EXISTS customers');
  await db.raw(`CREATE TABLE customers (id INT PRIMARY KEY, first_name VARCHAR(40) NOT NULL, last_name VARCHAR(60) NOT NULL,
    email VARCHAR(120) NOT NULL, city VARCHAR(40) NOT NULL, tier VARCHAR(10) NOT NULL, created_at DATETIME NOT NULL) ENGINE=InnoDB`);
  await db.raw(`INSERT INTO customers
    SELECT seq, ELT(1 + seq % 9, 'Anna', 'Bo', 'Clara', 'David', 'Elin', 'Filip', 'Greta', 'Hugo', 'Ida'),
           CONCAT(ELT(1 + seq % 8, 'Berg', 'Holm', 'Lind', 'Strand', 'Dahl', 'Lund', 'Sand', 'Ek'),
                  ELT(1 + (seq DIV 8) % 6, 'man', 'er', 'qvist', 'gren', 'strom', 'ing'), '-', seq),
           CONCAT('customer', seq, '@', ELT(1 + seq % 4, 'mail.example', 'post.example', 'inbox.example', 'web.example')),
           ELT(1 + seq % 6, 'Lund', 'Malmo', 'Umea', 'Kiruna', 'Visby', 'Orebro'), ELT(1 + seq % 3, 'free', 'plus', 'pro'),
           '2024-01-01' + INTERVAL (seq % 600) DAY
      FROM seq_1_to_100000`);
  await db.raw('ALTER TABLE customers ADD KEY by_last_name (last_name), ADD KEY by_email (email)');
  await db.raw('ANALYZE TABLE customers');
}

async function searchCustomers(term) {
  const pattern = `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return db('customers')
    .select('id', 'first_name', 'last_name', 'email', 'city', 'tier')
    .where('last_name', 'like', pattern)
    .orWhere('email', 'like', pattern)
    .orderBy('id')
    .limit(20);
}

const app = Fastify({ logger: false });
app.get('/customers/search', async (req) => {
  const q = String(req.query.q || '').trim();
  if (q.length < 3) return { q, results: [] };
  const rows = await searchCustomers(q);
  return { q, results: rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`, email: r.email, city: r.city, tier: r.tier })) };
});
app.get('/health', async () => ({ ok: true }));

seed().then(() => app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' })).then(() => {
  console.log(`fastify-knex-mariadb-customer-search-like-contains listening on http://127.0.0.1:${app.server.address().port}`);
});
function shutdown() {
  const done = () => Promise.resolve(db && db.destroy()).finally(() => process.exit(0));
  app.close().then(done, done);
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
