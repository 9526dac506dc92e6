'use strict';
// A ticketing queue's session API on plain http. One process-wide clock (an EventEmitter) emits 'tick' every 100 ms
// so sessions can expire on time. GET /sessions/:id renews a visitor's hold on their seats and calls
// watchSessionExpiry, which subscribes clock.on('tick', ...) to release the seats when the hold runs out; renewing
// pushes the expiry forward, so the check never fires and the listener is never removed. Every request leaves one
// listener, and every tick runs all of them: the ticks grow into long stretches of synchronous work.
const http = require('node:http');
const EventEmitter = require('node:events');

const clock = new EventEmitter();
// Many visitors hold seats at once, so the default warning at 11 listeners was switched off.
clock.setMaxListeners(0);
const ticker = setInterval(() => clock.emit('tick', Date.now()), 100);

const sessions = new Map();
for (let i = 0; i < 500; i++) sessions.set(String(i), { id: String(i), seats: [`R${i % 30}-${i % 12}`, `R${i % 30}-${(i % 12) + 1}`], expiresAt: 0, released: false });

function releaseSeats(session) {
  session.released = true;
  session.seats = [];
}

function watchSessionExpiry(session) {
  clock.on('tick', (now) => {
    const left = session.expiresAt - now;
    if (left <= 0 && !session.released) releaseSeats(session);
    session.countdown = `${Math.floor(left / 60000)}:${String(Math.floor((left % 60000) / 1000)).padStart(2, '0')}`;
  });
}

const server = http.createServer((req, res) => {
  const m = /^\/sessions\/(\d+)$/.exec(req.url);
  const session = m && sessions.get(m[1]);
  if (!session) {
    res.writeHead(404, { 'content-type': 'application/json' });
    return res.end('{"error":"no such session"}');
  }
  session.expiresAt = Date.now() + 10 * 60 * 1000;
  session.released = false;
  watchSessionExpiry(session);
  const body = JSON.stringify({ id: session.id, seats: session.seats, expiresAt: session.expiresAt });
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-session-countdown-tick-listeners listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  clearInterval(ticker);
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
