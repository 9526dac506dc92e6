'use strict';
// A small JSON API on Fastify with its built-in pino request logging switched on, as in production: every request
// writes an "incoming request" and a "request completed" line (JSON) through pino to a file destination (here
// /dev/null, asynchronous sonic-boom writes). Logging is cheap and the requests are small. Nothing is wrong.
const Fastify = require('fastify');
const pino = require('pino');

const logger = pino({ level: 'info' }, pino.destination({ dest: '/dev/null', sync: false }));

const tickets = new Map();
for (let i = 1; i <= 300; i++) tickets.set(String(i), { id: i, title: `Ticket ${i}`, status: ['open', 'pending', 'closed'][i % 3], assignee: `agent-${i % 9}` });

const app = Fastify({ loggerInstance: logger });
app.get('/tickets/:id', async (request, reply) => {
  const ticket = tickets.get(request.params.id);
  if (!ticket) return reply.code(404).send({ error: 'no such ticket' });
  return ticket;
});
app.get('/tickets', async (request) => {
  const status = request.query.status || 'open';
  const list = [];
  for (const t of tickets.values()) if (t.status === status && list.length < 20) list.push(t);
  return { status, tickets: list };
});

app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(
  () => console.log(`fastify-pino-request-log listening on http://127.0.0.1:${app.server.address().port}`),
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  app.close().then(() => {
    logger.flush();
    process.exit(0);
  });
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
