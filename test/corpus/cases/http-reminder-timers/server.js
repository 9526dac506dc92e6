'use strict';
// A reminder service. scheduleReminder arms a setTimeout for the reminder's due time (a day ahead) whose closure
// holds the whole posted reminder (text, recipients, the request headers for the audit line). Nothing ever clears
// those timers - not even DELETE, which only marks the reminder cancelled - so every request leaves a timer and its
// payload in memory for a day: memory grows by megabytes a second under load and is not given back when load stops.
const http = require('node:http');

const DAY_MS = 24 * 60 * 60 * 1000;
let nextId = 1;
let scheduled = 0;
const cancelled = new Set();

function deliver(reminder) {
  if (!cancelled.has(reminder.id)) console.error(`reminder ${reminder.id} to ${reminder.recipients.join(', ')}`);
}

function scheduleReminder(payload, headers) {
  const reminder = { id: nextId++, text: payload.text, recipients: payload.recipients, audit: { ...headers }, createdAt: new Date().toISOString() };
  setTimeout(() => deliver(reminder), DAY_MS);
  scheduled++;
  return reminder.id;
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
  res.setHeader('content-type', 'application/json');
  if (req.method === 'POST' && req.url === '/reminders') {
    const payload = JSON.parse((await readBody(req)) || '{}');
    const id = scheduleReminder(payload, req.headers);
    res.statusCode = 201;
    return res.end(JSON.stringify({ id }));
  }
  if (req.method === 'GET' && req.url === '/reminders/count') return res.end(JSON.stringify({ scheduled, cancelled: cancelled.size }));
  res.statusCode = 404;
  res.end('{"error":"not found"}');
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-reminder-timers listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
