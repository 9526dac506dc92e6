'use strict';
// A ping/time service used by load balancers and clients that pipeline up to 100 requests per connection. Every
// answer is a few bytes built in microseconds: the server is busy, but nothing is wrong with it.
const fastify = require('fastify')({ logger: false });

let pings = 0;
fastify.get('/ping', async () => {
  pings++;
  return { pong: true };
});
fastify.get('/time', async () => ({ now: Date.now(), pings }));

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-pipelined-100 listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
