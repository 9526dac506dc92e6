'use strict';
// A help-centre search on Express. At start the 1,000 articles are tokenised once into an inverted index (term ->
// postings with term frequencies) with each article's length; GET /search?q= scores only the articles that contain a
// query term, with BM25, and keeps the best ten in a small sorted array instead of sorting every hit. Ranking is the
// feature: the work per query is what a search costs, done from a precomputed index.
const express = require('express');

const VOCAB = [];
const SYLL = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'zi', 'pe', 'su', 'dra', 'gen', 'pol', 'tor', 'vin', 'bel'];
for (let i = 0; i < 3000; i++) VOCAB.push(SYLL[i % 16] + SYLL[(i >> 4) % 16] + SYLL[(i >> 8) % 16] + (i % 7 ? '' : 's'));
const COMMON = ['password', 'invoice', 'account', 'login', 'export', 'billing', 'team', 'report', 'error', 'refund', 'plan', 'api'];

const articles = [];
for (let d = 0; d < 1000; d++) {
  const words = [];
  const length = 100 + ((d * 37) % 250);
  for (let w = 0; w < length; w++) {
    const r = (d * 7919 + w * 104729) % 1000;
    words.push(r < 60 ? COMMON[(d + w) % COMMON.length] : VOCAB[(d * 31 + w * w) % VOCAB.length]);
  }
  articles.push({ id: d, title: `Article ${d}: ${COMMON[d % 12]} ${VOCAB[d % 3000]}`, text: words.join(' ') });
}

function tokenize(text) {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

const index = new Map();
const docLength = new Float64Array(articles.length);
for (const a of articles) {
  const terms = tokenize(`${a.title} ${a.text}`);
  docLength[a.id] = terms.length;
  const tf = new Map();
  for (const t of terms) tf.set(t, (tf.get(t) || 0) + 1);
  for (const [t, n] of tf) {
    let postings = index.get(t);
    if (!postings) index.set(t, (postings = { ids: [], tfs: [] }));
    postings.ids.push(a.id);
    postings.tfs.push(n);
  }
}
const avgLength = docLength.reduce((s, n) => s + n, 0) / articles.length;

function rankArticles(query, k1 = 1.2, b = 0.75) {
  const scores = new Float64Array(articles.length);
  const touched = [];
  for (const term of new Set(tokenize(query))) {
    const postings = index.get(term);
    if (!postings) continue;
    const idf = Math.log(1 + (articles.length - postings.ids.length + 0.5) / (postings.ids.length + 0.5));
    for (let i = 0; i < postings.ids.length; i++) {
      const id = postings.ids[i];
      const tf = postings.tfs[i];
      if (scores[id] === 0) touched.push(id);
      scores[id] += (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * docLength[id]) / avgLength));
    }
  }
  const top = [];
  for (const id of touched) {
    if (top.length < 10 || scores[id] > top[top.length - 1].score) {
      top.push({ id, score: scores[id] });
      top.sort((x, y) => y.score - x.score);
      if (top.length > 10) top.pop();
    }
  }
  return top.map((t) => ({ id: t.id, title: articles[t.id].title, score: Number(t.score.toFixed(3)) }));
}

const app = express();
app.disable('x-powered-by');
app.get('/search', (req, res) => {
  const q = String(req.query.q || '').slice(0, 200);
  res.json({ q, results: rankArticles(q) });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-search-bm25-ranking listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
