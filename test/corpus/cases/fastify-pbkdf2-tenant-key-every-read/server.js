'use strict';
// A multi-tenant notes API on Fastify with field-level encryption (AES-256-GCM, node:crypto). Each tenant's data key
// is derived from the service's master secret with PBKDF2 (SHA-256, 600,000 iterations), and tenantKey derives it
// again, asynchronously on libuv's threadpool, on every read, for the same five tenants. Each derivation keeps a pool
// thread busy for a few hundred milliseconds; ten clients keep all four threads busy and the rest queue, while the
// event loop has little to do. The key never changes: derived once per tenant and kept in memory, it would cost
// nothing per request.
const fastify = require('fastify')({ logger: false });
const crypto = require('node:crypto');
const { promisify } = require('node:util');

const pbkdf2 = promisify(crypto.pbkdf2);
const MASTER = Buffer.from('3f1c9a7be04d2c6658a1f0e7b2d94c1587e6a3b0f9d2c4e1a7b8c9d0e1f2a3b4', 'hex');
const ITERATIONS = 600000;
const TENANTS = ['acme', 'globex', 'initech', 'umbrella', 'hooli'];

// The stored notes, encrypted at start with each tenant's key (as a database would hold them).
const notes = new Map();

async function tenantKey(tenant) {
  return pbkdf2(MASTER, `tenant:${tenant}`, ITERATIONS, 32, 'sha256');
}

function encrypt(key, text) {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([c.update(text, 'utf8'), c.final()]);
  return { iv, data, tag: c.getAuthTag() };
}

function decrypt(key, { iv, data, tag }) {
  const d = crypto.createDecipheriv('aes-256-gcm', key, iv);
  d.setAuthTag(tag);
  return Buffer.concat([d.update(data), d.final()]).toString('utf8');
}

async function seed() {
  const keys = await Promise.all(TENANTS.map((t) => tenantKey(t)));
  TENANTS.forEach((t, i) => {
    for (let n = 1; n <= 20; n++) notes.set(`${t}/${n}`, encrypt(keys[i], `Note ${n} of ${t}: call the supplier about order ${n * 37}, confirm delivery window and invoice terms.`));
  });
}

async function readNote(tenant, id) {
  const stored = notes.get(`${tenant}/${id}`);
  if (!stored) return null;
  const key = await tenantKey(tenant);
  return { tenant, id, text: decrypt(key, stored) };
}

fastify.get('/tenants/:tenant/notes/:id', async (request, reply) => {
  const note = await readNote(request.params.tenant, Number(request.params.id));
  if (!note) return reply.code(404).send({ error: 'not found' });
  return note;
});

seed().then(() =>
  fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
    console.log(`fastify-pbkdf2-tenant-key-every-read listening on http://127.0.0.1:${fastify.server.address().port}`);
  }),
);
function shutdown() {
  fastify.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
