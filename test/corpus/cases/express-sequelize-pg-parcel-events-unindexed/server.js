'use strict';
// A parcel-tracking page's API on Express, Sequelize and PostgreSQL. GET /track/:code returns a parcel's history: the
// 60 scan events of one tracking code, newest first, as Sequelize model instances (findParcelEvents). The events
// table holds 90,000 rows and has no index on tracking_code (the model declares none), so every request makes
// PostgreSQL read the whole table to find 60 rows. Turning 60 rows into instances costs some CPU, but the scan is
// most of a request's time.
const express = require('express');
const { Sequelize, DataTypes, Op } = require('sequelize');

const sequelize = new Sequelize({
  dialect: 'postgres',
  host: process.env.PGHOST,
  port: Number(process.env.PGPORT),
  username: process.env.PGUSER,
  database: process.env.PGDATABASE,
  logging: false,
  pool: { max: 10, min: 0, idle: 30000 },
});

const ParcelEvent = sequelize.define(
  'ParcelEvent',
  {
    trackingCode: { type: DataTypes.STRING(20), allowNull: false, field: 'tracking_code' },
    status: { type: DataTypes.STRING(20), allowNull: false },
    location: DataTypes.STRING(60),
    carrier: DataTypes.STRING(20),
    note: DataTypes.STRING(120),
    happenedAt: { type: DataTypes.DATE, allowNull: false, field: 'happened_at' },
  },
  { tableName: 'parcel_events', timestamps: false },
);

async function seed() {
  await sequelize.sync({ force: true });
  // 1,500 parcels with 60 events each, interleaved as a real scan feed would write them.
  await sequelize.query(`
    INSERT INTO parcel_events (tracking_code, status, location, carrier, note, happened_at)
      SELECT 'PX' || lpad((g % 1500)::text, 8, '0'),
             (ARRAY['label-created','picked-up','in-transit','at-hub','out-for-delivery','delivered'])[1 + (g / 1500) % 6],
             'Depot ' || (1 + (g::bigint * 7919) % 240),
             (ARRAY['dhl','ups','gls','dpd'])[1 + g % 4],
             'Scanned at sorting line ' || (g % 37),
             timestamptz '2026-10-01' + g * interval '37 seconds'
      FROM generate_series(0, 89999) g;
    ANALYZE parcel_events;
  `);
}

async function findParcelEvents(code) {
  return ParcelEvent.findAll({ where: { trackingCode: { [Op.eq]: code } }, order: [['happenedAt', 'DESC']] });
}

const app = express();
app.get('/track/:code', async (req, res, next) => {
  try {
    const events = await findParcelEvents(req.params.code);
    if (events.length === 0) return res.status(404).json({ error: 'unknown tracking code' });
    res.json({ code: req.params.code, status: events[0].status, events });
  } catch (err) {
    next(err);
  }
});

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`express-sequelize-pg-parcel-events-unindexed listening on http://127.0.0.1:${server.address().port}`);
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
