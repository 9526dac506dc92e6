'use strict';
// A shop's product search on Fastify with pino. The catalogue (30,000 products) lives in memory with an inverted
// index (word -> product ids). To pick up price and stock changes, a timer calls rebuildIndex every second, which
// throws the index away and tokenises every product's name and description again in one synchronous pass, a
// long stretch during which no search is answered; only the few products that changed would need re-indexing.
// A smaller second problem: every search logs its whole result (twenty hits with their fields) at info level.
const os = require('node:os');
const path = require('node:path');
const Fastify = require('fastify');
const pino = require('pino');

const logFile = path.join(os.tmpdir(), `fastify-search-index-rebuild-timer-pino-hits-${process.pid}.log`);
const log = pino({ level: 'info' }, pino.destination({ dest: logFile, sync: false }));

const WORDS = ['organic', 'cotton', 'linen', 'steel', 'oak', 'walnut', 'ceramic', 'glass', 'wool', 'leather', 'bamboo', 'copper',
  'shirt', 'table', 'lamp', 'mug', 'chair', 'blanket', 'bowl', 'jacket', 'vase', 'shelf', 'rug', 'kettle', 'small', 'large',
  'blue', 'green', 'grey', 'white', 'black', 'red', 'handmade', 'classic', 'modern', 'vintage', 'travel', 'kitchen', 'garden'];
const products = [];
for (let i = 1; i <= 30000; i++) {
  const w = (k) => WORDS[(i * (k * 7 + 3) + k * 11) % WORDS.length];
  products.push({
    id: i,
    name: `${w(1)} ${w(2)} ${w(3)} ${i}`,
    description: `A ${w(4)} ${w(5)} ${w(6)} made with ${w(7)} and ${w(8)}, ideal for the ${w(9)} ${w(10)}.`,
    price: ((i * 7919) % 20000) / 100 + 5,
    stock: i % 23,
  });
}

let index = new Map();
function rebuildIndex() {
  const next = new Map();
  for (const p of products) {
    const tokens = new Set(`${p.name} ${p.description}`.toLowerCase().split(/[^a-z0-9]+/).filter((t) => t.length > 2));
    for (const t of tokens) {
      let ids = next.get(t);
      if (!ids) next.set(t, (ids = []));
      ids.push(p.id);
    }
  }
  index = next;
}
rebuildIndex();
let tick = 0;
const refresh = setInterval(() => {
  tick++;
  const p = products[(tick * 97) % products.length];
  p.stock = (p.stock + 5) % 23;
  rebuildIndex();
}, 1000);

function search(q) {
  const terms = q.toLowerCase().split(/[^a-z0-9]+/).filter((t) => t.length > 2);
  if (terms.length === 0) return [];
  const lists = terms.map((t) => index.get(t) || []).sort((a, b) => a.length - b.length);
  const rest = lists.slice(1).map((l) => new Set(l));
  const hits = [];
  for (const id of lists[0]) {
    if (rest.every((s) => s.has(id))) hits.push(products[id - 1]);
    if (hits.length === 20) break;
  }
  return hits;
}

const app = Fastify({ logger: false });
app.get('/search', async (req) => {
  const q = String(req.query.q || '');
  const hits = search(q);
  log.info({ q, hits }, 'search');
  return { q, count: hits.length, hits: hits.map((p) => ({ id: p.id, name: p.name, price: p.price, inStock: p.stock > 0 })) };
});
app.get('/health', async () => ({ ok: true }));

app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-search-index-rebuild-timer-pino-hits listening on http://127.0.0.1:${app.server.address().port}`);
});
function shutdown() {
  clearInterval(refresh);
  app.close().finally(() => {
    require('node:fs').rmSync(logFile, { force: true });
    process.exit(0);
  });
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
