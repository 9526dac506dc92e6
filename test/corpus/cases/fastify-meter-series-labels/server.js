'use strict';
// An energy dashboard API. meterSeries prepares a smart meter's last 8,000 readings for the chart on every request:
// a Date object per reading, a label and a tooltip built by string concatenation, and a row object holding them;
// then it awaits the tariff (an asynchronous lookup), and only then keeps every 40th row for the 200-point chart. Ten
// requests in flight keep ten batches of fresh Dates, strings and rows alive across the await, so young objects survive
// scavenges and garbage collection takes a large share of the time.
const fastify = require('fastify')({ logger: false });

const POINTS = 8000;
const START = Date.UTC(2026, 9, 1);
const readings = new Map();
for (const meter of ['M-100', 'M-200', 'M-300']) {
  const series = [];
  for (let i = 0; i < POINTS; i++) series.push({ t: START + i * 300_000, kwh: ((i * 37 + meter.length) % 120) / 100 });
  readings.set(meter, series);
}
const TARIFFS = { 'M-100': 0.31, 'M-200': 0.28, 'M-300': 0.35 };
const loadTariff = (meter) => new Promise((resolve) => setImmediate(() => resolve(TARIFFS[meter])));
const pad = (n) => (n < 10 ? '0' + n : '' + n);

async function meterSeries(meter, every) {
  const rows = readings.get(meter).map((r) => {
    const at = new Date(r.t);
    const label = at.getUTCFullYear() + '-' + pad(at.getUTCMonth() + 1) + '-' + pad(at.getUTCDate()) + ' ' + pad(at.getUTCHours()) + ':' + pad(at.getUTCMinutes());
    return { at, label, tooltip: label + ' UTC: ' + r.kwh.toFixed(2) + ' kWh', kwh: r.kwh };
  });
  const tariff = await loadTariff(meter);
  const chart = [];
  for (let i = 0; i < rows.length; i += every) chart.push({ x: rows[i].label, y: rows[i].kwh, cost: +(rows[i].kwh * tariff).toFixed(3), tip: rows[i].tooltip });
  return chart;
}

fastify.get('/meters/:id/series', async (request, reply) => {
  if (!readings.has(request.params.id)) return reply.code(404).send({ error: 'unknown meter' });
  return { meter: request.params.id, points: await meterSeries(request.params.id, 40) };
});

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-meter-series-labels listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
