'use strict';
// A delivery-quote service on plain node:http with pino. A nightly job writes the carriers' delivery zones to a JSON
// snapshot (12,000 postcode areas with their zone, carrier, surcharge and a small boundary polygon: about 1.9 MB; here
// written at start into a temporary folder). GET /quotes/:postcode runs quoteDelivery, which calls loadZones: it
// reads the snapshot with fs.readFileSync and JSON.parse-s all of it on every quote "so a new snapshot is picked up at
// once", then looks one postcode up. Loading it once (and again when the file changes) would do. The other routes
// (the basket's delivery slots, the health check) are cheap, and wait behind every quote.
const http = require('node:http');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const pino = require('pino');

const log = pino({ level: process.env.LOG_LEVEL || 'warn' });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delivery-zones-'));
const SNAPSHOT = path.join(dir, 'zones.json');

function writeSnapshot() {
  const areas = [];
  for (let i = 0; i < 12000; i++) {
    const lat = 55 + (i % 300) / 100;
    const lng = 12 + Math.floor(i / 300) / 100;
    areas.push({
      postcode: String(10000 + i),
      zone: `Z${1 + (i % 9)}`,
      carrier: ['PostNord', 'DHL', 'Bring', 'Budbee'][i % 4],
      surchargeCents: (i % 7) * 50,
      days: 1 + (i % 3),
      polygon: [[lat, lng], [lat + 0.01, lng], [lat + 0.01, lng + 0.01], [lat, lng + 0.01]],
    });
  }
  fs.writeFileSync(SNAPSHOT, JSON.stringify({ generatedAt: '2026-11-29T02:00:00Z', areas }));
}

function loadZones() {
  const snapshot = JSON.parse(fs.readFileSync(SNAPSHOT, 'utf8'));
  return new Map(snapshot.areas.map((a) => [a.postcode, a]));
}

function quoteDelivery(postcode, basketCents) {
  const area = loadZones().get(postcode);
  if (!area) return null;
  const base = basketCents >= 50000 ? 0 : 4900;
  return { postcode, zone: area.zone, carrier: area.carrier, priceCents: base + area.surchargeCents, days: area.days };
}

const SLOTS = Array.from({ length: 14 }, (_, i) => ({ day: i, from: '08:00', to: i % 2 ? '12:00' : '18:00', free: 20 - (i % 5) }));

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const quote = url.pathname.match(/^\/quotes\/(\d{5})$/);
  if (quote) {
    const result = quoteDelivery(quote[1], Number(url.searchParams.get('basket')) || 0);
    if (!result) log.warn({ postcode: quote[1] }, 'postcode outside every zone');
    return result ? send(res, 200, result) : send(res, 404, { error: 'no delivery to this postcode' });
  }
  if (url.pathname === '/slots') return send(res, 200, { slots: SLOTS });
  if (url.pathname === '/health') return send(res, 200, { ok: true });
  send(res, 404, { error: 'not found' });
});

writeSnapshot();
server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-delivery-zones-readfilesync-json-parse listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  const done = () => {
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  server.close(done);
  server.closeAllConnections();
  setTimeout(done, 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
