'use strict';
// A data-portal API whose /exports/stations.ndjson endpoint hands out the nightly dump of all weather-station readings,
// a 2 MB NDJSON file, by streaming it from disk (fs.createReadStream passed to reply.send, so Fastify pipes it with
// back-pressure) to the few analysts' scripts that download it, about twenty downloads a second between them.
// Transfers take a little while, but the server only moves bytes; nothing is built or held in memory per request.
// Nothing is wrong.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const fastify = require('fastify')({ logger: false });

// The dump is written by the nightly job; here it is generated once (deterministically) into the temp folder and
// reused by later starts.
const DUMP = path.join(os.tmpdir(), 'checkup-corpus-stations-dump-v1.ndjson');
const LINES = 16000;
function ensureDump() {
  if (fs.existsSync(DUMP)) return fs.statSync(DUMP).size;
  const lines = [];
  for (let i = 0; i < LINES; i++) {
    lines.push(JSON.stringify({ station: `ST-${String(i % 400).padStart(4, '0')}`, at: new Date(Date.UTC(2026, 10, 23) + (i % 40) * 600_000).toISOString(), tempC: ((i * 37) % 400) / 10 - 10, humidity: (i * 13) % 100, windKmh: (i * 7) % 90, pressureHpa: 980 + ((i * 11) % 60), note: i % 50 === 0 ? 'sensor recalibrated' : '' }));
  }
  const tmp = `${DUMP}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, lines.join('\n') + '\n');
  fs.renameSync(tmp, DUMP);
  return fs.statSync(DUMP).size;
}
const size = ensureDump();

fastify.get('/exports/stations.ndjson', (request, reply) => {
  reply.header('content-type', 'application/x-ndjson').header('content-length', size);
  return reply.send(fs.createReadStream(DUMP));
});
fastify.get('/exports', async () => ({ files: [{ name: 'stations.ndjson', size }] }));

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-ndjson-dump-download listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
