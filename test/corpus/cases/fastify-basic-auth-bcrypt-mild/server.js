'use strict';
// An internal metrics API. Service accounts authenticate with HTTP Basic auth, and checkCredentials compares the
// password with bcryptjs compareSync against a stored low-cost bcrypt hash on every call (no token or session after
// the first check): a synchronous stretch a little over 10 ms per call, and the /ping requests wait behind it.
const bcrypt = require('bcryptjs');
const fastify = require('fastify')({ logger: false });

const COST = 8;
// A fixed salt so that start-up is deterministic; the stored hash is what a user table would hold.
const accounts = new Map([['reporter', bcrypt.hashSync('s-metrics-2026', `$2b$0${COST}$abcdefghijklmnopqrstuu`)]]);
const queue = { depth: 42, oldestSec: 3 };

function checkCredentials(header) {
  const match = /^Basic (.+)$/.exec(header || '');
  if (!match) return null;
  const [user, password] = Buffer.from(match[1], 'base64').toString('utf8').split(':');
  const hash = accounts.get(user);
  return hash && bcrypt.compareSync(password, hash) ? user : null;
}

fastify.get('/ping', async () => ({ ok: true }));
fastify.get('/metrics/queue-depth', async (request, reply) => {
  const user = checkCredentials(request.headers.authorization);
  if (!user) return reply.code(401).send({ error: 'unauthorised' });
  return { user, ...queue };
});

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-basic-auth-bcrypt-mild listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
