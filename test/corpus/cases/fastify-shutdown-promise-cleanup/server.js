'use strict';
// A document-conversion API. Each conversion takes a lease on scratch space and registers its release with
// onShutdown, which chains the callback onto a promise that settles only on SIGTERM. The lease is released at the end
// of the request anyway, but the chained callback (and its closure over the lease) stays on the pending promise.
const path = require('node:path');
const os = require('node:os');
const fastify = require('fastify')({ logger: false });

let signalShutdown;
const shutdownSignal = new Promise((resolve) => {
  signalShutdown = resolve;
});

function onShutdown(fn) {
  shutdownSignal.then(fn);
}

let nextLease = 1;
const activeLeases = new Set();

function takeScratchLease(request, doc) {
  const id = nextLease++;
  const lease = {
    id,
    dir: path.join(os.tmpdir(), 'convert', String(id)),
    files: [`${doc.document}.in`, `${doc.document}.${doc.target}`, `${doc.document}.log`],
    document: { ...doc },
    requestedBy: { ip: request.ip, headers: { ...request.headers } },
    takenAt: new Date().toISOString(),
    released: false,
  };
  activeLeases.add(lease);
  onShutdown(() => releaseLease(lease));
  return lease;
}

function releaseLease(lease) {
  if (lease.released) return;
  lease.released = true;
  activeLeases.delete(lease);
}

function convert(doc) {
  const pages = [];
  for (let p = 1; p <= Math.min(doc.pages, 60); p++) pages.push({ page: p, words: (p * 131) % 900, images: p % 4 });
  return { target: doc.target, pages: pages.length, words: pages.reduce((n, p) => n + p.words, 0) };
}

fastify.post('/conversions', async (request, reply) => {
  const doc = request.body || {};
  if (typeof doc.document !== 'string' || typeof doc.target !== 'string') return reply.code(400).send({ error: 'document and target are required' });
  const lease = takeScratchLease(request, doc);
  try {
    return { lease: lease.id, document: doc.document, result: convert(doc) };
  } finally {
    releaseLease(lease);
  }
});

fastify.get('/conversions/stats', async () => ({ leases: nextLease - 1, active: activeLeases.size }));

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-shutdown-promise-cleanup listening on http://127.0.0.1:${fastify.server.address().port}`);
});
async function shutdown() {
  signalShutdown();
  await fastify.close();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
