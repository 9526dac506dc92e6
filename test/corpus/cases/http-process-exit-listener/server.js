'use strict';
// A report export API. trackExport registers a process 'exit' handler for every export job, to log jobs that were
// still unfinished when the process stops, and never removes it once the job is done. Node prints a
// MaxListenersExceededWarning after the eleventh request, and the handlers keep piling up on `process`.
const http = require('node:http');

let jobCounter = 0;

function trackExport(format) {
  const job = { id: ++jobCounter, format, done: false, startedAt: Date.now() };
  process.on('exit', () => {
    if (!job.done) console.error(`export ${job.id} (${job.format}) was interrupted`);
  });
  return job;
}

function runExport(format) {
  const job = trackExport(format);
  const rows = [];
  for (let i = 0; i < 20; i++) rows.push({ line: i, value: (i * job.id) % 97 });
  job.done = true;
  return { job: job.id, format, rows: rows.length };
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  let status = 200;
  let value;
  if (url.pathname === '/exports') value = runExport(url.searchParams.get('format') || 'csv');
  else if (url.pathname === '/health') value = { ok: true };
  else {
    status = 404;
    value = { error: 'not found' };
  }
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-process-exit-listener listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
