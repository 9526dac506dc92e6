'use strict';
// A notes API. The requireJson hook answers 415 unless the content-type header is exactly "application/json"; the
// Android app sends "application/json; charset=utf-8", which is just as valid, so its note posts fail.
const fastify = require('fastify')({ logger: false });

const notes = new Map([
  [1, { id: 1, title: 'Welcome', text: 'First note' }],
  [2, { id: 2, title: 'Todo', text: 'Buy stamps' }],
  [3, { id: 3, title: 'Ideas', text: 'Garden shed' }],
]);
let nextId = 4;

async function requireJson(request, reply) {
  if (request.method === 'POST' && request.headers['content-type'] !== 'application/json') {
    return reply.code(415).send({ error: 'content-type must be application/json' });
  }
}

fastify.addHook('preHandler', requireJson);
fastify.post('/notes', async (request, reply) => {
  const id = nextId++;
  notes.set(id, { id, title: request.body.title, text: request.body.text });
  if (notes.size > 500) notes.delete([...notes.keys()][3]);
  reply.code(201);
  return { id };
});
fastify.get('/notes/:id', async (request, reply) => {
  const note = notes.get(Number(request.params.id));
  if (!note) return reply.code(404).send({ error: 'unknown note' });
  return note;
});

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-strict-content-type-mild listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
