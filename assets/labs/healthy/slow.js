'use strict';
// Lab "healthy": a small, fast JSON API. Under full load it uses all the CPU it can get, yet every loop turn is
// short, so the event loop stays responsive. This is what "nothing wrong" looks like in Checkup.
const http = require('node:http');

const users = new Map();
for (let id = 1; id <= 100; id++) {
  users.set(id, { id, name: `User ${id}`, email: `user${id}@example.test`, plan: id % 3 === 0 ? 'pro' : 'free' });
}

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function findUser(id) {
  return users.get(id);
}

function handle(req, res) {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/') return sendJson(res, 200, { service: 'users', status: 'ok', users: users.size });
  if (url.pathname === '/health') return sendJson(res, 200, { ok: true });
  const match = /^\/users\/(\d+)$/.exec(url.pathname);
  if (match) {
    const user = findUser(Number(match[1]));
    return user ? sendJson(res, 200, user) : sendJson(res, 404, { error: 'no such user' });
  }
  sendJson(res, 404, { error: 'not found' });
}

const server = http.createServer(handle);
server.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => {
  console.log(`lab healthy listening on http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)).closeAllConnections());
