'use strict';
// A shipping-quote API on Fastify. The carrier's rate card arrives as XML (100 rates, about 20 KB), fetched once at
// start and kept as text. GET /quote?zone=&kg= calls loadRateCard, which parses the whole XML document with
// fast-xml-parser on every request and then finds the zone and weight band's rate in it. The document never changes between requests:
// parsed once at start (or when the feed changes), a quote would be a lookup in a Map.
const fastify = require('fastify')({ logger: false });
const { XMLParser } = require('fast-xml-parser');

const CARRIERS = ['parcelco', 'swiftpost', 'roadline'];
function buildRateCardXml() {
  const rates = [];
  for (let z = 0; z < 10; z++) {
    for (let band = 0; band < 10; band++) {
      const carrier = CARRIERS[(z + band) % 3];
      const base = 300 + ((z * 37 + band * 11 + carrier.length * 5) % 700);
      rates.push(
        `  <rate zone="Z${z}" band="${band}" carrier="${carrier}">\n` +
          `    <baseCents>${base}</baseCents>\n    <perKgCents>${40 + ((z + band) % 90)}</perKgCents>\n` +
          `    <days min="${1 + (z % 3)}" max="${3 + (band % 4)}"/>\n    <surcharge kind="fuel" percent="${(z % 7) + 3}"/>\n  </rate>`,
      );
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rateCard version="2026-11" currency="EUR">\n${rates.join('\n')}\n</rateCard>\n`;
}
const rateCardXml = buildRateCardXml();
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: true });

function loadRateCard() {
  return parser.parse(rateCardXml).rateCard.rate;
}

function quoteRate(zone, kg) {
  const band = Math.min(9, Math.floor(kg / 5));
  const offers = loadRateCard().filter((r) => r.zone === zone && r.band === band);
  return offers
    .map((r) => ({ carrier: r.carrier, cents: Math.round((r.baseCents + Math.ceil(kg * r.perKgCents)) * (1 + r.surcharge.percent / 100)), days: r.days.max }))
    .sort((a, b) => a.cents - b.cents);
}

fastify.get('/quote', async (request, reply) => {
  const zone = String(request.query.zone || 'Z0');
  const kg = Math.max(0.1, Number(request.query.kg) || 1);
  const offers = quoteRate(zone, kg);
  if (offers.length === 0) return reply.code(404).send({ error: 'no rate for zone' });
  return { zone, kg, offers };
});

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-xml-rate-card-parsed-per-quote listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  fastify.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
