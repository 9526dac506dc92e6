'use strict';
// A notification API. GET /notifications returns the current notifications and, in subscribe, registers a listener
// on the shared notification bus so the client's unread counter stays fresh - but the listener is never removed
// when the request ends. Only one request in four goes there and traffic is modest, so the listeners pile up slowly
// (Node warns once, at the eleventh).
const EventEmitter = require('node:events');
const restify = require('restify');

const bus = new EventEmitter();
const unread = new Map();
const notifications = [{ id: 1, text: 'Welcome!' }, { id: 2, text: 'Your report is ready' }];

function subscribe(userId) {
  bus.on('notification', (n) => {
    if (n.userId === userId) unread.set(userId, (unread.get(userId) || 0) + 1);
  });
}

const server = restify.createServer({ name: 'restify-subscribe-mild' });
server.get('/notifications/:user', (req, res, next) => {
  subscribe(req.params.user);
  res.send({ user: req.params.user, notifications, unread: unread.get(req.params.user) || 0 });
  next();
});
server.get('/profile/:user', (req, res, next) => {
  res.send({ user: req.params.user, name: `User ${req.params.user}` });
  next();
});
server.get('/health', (req, res, next) => {
  res.send({ ok: true });
  next();
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`restify-subscribe-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
