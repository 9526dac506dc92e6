'use strict';
// An order API with a support feature: with X-Debug-Trace: 1, captureTrace adds an in-memory winston transport to the
// shared logger for the request and returns the lines it collected, but never removes the transport. winston's add
// pipes the logger into the transport, so the logger keeps a 'data' and an 'end' listener per debug request.
const os = require('node:os');
const fs = require('node:fs');
const express = require('express');
const winston = require('winston');

const logger = winston.createLogger({
  level: 'info',
  format: winston.format.combine(winston.format.timestamp(), winston.format.json()),
  transports: [new winston.transports.Stream({ stream: fs.createWriteStream(os.devNull) })],
});

class CaptureTransport extends winston.Transport {
  constructor(requestId) {
    super({ level: 'debug' });
    this.requestId = requestId;
    this.lines = [];
  }

  log(info, callback) {
    if (info.requestId === this.requestId) this.lines.push(`${info.level}: ${info.message}`);
    callback();
  }
}

function captureTrace(req) {
  const transport = new CaptureTransport(req.id);
  logger.add(transport);
  return transport;
}

const orders = new Map();
for (let i = 1000; i < 3000; i++) orders.set(String(i), { id: i, status: ['placed', 'packed', 'shipped'][i % 3], total: ((i * 7919) % 50000) / 100 });

let nextRequestId = 1;
const app = express();
app.use((req, res, next) => {
  req.id = `req-${nextRequestId++}`;
  req.trace = req.get('x-debug-trace') === '1' ? captureTrace(req) : null;
  logger.info(`${req.method} ${req.path}`, { requestId: req.id });
  next();
});

app.get('/orders/:id', (req, res) => {
  const order = orders.get(req.params.id);
  logger.info(`order ${req.params.id} ${order ? 'found' : 'missing'}`, { requestId: req.id });
  if (!order) return res.status(404).json({ error: 'no such order' });
  const body = { order };
  if (req.trace) body.trace = req.trace.lines;
  res.json(body);
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-winston-debug-capture-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
