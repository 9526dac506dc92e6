// A booking site's API in TypeScript on Fastify. Sessions live in an in-memory store (lru-cache) bounded by count
// and by time: at most 1,000 sessions, each for 20 minutes idle. Visitors without a cookie get a new session; once the
// store is full, every new session evicts the least recently used one. Memory rises while the store fills and then
// stays flat: busy, but bounded.
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { LRUCache } from 'lru-cache';

interface Session {
  id: string;
  createdAt: number;
  csrfToken: string;
  userAgent: string;
  searches: string[];
}

const sessions = new LRUCache<string, Session>({ max: 1000, ttl: 20 * 60 * 1000, updateAgeOnGet: true });

function openSession(cookie: string | undefined, userAgent: string): { session: Session; isNew: boolean } {
  const m = /(?:^|;\s*)sid=([0-9a-f-]{36})/.exec(cookie ?? '');
  const found = m ? sessions.get(m[1]) : undefined;
  if (found) return { session: found, isNew: false };
  const session: Session = { id: randomUUID(), createdAt: Date.now(), csrfToken: randomBytes(24).toString('hex'), userAgent, searches: [] };
  sessions.set(session.id, session);
  return { session, isNew: true };
}

const hotels = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, city: ['Lisbon', 'Vienna', 'Oslo', 'Naples'][i % 4], name: `Hotel ${i + 1}`, nightCents: 6000 + ((i * 7919) % 20000) }));

const app = Fastify({ logger: false });
app.addHook('onRequest', async (request, reply) => {
  const { session, isNew } = openSession(request.headers.cookie, String(request.headers['user-agent'] ?? ''));
  (request as unknown as { session: Session }).session = session;
  if (isNew) reply.header('set-cookie', `sid=${session.id}; HttpOnly; Path=/; SameSite=Lax`);
});
app.get('/hotels', async (request) => {
  const city = String((request.query as Record<string, string>).city ?? 'Lisbon');
  const session = (request as unknown as { session: Session }).session;
  session.searches.push(city);
  return hotels.filter((h) => h.city === city).slice(0, 20);
});
app.get('/hotels/:id', async (request, reply) => {
  const hotel = hotels[Number((request.params as Record<string, string>).id) - 1];
  if (!hotel) return reply.code(404).send({ error: 'no such hotel' });
  return hotel;
});

const address = await app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' });
console.log(`fastify-ts-session-ttl-store-evicting listening on ${address}`);
function shutdown(): void {
  app.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
