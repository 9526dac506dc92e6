'use strict';
// A moderate JSON API: a list of 500 articles filtered by tag and paginated (20 per page), and single articles by
// id. Normal, well-behaved work: a filter, a slice and the serialisation of a few kilobytes per request.
const fastify = require('fastify')({ logger: false });

const TAGS = ['node', 'perf', 'web', 'db', 'ops'];
const articles = [];
for (let i = 0; i < 500; i++) articles.push({ id: i, title: `Article ${i}`, tag: TAGS[i % TAGS.length], author: `author${i % 20}`, words: 300 + ((i * 37) % 2000), summary: `Summary of article ${i}.` });

fastify.get('/articles', async (request) => {
  const tag = request.query.tag;
  const page = Math.max(0, Number(request.query.page || 0));
  const list = tag ? articles.filter((a) => a.tag === tag) : articles;
  return { total: list.length, page, items: list.slice(page * 20, page * 20 + 20) };
});
fastify.get('/articles/:id', async (request, reply) => {
  const article = articles[Number(request.params.id)];
  if (!article) return reply.code(404).send({ error: 'not found' });
  return article;
});

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-json-api listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
