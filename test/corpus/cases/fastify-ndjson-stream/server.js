'use strict';
// An event export that streams its answer: /events/export sends 200 NDJSON lines in small batches from an async
// generator through a Readable stream, so nothing large is built in memory; transfers take a little time but each
// request costs the server little. Nothing is wrong.
const { Readable } = require('node:stream');
const fastify = require('fastify')({ logger: false });

const events = [];
for (let i = 0; i < 1000; i++) events.push({ id: i, type: ['click', 'view', 'buy'][i % 3], at: 1767225600000 + i * 1000 });

async function* exportLines(offset) {
  for (let batch = 0; batch < 4; batch++) {
    let chunk = '';
    for (let i = 0; i < 50; i++) chunk += JSON.stringify(events[(offset + batch * 50 + i) % events.length]) + '\n';
    yield chunk;
  }
}

fastify.get('/events/export', async (request, reply) => {
  reply.type('application/x-ndjson');
  return reply.send(Readable.from(exportLines(Number(request.query.offset || 0))));
});

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-ndjson-stream listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
