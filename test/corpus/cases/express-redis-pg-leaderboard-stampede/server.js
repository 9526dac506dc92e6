'use strict';
// A game's leaderboard API on Express, Redis (ioredis) and PostgreSQL (pg Pool of ten). GET /leaderboard/:region
// answers the week's top 20 of a region from a Redis key kept for two seconds; on a miss, loadLeaderboard runs the
// aggregate over the week's scores (a few hundred thousand rows, tens of milliseconds in the database) and stores it.
// There is no single flight: when a key expires, every request in flight for that region misses at the same moment
// and each runs the same aggregate, so every two seconds ten identical queries compete for the database's cores
// while the requests behind them wait. Nothing is wrong with the query by itself; the stampede multiplies it.
const express = require('express');
const { Redis } = require('ioredis');
const { Pool } = require('pg');

const pool = new Pool({ max: 10 });
const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
const TTL_MS = 2000;

async function seed() {
  await redis.connect();
  await pool.query(`
    DROP TABLE IF EXISTS scores;
    CREATE TABLE scores (id bigint PRIMARY KEY, player_id int NOT NULL, region text NOT NULL, points int NOT NULL, scored_at timestamptz NOT NULL);
    INSERT INTO scores SELECT g, 1 + (g::bigint * 7919) % 20000, (ARRAY['eu','na','sa','asia'])[1 + g % 4], 1 + (g::bigint * 104729) % 500,
      now() - (g % 100000) * interval '6 seconds' FROM generate_series(1, 400000) g;
    CREATE INDEX scores_by_region_time ON scores (region, scored_at);
    ANALYZE scores;
  `);
  const keys = await redis.keys('leaderboard:*');
  if (keys.length) await redis.del(...keys);
}

async function loadLeaderboard(region) {
  const key = `leaderboard:${region}`;
  const cached = await redis.get(key);
  if (cached) return JSON.parse(cached);
  const { rows } = await pool.query(
    `SELECT player_id, sum(points)::int AS points, count(*)::int AS games FROM scores
      WHERE region = $1 AND scored_at >= now() - interval '7 days' GROUP BY player_id ORDER BY points DESC LIMIT 20`,
    [region],
  );
  await redis.set(key, JSON.stringify(rows), 'PX', TTL_MS);
  return rows;
}

const app = express();
app.get('/leaderboard/:region', async (req, res) => {
  try {
    res.json(await loadLeaderboard(req.params.region));
  } catch (err) {
    res.status(503).json({ error: err.message });
  }
});

let server;
seed().then(
  () => {
    server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`express-redis-pg-leaderboard-stampede listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  const done = () => Promise.allSettled([pool.end(), redis.quit()]).finally(() => process.exit(0));
  if (!server) return done();
  server.close(done);
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
