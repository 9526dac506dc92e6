'use strict';
// A social timeline API. extractHashtags collects the trending hashtags by spreading text.matchAll(/#(\w+)/g) over
// the recent posts on every request (one match array with index, input and groups per hashtag) and keeps the matches
// across an awaited spam check before counting them.
const Koa = require('koa');
const Router = require('@koa/router');

const WORDS = ['launch', 'release', 'nodejs', 'perf', 'coffee', 'monday', 'deploy', 'bugfix', 'weekend', 'design', 'remote', 'hiring'];
const posts = [];
for (let i = 0; i < 1500; i++) {
  posts.push(`Post ${i}: shipping the ${WORDS[i % WORDS.length]} today with ${WORDS[(i * 5) % WORDS.length]} and ${WORDS[(i * 7 + 3) % WORDS.length]}, with the team #day${i % 30} #${WORDS[(i * 11 + 1) % WORDS.length]}${i % 4}`);
}
const recentText = posts.join('\n');

// The spam check is a remote list in production; here it answers asynchronously from memory.
const BLOCKED = new Set(['day13']);
const loadBlockedTags = () => new Promise((resolve) => setImmediate(() => resolve(BLOCKED)));

async function extractHashtags(text) {
  const matches = [...text.matchAll(/#(\w+)/g)];
  const blocked = await loadBlockedTags();
  const counts = new Map();
  for (const m of matches) if (!blocked.has(m[1])) counts.set(m[1], (counts.get(m[1]) || 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 10);
}

const app = new Koa();
app.silent = true;
const router = new Router();
router.get('/trending', async (ctx) => {
  ctx.body = { trending: (await extractHashtags(recentText)).map(([tag, count]) => ({ tag, count })) };
});
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-hashtag-matchall-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
