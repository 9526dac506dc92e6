'use strict';
// A document API with a compliance audit trail. At start-up an audit CSV stream (csv-stringify in stream mode) is
// created, and auditAccess writes one record per request into it (who, what, when, user agent, the query). The stream
// is meant to be piped to the audit file, but the pipe is only set up when AUDIT_FILE is configured, which it is not in
// this deployment; nothing reads the stream and the return value of write() is ignored, so every record stays
// buffered inside the stream and the heap grows by megabytes a second under load.
const fastify = require('fastify')({ logger: false });
const { stringify } = require('csv-stringify');

const auditCsv = stringify({ header: true, columns: ['at', 'requestId', 'user', 'action', 'document', 'userAgent', 'query'] });
if (process.env.AUDIT_FILE) auditCsv.pipe(require('node:fs').createWriteStream(process.env.AUDIT_FILE, { flags: 'a' }));

function auditAccess(request, action, documentId) {
  auditCsv.write({
    at: new Date().toISOString(),
    requestId: request.id,
    user: request.headers['x-user'] || 'anonymous',
    action,
    document: documentId,
    userAgent: request.headers['user-agent'] || '',
    query: JSON.stringify(request.query),
  });
}

const documents = new Map();
for (let i = 0; i < 200; i++) documents.set(String(i), { id: String(i), title: `Contract ${i}`, pages: (i % 40) + 1, owner: `team-${i % 9}` });

fastify.get('/documents/:id', async (request, reply) => {
  const doc = documents.get(request.params.id);
  if (!doc) return reply.code(404).send({ error: 'no such document' });
  auditAccess(request, 'read', doc.id);
  return doc;
});

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-audit-csv-unpiped listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
