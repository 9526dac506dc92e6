'use strict';
// Lab "etag-listeners": a small news API on express with a home-made ETag middleware. Two problems, found one after
// the other, as in the field report this lab retells:
// 1. etagMiddleware subscribes to the long-lived contentEvents emitter on every request and never unsubscribes.
//    Node would warn after ten listeners, but a line at the top of the file silenced that warning for good.
// 2. The ETag of every answer is computed by serialising the whole response body and hashing it, on every request,
//    although the content changes about once a second.
const crypto = require('node:crypto');
const { EventEmitter } = require('node:events');
const express = require('express');

// "The MaxListenersExceededWarning spam in the logs": silenced once, for every emitter in the process.
require('events').defaultMaxListeners = Infinity;

// The CMS tells the API when an article changes.
const contentEvents = new EventEmitter();

const TOPICS = ['politics', 'science', 'sport', 'culture', 'business', 'tech', 'health', 'travel'];
const WORDS = 'the of and to in is was for on that with as by at from his her they this have which one were all'.split(' ');

function sentence(seed, words) {
  const out = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 7 + i * 13) % WORDS.length]);
  return out.join(' ') + '.';
}

function makeArticle(id) {
  const paragraphs = [];
  for (let p = 0; p < 12; p++) paragraphs.push(sentence(id + p, 60));
  return {
    id,
    title: sentence(id, 8),
    author: { name: `Author ${id % 37}`, desk: TOPICS[id % TOPICS.length] },
    tags: [TOPICS[id % TOPICS.length], TOPICS[(id * 3) % TOPICS.length]],
    updatedAt: new Date(Date.UTC(2024, 0, 1) + id * 3600_000).toISOString(),
    revision: 1,
    stats: { views: id * 31, comments: id % 17, shares: id % 5 },
    links: { self: `/articles/${id}`, comments: `/articles/${id}/comments` },
    excerpt: paragraphs[0].split(' ').slice(0, 24).join(' '),
    paragraphs,
  };
}

const articles = new Map();
// The list answers its first page of summaries, as a news front page asks for it (the whole list would be 157 KB).
const PAGE = 50;
for (let id = 1; id <= 400; id++) articles.set(id, makeArticle(id));

// An editor saves an article about once a second.
let edits = 0;
setInterval(() => {
  const id = (edits++ % articles.size) + 1;
  const article = articles.get(id);
  article.revision++;
  article.updatedAt = new Date().toISOString();
  contentEvents.emit('changed', id);
}, 1000).unref();

// The tag must not depend on the order of an object's keys, so objects are serialised with their keys sorted.
function sortedKeys(key, value) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, value[k]]));
  }
  return value;
}

function computeEtag(body) {
  return '"' + crypto.createHash('sha1').update(JSON.stringify(body, sortedKeys)).digest('base64') + '"';
}

// Adds an ETag to every JSON answer and answers 304 when the client already has that version.
function etagMiddleware(req, res, next) {
  let stale = false;
  // Remember whether the content changed while this request was being answered.
  contentEvents.on('changed', () => {
    stale = true;
  });
  const json = res.json.bind(res);
  res.json = (body) => {
    const tag = computeEtag(body);
    if (!stale) res.set('ETag', tag);
    if (!stale && req.get('if-none-match') === tag) return res.status(304).end();
    return json(body);
  };
  next();
}

const app = express();
app.set('etag', false); // the app makes its own ETags (below)
app.use(etagMiddleware);

function summary(article) {
  return {
    id: article.id,
    title: article.title,
    author: article.author,
    tags: article.tags,
    updatedAt: article.updatedAt,
    stats: article.stats,
    links: article.links,
    excerpt: article.excerpt,
  };
}

app.get('/articles', (req, res) => {
  res.json({ count: articles.size, articles: [...articles.values()].slice(0, PAGE).map(summary) });
});

app.get('/articles/:id', (req, res) => {
  const article = articles.get(Number(req.params.id));
  if (!article) return res.status(404).json({ error: 'no such article' });
  res.json(article);
});

app.get('/health', (req, res) => res.json({ ok: true }));

const server = app.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => {
  console.log(`lab etag-listeners (slow) listening on http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)).closeAllConnections());
