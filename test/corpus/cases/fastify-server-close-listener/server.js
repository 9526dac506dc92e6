'use strict';
// A download API that counts bytes per client. openMeter subscribes to the HTTP server's 'close' event for every
// request (to flush the meter when the server shuts down) and never unsubscribes when the request ends. The
// server's listener limit was lifted with setMaxListeners(0) "because the warning was noisy", so nothing warns.
const fastify = require('fastify')({ logger: false });

fastify.server.setMaxListeners(0);
const totals = new Map();
const payload = 'x'.repeat(2048);

function openMeter(client) {
  const meter = { client, bytes: 0, flushed: false };
  fastify.server.on('close', () => {
    meter.flushed = true;
    totals.set(client, (totals.get(client) || 0) + meter.bytes);
  });
  return meter;
}

fastify.get('/files/:name', async (request, reply) => {
  const meter = openMeter(request.headers['x-client'] || 'anonymous');
  meter.bytes += payload.length;
  reply.header('content-type', 'text/plain');
  return payload;
});
fastify.get('/health', async () => ({ ok: true }));

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-server-close-listener listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
