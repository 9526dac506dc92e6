'use strict';
// A documents API on Fastify that keeps an audit trail: every read appends a line to a buffer, and every two seconds
// flushAudit hands the buffer to shipBatch, an async function that 'ships' it to the audit store. The store takes at
// most 200 lines per batch and shipBatch rejects bigger batches; flushAudit neither awaits nor catches the promise
// ('the audit must never slow requests down'). At a few requests a second the batches are small. Under load a
// two seconds' batch is too large, the promise rejects with nobody listening, and Node ends the process.
const fastify = require('fastify')({ logger: false });

const MAX_BATCH = 200;
const shipped = [];
let pending = [];

async function shipBatch(lines) {
  if (lines.length > MAX_BATCH) throw new Error(`audit batch of ${lines.length} lines exceeds the store's limit of ${MAX_BATCH}`);
  await new Promise((resolve) => setTimeout(resolve, 2));
  shipped.push(lines.length);
}

function flushAudit() {
  if (pending.length === 0) return;
  const batch = pending;
  pending = [];
  shipBatch(batch);
}
const flusher = setInterval(flushAudit, 2000);

const documents = new Map();
for (let i = 0; i < 300; i++) documents.set(String(i), { id: String(i), title: `Contract ${i}`, owner: `team-${i % 12}`, pages: 2 + (i % 30) });

fastify.get('/documents/:id', async (request, reply) => {
  const doc = documents.get(request.params.id);
  if (!doc) return reply.code(404).send({ error: 'no such document' });
  pending.push(`${new Date().toISOString()} read ${doc.id} by ${request.headers['x-user'] || 'anonymous'}`);
  return doc;
});

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-audit-batch-unhandled-rejection listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  clearInterval(flusher);
  fastify.close().then(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
