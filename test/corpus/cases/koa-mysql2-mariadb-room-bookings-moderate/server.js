'use strict';
// A small hotel group's booking API on Koa, mysql2 and MariaDB, with pino for its logs. Written with care: a pool
// of ten connections for ten clients, every read answered by an index (a room's bookings overlapping a date range
// by (room_id, check_in); a booking by its primary key), a booking written with one INSERT, prepared statements
// (pool.execute), request logs at debug (off in production) and warnings only on failures. At the story's
// 150 requests a second each request waits a millisecond or two on one short query. Nothing to fix.
const Koa = require('koa');
const Router = require('@koa/router');
const mysql = require('mysql2/promise');
const pino = require('pino');

const log = pino({ level: process.env.LOG_LEVEL || 'warn' });
const config = { host: process.env.MYSQL_HOST, port: Number(process.env.MYSQL_PORT), user: process.env.MYSQL_USER, password: process.env.MYSQL_PWD || '' };
let pool;

async function seed() {
  const admin = await mysql.createConnection({ ...config, multipleStatements: true });
  await admin.query(`
    CREATE DATABASE IF NOT EXISTS hotels;
    USE hotels;
    DROP TABLE IF EXISTS bookings;
    DROP TABLE IF EXISTS rooms;
    CREATE TABLE rooms (id INT PRIMARY KEY, hotel VARCHAR(30) NOT NULL, kind VARCHAR(20) NOT NULL, nightly_cents INT NOT NULL) ENGINE=InnoDB;
    INSERT INTO rooms SELECT seq, ELT(1 + seq MOD 5, 'harbour', 'old-town', 'station', 'airport', 'park'), ELT(1 + seq MOD 3, 'single', 'double', 'suite'), 6000 + (seq * 37) MOD 9000 FROM seq_1_to_600;
    CREATE TABLE bookings (id INT AUTO_INCREMENT PRIMARY KEY, room_id INT NOT NULL, guest VARCHAR(80) NOT NULL,
      check_in DATE NOT NULL, check_out DATE NOT NULL, created_at DATETIME NOT NULL, KEY by_room_dates (room_id, check_in)) ENGINE=InnoDB;
    INSERT INTO bookings (room_id, guest, check_in, check_out, created_at)
      SELECT 1 + seq MOD 600, CONCAT('Guest ', seq), DATE '2026-01-01' + INTERVAL (seq DIV 600) * 3 DAY,
             DATE '2026-01-01' + INTERVAL (seq DIV 600) * 3 + 2 DAY, NOW() FROM seq_1_to_60000;
    ANALYZE TABLE rooms, bookings;
  `);
  await admin.end();
  pool = mysql.createPool({ ...config, database: 'hotels', connectionLimit: 10 });
}

async function roomAvailability(roomId, from, to) {
  const [rows] = await pool.execute(
    'SELECT check_in, check_out FROM bookings WHERE room_id = ? AND check_in < ? AND check_in >= ? - INTERVAL 30 DAY AND check_out > ? ORDER BY check_in',
    [roomId, to, from, from],
  );
  return { roomId, from, to, free: rows.length === 0, taken: rows.length };
}

async function getBooking(id) {
  const [rows] = await pool.execute('SELECT b.id, b.room_id, b.guest, b.check_in, b.check_out, r.hotel, r.kind FROM bookings b JOIN rooms r ON r.id = b.room_id WHERE b.id = ?', [id]);
  return rows[0] || null;
}

async function createBooking(b) {
  const [result] = await pool.execute('INSERT INTO bookings (room_id, guest, check_in, check_out, created_at) VALUES (?, ?, ?, ?, NOW())', [b.roomId, b.guest, b.checkIn, b.checkOut]);
  return { id: result.insertId, ...b };
}

const router = new Router();
router.get('/rooms/:id/availability', async (ctx) => {
  ctx.body = await roomAvailability(Number(ctx.params.id), String(ctx.query.from), String(ctx.query.to));
});
router.get('/bookings/:id', async (ctx) => {
  const booking = await getBooking(Number(ctx.params.id));
  if (!booking) ctx.throw(404);
  ctx.body = booking;
});
router.post('/bookings', async (ctx) => {
  let raw = '';
  for await (const chunk of ctx.req) raw += chunk;
  const b = JSON.parse(raw);
  ctx.status = 201;
  ctx.body = await createBooking({ roomId: Number(b.roomId), guest: String(b.guest), checkIn: String(b.checkIn), checkOut: String(b.checkOut) });
});

const app = new Koa();
app.use(async (ctx, next) => {
  const started = process.hrtime.bigint();
  try {
    await next();
  } catch (err) {
    log.warn({ err, path: ctx.path }, 'request failed');
    throw err;
  }
  log.debug({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Number(process.hrtime.bigint() - started) / 1e6 }, 'request');
});
app.use(router.routes());

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`koa-mysql2-mariadb-room-bookings-moderate listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => Promise.resolve(pool && pool.end()).finally(() => process.exit(0));
  if (!server) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
