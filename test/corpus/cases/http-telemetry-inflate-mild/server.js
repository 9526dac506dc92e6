'use strict';
// A fleet telemetry endpoint: devices upload their buffered readings as a base64, deflate-compressed CSV log, and
// ingestUpload inflates it with zlib.inflateSync and counts the records on the main thread before answering; each
// upload expands to about 15 MB, a synchronous stretch a little over 10 ms while the cheap device lookups wait.
const http = require('node:http');
const zlib = require('node:zlib');

const devices = new Map();
for (let i = 0; i < 100; i++) devices.set(`dev-${i}`, { id: `dev-${i}`, site: `site-${i % 7}`, firmware: `3.${i % 4}.0`, uploads: 0, records: 0 });

function countLines(buf) {
  let lines = 0;
  for (let i = 0; i < buf.length; i++) if (buf[i] === 10) lines++;
  return lines + 1;
}

function ingestUpload(deviceId, base64Body) {
  const log = zlib.inflateSync(Buffer.from(base64Body, 'base64'));
  const records = countLines(log);
  const device = devices.get(deviceId);
  device.uploads++;
  device.records += records;
  return { device: deviceId, records, bytes: log.length };
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = http.createServer((req, res) => {
  const m = /^\/devices\/(dev-\d+)(\/uploads)?$/.exec(req.url);
  if (!m || !devices.has(m[1])) return send(res, 404, { error: 'not found' });
  if (req.method === 'GET' && !m[2]) return send(res, 200, devices.get(m[1]));
  if (req.method === 'POST' && m[2]) {
    const chunks = [];
    req.setEncoding('utf8');
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      try {
        send(res, 201, ingestUpload(m[1], chunks.join('')));
      } catch (err) {
        send(res, 400, { error: err.message });
      }
    });
    return;
  }
  send(res, 405, { error: 'method not allowed' });
});
server.keepAliveTimeout = 30000;

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-telemetry-inflate-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
