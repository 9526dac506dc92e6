'use strict';
// A support desk API on Fastify and MariaDB (mysql2). GET /tickets?email= lists a customer's open tickets:
// findTicketsByEmail filters 100,000 tickets on customer_email, a column with no index, so every search reads the whole
// table (one query per request, but a slow one). The pool has ten connections, as many as the load's clients.
const fastify = require('fastify')({ logger: false });
const mysql = require('mysql2/promise');

const pool = mysql.createPool({
  host: process.env.MYSQL_HOST,
  port: Number(process.env.MYSQL_PORT),
  user: process.env.MYSQL_USER,
  password: process.env.MYSQL_PWD || '',
  connectionLimit: 10,
  multipleStatements: true,
});

async function seed() {
  await pool.query(`
    CREATE DATABASE IF NOT EXISTS helpdesk;
    USE helpdesk;
    DROP TABLE IF EXISTS tickets;
    CREATE TABLE tickets (
      id INT PRIMARY KEY,
      customer_email VARCHAR(80) NOT NULL,
      subject VARCHAR(120) NOT NULL,
      status ENUM('open','pending','closed') NOT NULL,
      created_at DATETIME NOT NULL
    ) ENGINE=InnoDB;
    INSERT INTO tickets
      SELECT seq, CONCAT('customer', seq MOD 5000, '@example.com'), CONCAT('Ticket ', seq, ': ', ELT(1 + seq MOD 4, 'login fails', 'refund', 'invoice wrong', 'export stuck')),
             ELT(1 + seq MOD 3, 'open', 'pending', 'closed'), TIMESTAMP '2026-01-01 00:00:00' + INTERVAL seq MINUTE
      FROM seq_1_to_100000;
    ANALYZE TABLE tickets;
  `);
}

async function findTicketsByEmail(email) {
  const [rows] = await pool.query("SELECT id, subject, status, created_at FROM helpdesk.tickets WHERE customer_email = ? AND status <> 'closed' ORDER BY created_at DESC LIMIT 20", [email]);
  return rows;
}

fastify.get('/tickets', async (request) => {
  return { email: request.query.email, tickets: await findTicketsByEmail(String(request.query.email || '')) };
});

seed().then(() => fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' })).then(() => {
  console.log(`fastify-mariadb-ticket-search-unindexed listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  fastify.close().then(() => pool.end()).finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
