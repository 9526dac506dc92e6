'use strict';
// A support desk's ticket API on Fastify and MariaDB (mysql2, a pool of 30 for 20 clients). Every POST /tickets
// takes the next ticket number in issueTicketNumber: one transaction that increments the desk-wide counter row
// (UPDATE ticket_counter SET next_no = next_no + 1 WHERE id = 1), reads it back, inserts the ticket and looks up the
// queue's open count before COMMIT. The UPDATE's row lock is held until COMMIT, across three more round trips, so
// concurrent requests wait for each other inside InnoDB one at a time, though each query is short and indexed, the
// pool has a connection for every client and the event loop idles.
const fastify = require('fastify')({ logger: false });
const mysql = require('mysql2/promise');

const config = { host: process.env.MYSQL_HOST, port: Number(process.env.MYSQL_PORT), user: process.env.MYSQL_USER, password: process.env.MYSQL_PWD || '' };
let pool;

async function seed() {
  const admin = await mysql.createConnection({ ...config, multipleStatements: true });
  await admin.query(`
    CREATE DATABASE IF NOT EXISTS helpdesk;
    USE helpdesk;
    DROP TABLE IF EXISTS tickets;
    DROP TABLE IF EXISTS ticket_counter;
    CREATE TABLE ticket_counter (id INT PRIMARY KEY, next_no INT NOT NULL) ENGINE=InnoDB;
    INSERT INTO ticket_counter VALUES (1, 1000);
    CREATE TABLE tickets (id INT AUTO_INCREMENT PRIMARY KEY, ticket_no INT NOT NULL, queue VARCHAR(20) NOT NULL,
      subject VARCHAR(200) NOT NULL, status VARCHAR(10) NOT NULL, KEY by_queue_status (queue, status)) ENGINE=InnoDB;
    INSERT INTO tickets (ticket_no, queue, subject, status)
      SELECT seq, ELT(1 + seq MOD 4, 'billing', 'tech', 'sales', 'abuse'), CONCAT('Ticket ', seq), ELT(1 + seq MOD 3, 'open', 'closed', 'closed')
      FROM seq_1_to_20000;
    ANALYZE TABLE tickets;
  `);
  await admin.end();
  pool = mysql.createPool({ ...config, database: 'helpdesk', connectionLimit: 30 });
}

async function issueTicketNumber(queue, subject) {
  const conn = await pool.getConnection();
  try {
    await conn.beginTransaction();
    await conn.query('UPDATE ticket_counter SET next_no = next_no + 1 WHERE id = 1');
    const [[{ next_no: ticketNo }]] = await conn.query('SELECT next_no FROM ticket_counter WHERE id = 1');
    await conn.query('INSERT INTO tickets (ticket_no, queue, subject, status) VALUES (?, ?, ?, ?)', [ticketNo, queue, subject, 'open']);
    const [[{ open }]] = await conn.query("SELECT COUNT(*) AS open FROM tickets WHERE queue = ? AND status = 'open'", [queue]);
    await conn.commit();
    return { ticketNo, queue, open };
  } catch (err) {
    await conn.rollback();
    throw err;
  } finally {
    conn.release();
  }
}

fastify.post('/tickets', async (request, reply) => {
  const { queue, subject } = request.body;
  reply.code(201);
  return issueTicketNumber(queue, subject);
});

seed().then(() =>
  fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
    console.log(`fastify-mariadb-ticket-counter-row-lock listening on http://127.0.0.1:${fastify.server.address().port}`);
  }),
);
function shutdown() {
  fastify.close().then(() => (pool ? pool.end() : undefined)).finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
