'use strict';
// A second-hand marketplace's listing pages on Express, Sequelize and PostgreSQL. Each listing keeps its free-form
// attributes (colour, size, material, brand) in one JSONB column, as the seller's form posts them. GET /listings
// filters by colour and size and sorts by price, twenty to a page: findListings asks Sequelize for
// where: { attributes: { colour, size } }, which PostgreSQL can only answer by reading all 200,000 listings and
// extracting both keys from every row's JSON (the model declares no index: no expression index on the two keys, no GIN
// index), then sorting the matches by price. One slow query per page; the rest of the request is cheap.
const express = require('express');
const { Sequelize, DataTypes } = require('sequelize');

const sequelize = new Sequelize({
  dialect: 'postgres',
  host: process.env.PGHOST,
  port: Number(process.env.PGPORT),
  username: process.env.PGUSER,
  database: process.env.PGDATABASE,
  logging: false,
  pool: { max: 10, min: 0, idle: 30000 },
});

const Listing = sequelize.define(
  'Listing',
  {
    title: { type: DataTypes.STRING(120), allowNull: false },
    priceCents: { type: DataTypes.INTEGER, allowNull: false, field: 'price_cents' },
    attributes: { type: DataTypes.JSONB, allowNull: false },
    sellerId: { type: DataTypes.INTEGER, allowNull: false, field: 'seller_id' },
    listedAt: { type: DataTypes.DATE, allowNull: false, field: 'listed_at' },
  },
  { tableName: 'mk_listings', timestamps: false, indexes: [{ fields: ['seller_id'] }, { fields: ['listed_at'] }] },
);

async function seed() {
  await sequelize.sync({ force: true });
  await sequelize.query(`
    INSERT INTO mk_listings (title, price_cents, attributes, seller_id, listed_at)
      SELECT 'Listing ' || g || ': well kept, collection or post',
             500 + (g::bigint * 7919) % 60000,
             jsonb_build_object(
               'colour', (ARRAY['red','blue','green','black','white','grey','brown','yellow'])[1 + g % 8],
               'size', (ARRAY['XS','S','M','L','XL','XXL'])[1 + (g / 8) % 6],
               'material', (ARRAY['cotton','wool','linen','leather','polyester'])[1 + (g / 48) % 5],
               'brand', 'brand-' || (g % 311),
               'condition', (ARRAY['new','like new','good','fair'])[1 + (g / 7) % 4]),
             1 + g % 9000,
             timestamptz '2026-01-01' + g * interval '90 seconds'
        FROM generate_series(1, 200000) g;
    ANALYZE mk_listings;
  `);
}

async function findListings(colour, size, page) {
  return Listing.findAll({
    where: { attributes: { colour, size } },
    order: [['priceCents', 'ASC']],
    limit: 20,
    offset: (page - 1) * 20,
  });
}

const app = express();
app.get('/listings', async (req, res, next) => {
  try {
    const page = Math.max(1, Math.min(50, Number(req.query.page) || 1));
    const rows = await findListings(String(req.query.colour || 'red'), String(req.query.size || 'M'), page);
    res.json({ page, listings: rows.map((l) => ({ id: l.id, title: l.title, priceCents: l.priceCents, attributes: l.attributes })) });
  } catch (err) {
    next(err);
  }
});

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`express-sequelize-pg-listings-jsonb-attribute-filter listening on http://127.0.0.1:${server.address().port}`);
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
