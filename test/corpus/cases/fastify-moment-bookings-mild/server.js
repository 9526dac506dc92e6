'use strict';
// A meeting-room booking API. The bookings came from a legacy import that stores times as "DD/MM/YYYY HH:mm"
// strings, and upcomingBookings parses every one of a room's bookings with moment and that format on every request
// to keep the upcoming ones, instead of parsing them once when they are loaded.
const Fastify = require('fastify');
const moment = require('moment');

// Fixed "now" so that the work is the same on every run.
const NOW = moment('2026-03-10 09:00', 'YYYY-MM-DD HH:mm');
const rooms = new Map();
for (let r = 1; r <= 6; r++) {
  const bookings = [];
  for (let i = 0; i < 130; i++) {
    const day = 1 + ((i * 7 + r) % 28);
    const hour = 8 + (i % 10);
    bookings.push({ id: r * 1000 + i, title: `Meeting ${i}`, owner: `user${(i * 13) % 40}`, start: `${String(day).padStart(2, '0')}/03/2026 ${String(hour).padStart(2, '0')}:${i % 2 ? '30' : '00'}` });
  }
  rooms.set(String(r), { id: r, name: `Room ${r}`, bookings });
}

function upcomingBookings(room) {
  const upcoming = [];
  for (const b of room.bookings) {
    const start = moment(b.start, 'DD/MM/YYYY HH:mm');
    if (start.isAfter(NOW)) upcoming.push({ id: b.id, title: b.title, owner: b.owner, start: b.start, ts: start.valueOf() });
  }
  upcoming.sort((a, b) => a.ts - b.ts);
  return upcoming.slice(0, 10);
}

const app = Fastify({ logger: false });
app.get('/rooms/:id/upcoming', async (request, reply) => {
  const room = rooms.get(request.params.id);
  if (!room) return reply.code(404).send({ error: 'no such room' });
  return { room: room.name, upcoming: upcomingBookings(room) };
});
app.get('/rooms/:id', async (request, reply) => {
  const room = rooms.get(request.params.id);
  if (!room) return reply.code(404).send({ error: 'no such room' });
  return { id: room.id, name: room.name, bookings: room.bookings.length };
});

app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(
  () => console.log(`fastify-moment-bookings-mild listening on http://127.0.0.1:${app.server.address().port}`),
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  app.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
