'use strict';
// A community site's profile pages on Fastify. GET /members/:id renders the member's profile card as HTML (a template
// literal over the member, their badges and latest posts, a few kilobytes) and keeps it in an LRU cache (lru-cache)
// bounded at 100 entries. Visitors spread over far more than 100 members, so the cache evicts its least recently used
// page on almost every miss: its size stays at the bound, memory levels off, and a miss costs one cheap render. Nothing
// here needs fixing.
const Fastify = require('fastify');
const { LRUCache } = require('lru-cache');

const members = Array.from({ length: 5000 }, (_, i) => ({
  id: i + 1,
  name: `Member ${i + 1}`,
  city: ['Lyon', 'Graz', 'Porto', 'Turku', 'Ghent'][i % 5],
  badges: Array.from({ length: 1 + (i % 6) }, (_, b) => `badge-${(i + b) % 40}`),
  posts: Array.from({ length: 10 }, (_, p) => ({ title: `Post ${p} by member ${i + 1}`, likes: (i * 31 + p * 7) % 500 })),
}));

const pages = new LRUCache({ max: 100 });

const escape = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

function renderProfile(member) {
  const badges = member.badges.map((b) => `<li class="badge">${escape(b)}</li>`).join('');
  const posts = member.posts.map((p) => `<article><h3>${escape(p.title)}</h3><span>${p.likes} likes</span></article>`).join('\n');
  return `<!doctype html><html><head><title>${escape(member.name)}</title></head><body><h1>${escape(member.name)}</h1><p>${escape(member.city)}</p><ul>${badges}</ul>${posts}</body></html>`;
}

function profilePage(id) {
  let html = pages.get(id);
  if (html === undefined) {
    const member = members[id - 1];
    if (!member) return null;
    html = renderProfile(member);
    pages.set(id, html);
  }
  return html;
}

const app = Fastify();
app.get('/members/:id', async (req, reply) => {
  const html = profilePage(Number(req.params.id));
  if (html === null) return reply.code(404).send({ error: 'no such member' });
  return reply.type('text/html; charset=utf-8').send(html);
});

app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then((address) => console.log(`fastify-lru-rendered-profiles-bounded listening on ${address}`));
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  app.close().finally(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
