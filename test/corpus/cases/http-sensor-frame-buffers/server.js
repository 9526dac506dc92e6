'use strict';
// A sensor gateway. splitFrames decodes each posted batch (base64 text holding 48 KB of 8-byte frames) and copies
// every frame into its own small Buffer wrapped in a reading object, then the batch is handed to the (in-process,
// asynchronous) time-series store. Ten batches in flight keep thousands of tiny Buffers alive across the await;
// reading the fields straight from the decoded Buffer would allocate almost nothing.
const http = require('node:http');

const series = new Map(); // sensor id -> { count, sum, last }

function splitFrames(base64) {
  const batch = Buffer.from(base64, 'base64');
  const readings = [];
  for (let offset = 0; offset + 8 <= batch.length; offset += 8) {
    const frame = Buffer.from(batch.subarray(offset, offset + 8));
    readings.push({ frame, sensor: frame.readUInt16BE(0), kind: frame.readUInt16BE(2), value: frame.readInt32BE(4) / 100, header: Buffer.from(frame.subarray(0, 4)) });
  }
  return readings;
}

const storeBatch = (readings) =>
  new Promise((resolve) =>
    setImmediate(() => {
      for (const r of readings) {
        const s = series.get(r.sensor) || { count: 0, sum: 0, last: 0 };
        s.count++;
        s.sum += r.value;
        s.last = r.value;
        series.set(r.sensor, s);
      }
      resolve(readings.length);
    }),
  );

const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/ingest') return res.writeHead(404).end();
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (body += chunk));
  req.on('end', async () => {
    const readings = splitFrames(body);
    const stored = await storeBatch(readings);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ stored, sensors: series.size }));
  });
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-sensor-frame-buffers listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
