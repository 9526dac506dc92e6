'use strict';
// Lab "etag-listeners", fixed variant. The API listens to contentEvents once, at start-up, and counts content
// versions. An answer is built, serialised and tagged once per content version and per URL, then served from that
// cache until the content changes: the tag is the version, nothing is hashed per request, and Node's listener
// warning is on again.
const { EventEmitter } = require('node:events');
const express = require('express');

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

// One listener for the life of the process: a change makes every cached answer out of date.
let contentVersion = 1;
const answers = new Map();
contentEvents.on('changed', () => {
  contentVersion++;
  answers.clear();
});

// Serves the JSON that build() returns, serialised once per content version, with that version as its ETag. The body
// is kept as bytes: a string would be encoded again into a new buffer for every request.
function sendVersioned(req, res, build) {
  let answer = answers.get(req.path);
  if (!answer) {
    const value = build();
    if (value === undefined) return res.status(404).json({ error: 'not found' });
    answer = { etag: `"v${contentVersion}"`, body: Buffer.from(JSON.stringify(value)) };
    answers.set(req.path, answer);
  }
  res.set('ETag', answer.etag);
  if (req.get('if-none-match') === answer.etag) return res.status(304).end();
  res.type('json').send(answer.body);
}

const app = express();
app.set('etag', false); // the app makes its own ETags (above)

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
  sendVersioned(req, res, () => ({ count: articles.size, articles: [...articles.values()].slice(0, PAGE).map(summary) }));
});

app.get('/articles/:id', (req, res) => {
  sendVersioned(req, res, () => articles.get(Number(req.params.id)));
});

app.get('/health', (req, res) => res.json({ ok: true }));

const server = app.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => {
  console.log(`lab etag-listeners (fixed) listening on http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)).closeAllConnections());
