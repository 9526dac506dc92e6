// A CI service's API on Fastify (an ES module). API tokens are stored the way passwords are: as argon2id hashes
// (19 MiB, two passes), and authenticate verifies the bearer token with argon2.verify on every request, before
// the handler reads a project's recent builds from memory. argon2 runs on libuv's threadpool (four threads), so at
// sixteen clients every request queues for a thread behind the others' verifications, while the event loop idles.
// A long random token needs no slow hash: a SHA-256 of it (or a verified-token cache) would do.
import Fastify from 'fastify';
import argon2 from 'argon2';

const fastify = Fastify({ logger: false });
const ARGON = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };
const CLIENTS = [
  { id: 'tok_ci01', secret: 'tok_ci01.7f3a9c2e51b84d06a1e9c3b27d5f8e40', project: 'web' },
  { id: 'tok_ci02', secret: 'tok_ci02.0b6e4d8a93c2f1570e8d2a4b6c9f1e37', project: 'api' },
  { id: 'tok_ci03', secret: 'tok_ci03.c41d7e2b8f90a3654d1c7e0b2a9f8d16', project: 'mobile' },
  { id: 'tok_ci04', secret: 'tok_ci04.59e0a7c3d2b1f4868a3e5c7d0b1f9a24', project: 'infra' },
];
const tokens = new Map();
const builds = new Map();
for (const [p, project] of ['web', 'api', 'mobile', 'infra'].entries()) {
  builds.set(project, Array.from({ length: 20 }, (_, i) => ({ id: 9000 - i * 4 - p, project, status: i % 6 === 0 ? 'failed' : 'passed', durationSec: 180 + ((i * 37 + p * 11) % 400), commit: (0x1a2b3c + i * 7919 + p).toString(16) })));
}

async function authenticate(request) {
  const header = request.headers.authorization || '';
  const secret = header.startsWith('Bearer ') ? header.slice(7) : '';
  const stored = tokens.get(secret.split('.')[0]);
  if (!stored || !(await argon2.verify(stored.hash, secret))) return null;
  return stored;
}

fastify.get('/projects/:project/builds', async (request, reply) => {
  const client = await authenticate(request);
  if (!client) return reply.code(401).send({ error: 'invalid token' });
  if (client.project !== request.params.project) return reply.code(403).send({ error: 'forbidden' });
  return { project: client.project, builds: builds.get(client.project) };
});

for (const c of CLIENTS) tokens.set(c.id, { project: c.project, hash: await argon2.hash(c.secret, ARGON) });
await fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' });
console.log(`fastify-esm-argon2-api-token-every-request listening on http://127.0.0.1:${fastify.server.address().port}`);

function shutdown() {
  fastify.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
