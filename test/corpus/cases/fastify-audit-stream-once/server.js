'use strict';
// An API with an audit trail written to one shared stream. appendAudit registers auditStream.once('error', ...) before
// every write, to answer the request with an error if the write fails; writes never fail, so none of these one-shot
// listeners ever fires and is removed, and the shared stream collects one per request. Node warns after ten.
const { Writable } = require('node:stream');
const fastify = require('fastify')({ logger: false });

let auditBytes = 0;
// Stands in for the audit log file: the stream stays open for the life of the process.
const auditStream = new Writable({
  write(chunk, encoding, callback) {
    auditBytes += chunk.length;
    callback();
  },
});

function appendAudit(entry, onFailure) {
  auditStream.once('error', onFailure);
  auditStream.write(JSON.stringify(entry) + '\n');
}

fastify.post('/accounts/:id/notes', async (request, reply) => {
  appendAudit({ account: request.params.id, action: 'note', size: JSON.stringify(request.body || {}).length }, () => reply.code(500).send({ error: 'audit failed' }));
  return { saved: true };
});
fastify.get('/accounts/:id', async (request) => ({ id: request.params.id, auditBytes }));

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-audit-stream-once listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
