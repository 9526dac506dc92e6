'use strict';
// A help desk's API on Express. POST /login checks the password with bcryptjs's compareSync (cost 10): tens of
// milliseconds of pure JavaScript on the event loop per login, during which every other request waits (the
// asynchronous compare would keep the loop free). Second, every successful login is remembered in loginHistory,
// a Map keyed by a new session id that nothing ever removes: a slow leak, a few hundred bytes per login.
const crypto = require('node:crypto');
const express = require('express');
const bcrypt = require('bcryptjs');

const agents = new Map();
const STORED_HASH = bcrypt.hashSync('s3cret-desk', 10);
for (let i = 1; i <= 40; i++) agents.set(`agent${i}`, { login: `agent${i}`, name: `Agent ${i}`, hash: STORED_HASH });

const loginHistory = new Map();

function checkPassword(agent, password) {
  return bcrypt.compareSync(password, agent.hash);
}

function rememberLogin(agent, req) {
  const sessionId = crypto.randomUUID();
  loginHistory.set(sessionId, { login: agent.login, at: new Date().toISOString(), ip: req.socket.remoteAddress, userAgent: String(req.headers['user-agent'] || '') });
  return sessionId;
}

const tickets = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, subject: `Ticket ${i + 1}`, status: ['open', 'pending', 'solved'][i % 3], priority: 1 + (i % 4) }));

const app = express();
app.use(express.json());
app.post('/login', (req, res) => {
  const agent = agents.get(String(req.body.login));
  if (!agent || !checkPassword(agent, String(req.body.password))) return res.status(401).json({ error: 'wrong login or password' });
  res.json({ session: rememberLogin(agent, req), name: agent.name });
});
app.get('/tickets', (req, res) => {
  res.json(tickets.filter((t) => t.status === (req.query.status || 'open')).slice(0, 25));
});
app.get('/tickets/:id', (req, res) => {
  const ticket = tickets[Number(req.params.id) - 1];
  if (!ticket) return res.status(404).json({ error: 'no such ticket' });
  res.json(ticket);
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-bcryptjs-sync-login-history-leak listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
