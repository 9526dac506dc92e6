'use strict';
// A shipping-quote API on Fastify, knex and MariaDB (mysql2 under knex). createDb sets knex's pool to
// { min: 0, max: 2 }, copied from a command-line script's config, while the checkout calls the quote endpoint from
// thirty clients at once. shippingQuote runs a primary-key lookup of the zone's rate band and an indexed aggregate of
// the zone's recent delivery times (2,000 shipments; 10-20 ms a request alone on this machine), so each request's own queries
// are quick, but thirty requests take turns on two connections,
// waiting in knex's pool (tarn) while the database and the event loop have room to spare.
const fastify = require('fastify')({ logger: false });
const mysql = require('mysql2/promise');
const knexFactory = require('knex');

const config = { host: process.env.MYSQL_HOST, port: Number(process.env.MYSQL_PORT), user: process.env.MYSQL_USER, password: process.env.MYSQL_PWD || '' };
let db;

async function seed() {
  const admin = await mysql.createConnection({ ...config, multipleStatements: true });
  await admin.query(`
    CREATE DATABASE IF NOT EXISTS shipping;
    USE shipping;
    DROP TABLE IF EXISTS zone_rates;
    CREATE TABLE zone_rates (zone VARCHAR(8) NOT NULL, weight_band INT NOT NULL, carrier VARCHAR(20) NOT NULL,
      base_cents INT NOT NULL, per_kg_cents INT NOT NULL, days INT NOT NULL, PRIMARY KEY (zone, weight_band)) ENGINE=InnoDB;
    INSERT INTO zone_rates SELECT CONCAT('Z', seq DIV 40), seq MOD 40, ELT(1 + seq MOD 3, 'parcelco', 'swiftpost', 'roadline'),
      300 + seq MOD 700, 40 + seq MOD 90, 1 + seq MOD 6 FROM seq_0_to_3999;
    DROP TABLE IF EXISTS shipments;
    CREATE TABLE shipments (id INT PRIMARY KEY, zone VARCHAR(8) NOT NULL, days_taken INT NOT NULL, parcel_ref VARCHAR(20) NOT NULL,
      KEY by_zone (zone)) ENGINE=InnoDB;
    INSERT INTO shipments SELECT seq, CONCAT('Z', seq MOD 100), 1 + seq MOD 7, CONCAT('P', seq) FROM seq_1_to_200000;
    ANALYZE TABLE zone_rates, shipments;
  `);
  await admin.end();
}

function createDb() {
  return knexFactory({ client: 'mysql2', connection: { ...config, database: 'shipping' }, pool: { min: 0, max: 2 } });
}

async function shippingQuote(zone, weightKg) {
  const band = Math.min(39, Math.floor(weightKg));
  const rate = await db('zone_rates').where({ zone, weight_band: band }).first('carrier', 'base_cents', 'per_kg_cents', 'days');
  if (!rate) return null;
  const recent = await db('shipments').where({ zone }).avg({ avgDays: 'days_taken' }).count({ n: '*' }).first();
  return { zone, weightKg, carrier: rate.carrier, cents: rate.base_cents + Math.ceil(weightKg * rate.per_kg_cents), days: rate.days, typicalDays: Math.round(Number(recent.avgDays) * 10) / 10, basedOn: Number(recent.n) };
}

fastify.get('/quote', async (request, reply) => {
  const quote = await shippingQuote(String(request.query.zone), Number(request.query.kg) || 1);
  if (!quote) return reply.code(404).send({ error: 'no rate' });
  return quote;
});

seed().then(() => {
  db = createDb();
  return fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
    console.log(`fastify-knex-mariadb-shipping-pool-of-two listening on http://127.0.0.1:${fastify.server.address().port}`);
  });
});
function shutdown() {
  fastify.close().finally(() => Promise.resolve(db && db.destroy()).finally(() => process.exit(0)));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
