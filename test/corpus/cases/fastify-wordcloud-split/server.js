'use strict';
// A word-cloud API over a 120 KB article. buildWordCloud splits the whole text into words on every request, wraps each
// word in a token object (original, lower-case, length, position), then - after an asynchronous step (the stop-word
// list is "fetched", here an awaited in-process call) - filters and counts them. Ten requests in flight each keep
// ~20,000 fresh tokens alive across the await, so young objects survive scavenges and garbage collection takes a
// large share of the time.
const fastify = require('fastify')({ logger: false });

const WORDS = ['Node', 'event', 'loop', 'garbage', 'collector', 'stream', 'buffer', 'promise', 'latency', 'the', 'and', 'of', 'Server', 'request', 'cache', 'memory'];
const paragraphs = [];
for (let p = 0; p < 200; p++) {
  const words = [];
  for (let w = 0; w < 100; w++) words.push(WORDS[(p * 31 + w * 7) % WORDS.length]);
  paragraphs.push(words.join(' ') + '.');
}
const article = paragraphs.join('\n');

const STOP_WORDS = new Set(['the', 'and', 'of']);
const loadStopWords = () => new Promise((resolve) => setImmediate(() => resolve(STOP_WORDS)));

async function buildWordCloud(text, minLength) {
  const tokens = text.split(/\s+/).map((word, position) => {
    const clean = word.replace(/[^\w]/g, '');
    return { original: word, lower: clean.toLowerCase(), length: clean.length, position };
  });
  const stop = await loadStopWords();
  const counts = new Map();
  for (const token of tokens) {
    if (token.length < minLength || stop.has(token.lower)) continue;
    counts.set(token.lower, (counts.get(token.lower) || 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10);
}

fastify.get('/cloud', async (request) => ({ top: await buildWordCloud(article, Number(request.query.min || 3)) }));

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-wordcloud-split listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
