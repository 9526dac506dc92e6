'use strict';
// A Fastify hello service: tiny constant answers, saturated by 300 connections at once. Busy, not sick.
const fastify = require('fastify')({ logger: false });

const STARTED_AT = new Date().toISOString();

fastify.get('/hello', async () => ({ hello: 'world' }));
fastify.get('/livez', async () => ({ status: 'ok', since: STARTED_AT }));

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-hello-300-connections listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
