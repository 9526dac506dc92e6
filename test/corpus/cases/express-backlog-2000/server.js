'use strict';
// A social feed API hit by a crowd: 2,000 clients hold connections open. buildFeed assembles each feed from scratch:
// it decorates 300 posts with copies of their author and reactions, awaits the (in-memory) ranking service, and
// only then serialises. Thousands of requests are in flight at once, each holding its freshly allocated feed across
// the await, so the garbage collector has to copy and promote masses of short-lived objects and becomes the
// bottleneck.
const express = require('express');

const authors = [];
for (let i = 0; i < 200; i++) authors.push({ id: i, handle: `@user${i}`, name: `User ${i}`, avatar: `/a/${i}.png`, verified: i % 9 === 0 });
const posts = [];
for (let i = 0; i < 3000; i++) posts.push({ id: i, author: i % 200, text: `post number ${i} about topic ${i % 37}`, likes: (i * 13) % 500, at: 1700000000000 + i * 60000 });

function rankingService(items) {
  // Stands in for an in-process ranking model; resolves on a later turn of the event loop.
  return new Promise((resolve) => setImmediate(() => resolve(items.map((it) => ({ ...it, score: it.likes / (1 + (it.id % 10)) })))));
}

async function buildFeed(userId) {
  const start = (userId * 37) % (posts.length - 300);
  const items = posts.slice(start, start + 300).map((p) => ({
    ...p,
    author: { ...authors[p.author] },
    reactions: [{ kind: 'like', n: p.likes }, { kind: 'love', n: p.likes >> 2 }, { kind: 'wow', n: p.likes >> 4 }],
    labels: p.text.split(' '),
  }));
  const ranked = await rankingService(items);
  ranked.sort((a, b) => b.score - a.score);
  return ranked.slice(0, 20).map((it) => ({ id: it.id, author: it.author.handle, text: it.text, score: it.score }));
}

const app = express();
app.get('/feed/:user', async (req, res, next) => {
  try {
    res.json(await buildFeed(Number(req.params.user) || 0));
  } catch (err) {
    next(err);
  }
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-backlog-2000 listening on http://127.0.0.1:${server.address().port}`);
});
server.maxConnections = 10000;
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
