// A social app's profile service, an ES module (server.mjs) on plain node:http with Redis (ioredis). At start it
// loads 1,000 profiles into Redis hashes and each one's latest 20 posts into a list, with one pipeline. GET
// /profiles/:id answers the profile hash and GET /profiles/:id/feed the list: one round trip each to an in-memory
// store, one shared connection (Redis pipelines commands on it), nothing to fix.
import http from 'node:http';
import { Redis } from 'ioredis';

const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });

async function seed() {
  await redis.connect();
  const batch = redis.pipeline();
  for (let i = 0; i < 1000; i++) {
    batch.hset(`profile:${i}`, { id: String(i), name: `Member ${i}`, city: ['Lyon', 'Graz', 'Porto', 'Turku'][i % 4], followers: String((i * 7919) % 50000) });
    batch.del(`feed:${i}`);
    batch.rpush(`feed:${i}`, ...Array.from({ length: 20 }, (_, p) => JSON.stringify({ post: i * 100 + p, text: `Post ${p} of member ${i}`, likes: (i + p * 31) % 400 })));
  }
  await batch.exec();
}

async function loadProfile(id) {
  const profile = await redis.hgetall(`profile:${id}`);
  return profile.id === undefined ? null : profile;
}

async function loadFeed(id) {
  const items = await redis.lrange(`feed:${id}`, 0, 19);
  return items.map((s) => JSON.parse(s));
}

function send(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const server = http.createServer(async (req, res) => {
  const m = /^\/profiles\/(\d+)(\/feed)?$/.exec(req.url);
  if (!m) return send(res, 404, { error: 'not found' });
  try {
    if (m[2]) return send(res, 200, await loadFeed(m[1]));
    const profile = await loadProfile(m[1]);
    return profile ? send(res, 200, profile) : send(res, 404, { error: 'no such profile' });
  } catch (err) {
    return send(res, 503, { error: err.message });
  }
});

await seed();
server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-esm-redis-profile-cache listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => redis.quit().finally(() => process.exit(0)));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
