'use strict';
// A promotions API on Express 5 and PostgreSQL (pg, a pool of 30 for 20 clients). POST /campaigns/:id/redeem runs
// redeemCoupon in one transaction: it first bumps the campaign's running counter (UPDATE campaigns SET redeemed =
// redeemed + 1), then checks the customer's earlier redemptions, records the redemption and an outbox event, and only
// then commits. During a launch every shopper redeems the same campaign, so the campaign row's lock, taken by the
// first UPDATE, is held across three more round trips while every other redemption waits on it inside PostgreSQL.
// The counter is never read back by the app (the answer is built from the request); it is only there for a report.
const express = require('express5');
const { Pool } = require('pg');

const pool = new Pool({ max: 30 });

async function seed() {
  await pool.query(`
    DROP TABLE IF EXISTS outbox;
    DROP TABLE IF EXISTS redemptions;
    DROP TABLE IF EXISTS campaigns;
    CREATE TABLE campaigns (id int PRIMARY KEY, code text NOT NULL, redeemed int NOT NULL DEFAULT 0, budget int NOT NULL);
    INSERT INTO campaigns (id, code, budget) SELECT g, 'SPRING-' || g, 1000000 FROM generate_series(1, 40) g;
    CREATE TABLE redemptions (id bigserial PRIMARY KEY, campaign_id int NOT NULL, customer_id int NOT NULL,
      order_ref text NOT NULL, redeemed_at timestamptz NOT NULL DEFAULT now());
    CREATE INDEX redemptions_customer ON redemptions (customer_id, campaign_id);
    CREATE TABLE outbox (id bigserial PRIMARY KEY, topic text NOT NULL, payload jsonb NOT NULL);
  `);
}

async function redeemCoupon(campaignId, customerId, orderRef) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('UPDATE campaigns SET redeemed = redeemed + 1 WHERE id = $1', [campaignId]);
    const earlier = await client.query('SELECT count(*)::int AS n FROM redemptions WHERE customer_id = $1 AND campaign_id = $2', [customerId, campaignId]);
    await client.query('INSERT INTO redemptions (campaign_id, customer_id, order_ref) VALUES ($1, $2, $3)', [campaignId, customerId, orderRef]);
    await client.query('INSERT INTO outbox (topic, payload) VALUES ($1, $2)', ['coupon.redeemed', JSON.stringify({ campaignId, customerId, orderRef })]);
    await client.query('COMMIT');
    return { campaignId, customerId, orderRef, status: 'redeemed', previousRedemptions: earlier.rows[0].n };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

const app = express();
app.use(express.json());
app.post('/campaigns/:id/redeem', async (req, res) => {
  const body = req.body || {};
  const result = await redeemCoupon(Number(req.params.id) || 1, Number(body.customerId) || 1, String(body.orderRef || 'unknown'));
  res.status(201).json(result);
});
app.get('/health', (req, res) => res.json({ ok: true }));

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`express5-pg-coupon-campaign-counter-update listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => pool.end().finally(() => process.exit(0));
  if (!server || !server.listening) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
