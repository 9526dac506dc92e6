'use strict';
// A leaderboard API. assembleRows rebuilds the page for every request: it maps every one of the 1,000 players to a
// fresh decorated row object (spreading the player, adding rank, badge list and display strings), sorts the copy
// and keeps 25 rows. Lots of short-lived allocation per request; the collector takes a noticeable share of the time.
const fastify = require('fastify')({ logger: false });

const players = [];
for (let i = 0; i < 1000; i++) players.push({ id: i, name: `player${i}`, country: ['fr', 'de', 'it', 'es', 'pl'][i % 5], points: (i * 7919) % 100000, wins: (i * 31) % 400 });

function assembleRows(country, page) {
  const rows = players
    .filter((p) => country === 'all' || p.country === country)
    .map((p) => ({ ...p, badges: p.wins > 300 ? ['veteran', 'champion'] : p.wins > 100 ? ['veteran'] : [], label: `${p.name} (${p.country.toUpperCase()})`, ratio: p.wins / 400 }));
  rows.sort((a, b) => b.points - a.points);
  return rows.slice(page * 25, page * 25 + 25).map((r, i) => ({ rank: page * 25 + i + 1, ...r }));
}

fastify.get('/leaderboard/:country', async (request) => {
  const page = Number(request.query.page || 0);
  return { country: request.params.country, page, rows: assembleRows(request.params.country, page) };
});
fastify.get('/health', async () => ({ ok: true }));

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-gc-mild listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
