'use strict';
// A product search API with a "did you mean" line. When a search finds nothing, suggestSpelling computes the
// Levenshtein edit distance from the query to every one of the 50,000 product names, synchronously, to offer the
// closest one, instead of using a prepared index (n-grams, a BK-tree) or a bounded check. Every misspelt search holds
// the event loop for tens of milliseconds while the cheap searches that do match wait behind it.
const fastify = require('fastify')({ logger: false });

const ADJECTIVES = ['compact', 'cordless', 'heavy', 'stainless', 'folding', 'digital', 'industrial', 'precision', 'magnetic', 'adjustable'];
const NOUNS = ['drill', 'hammer', 'wrench', 'ladder', 'clamp', 'saw', 'sander', 'level', 'socket set', 'screwdriver', 'workbench', 'vacuum'];
const names = [];
for (let i = 0; i < 50000; i++) names.push(`${ADJECTIVES[i % 10]} ${NOUNS[(i * 7) % 12]} ${100 + (i % 900)}`);
const byWord = new Map();
names.forEach((name, id) => {
  for (const word of name.split(' ')) {
    if (!byWord.has(word)) byWord.set(word, []);
    byWord.get(word).push(id);
  }
});

function editDistance(a, b, row) {
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = a[i - 1] === b[j - 1] ? diagonal : 1 + Math.min(diagonal, above, row[j - 1]);
      diagonal = above;
    }
  }
  return row[b.length];
}

function suggestSpelling(query) {
  const row = new Uint16Array(64);
  let best = null;
  let bestDistance = Infinity;
  for (const name of names) {
    const d = editDistance(query, name, row);
    if (d < bestDistance) {
      bestDistance = d;
      best = name;
    }
  }
  return best;
}

fastify.get('/search', async (request) => {
  const q = String(request.query.q || '').toLowerCase().trim();
  const ids = byWord.get(q) || [];
  if (ids.length) return { q, total: ids.length, results: ids.slice(0, 10).map((id) => ({ id, name: names[id] })) };
  return { q, total: 0, results: [], didYouMean: suggestSpelling(q) };
});

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-search-did-you-mean listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
