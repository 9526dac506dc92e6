'use strict';
// An account API that keeps an in-memory audit trail "until the exporter is written": auditTrail appends one entry
// per request (who, what, when, the serialised request and a formatted stack trace of where it was recorded) and
// nothing ever removes them. At this service's modest traffic (500 requests a second) it grows slowly, about half a
// megabyte a second.
const restify = require('restify');

const trail = [];

function auditTrail(req) {
  trail.push({
    seq: trail.length + 1,
    at: new Date().toISOString(),
    actor: req.headers['x-user'] || 'anonymous',
    action: `${req.method} ${req.url}`,
    request: JSON.stringify({ method: req.method, url: req.url, headers: req.headers }),
    origin: new Error('audit').stack, // "where did this come from" - a formatted stack trace per entry
  });
}

const server = restify.createServer({ name: 'restify-audit-trail-mild' });
server.use((req, res, next) => {
  auditTrail(req);
  next();
});
server.get('/accounts/:id', (req, res, next) => {
  res.send({ id: req.params.id, balance: 1000 + req.params.id.length });
  next();
});
server.get('/audit/size', (req, res, next) => {
  res.send({ entries: trail.length });
  next();
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`restify-audit-trail-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
