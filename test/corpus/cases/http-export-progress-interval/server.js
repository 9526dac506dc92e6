'use strict';
// A reporting API. Each export starts a progress ticker (a 15 s setInterval whose closure holds the whole job: the
// query, the request headers and the exported rows) for the status page. finishExport means to stop it but clears
// job.interval, while the handle was stored as job.ticker, so every export leaves a live interval and its job behind.
const http = require('node:http');

const REGIONS = ['north', 'south', 'east', 'west', 'central', 'islands'];
const progress = new Map();
let nextJob = 1;
let finished = 0;

// Aggregates the quarter's 3,000 order lines into 40 rows (region x product group).
const LINES = [];
for (let i = 0; i < 3000; i++) LINES.push({ region: REGIONS[i % 6], group: `G-${(i * 7) % 7}`, units: (i * 37) % 40, revenue: ((i * 7919) % 100000) / 100 });

function runReport(query) {
  const totals = new Map();
  for (const line of LINES) {
    const key = `${line.region}/${line.group}`;
    const row = totals.get(key) || { region: line.region, group: line.group, units: 0, revenue: 0, currency: 'EUR', period: `${query.from}..${query.to}` };
    row.units += line.units;
    row.revenue += line.revenue;
    totals.set(key, row);
  }
  return [...totals.values()];
}

function startProgressTicker(job) {
  job.ticker = setInterval(() => {
    progress.set(job.id, { id: job.id, report: job.query.report, rows: job.rows.length, done: job.done, at: Date.now() });
  }, 15000);
}

function finishExport(job) {
  job.done = true;
  clearInterval(job.interval);
  finished++;
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const server = http.createServer(async (req, res) => {
  if (req.method === 'POST' && req.url === '/exports') {
    let query;
    try {
      query = JSON.parse(await readBody(req));
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end('{"error":"invalid JSON"}');
    }
    const job = { id: nextJob++, query, headers: { ...req.headers }, rows: [], done: false };
    startProgressTicker(job);
    job.rows = runReport(query);
    finishExport(job);
    const body = JSON.stringify({ id: job.id, report: query.report, rows: job.rows, total: job.rows.length });
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(body);
  }
  if (req.method === 'GET' && req.url === '/exports/stats') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ started: nextJob - 1, finished }));
  }
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end('{"error":"not found"}');
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-export-progress-interval listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
