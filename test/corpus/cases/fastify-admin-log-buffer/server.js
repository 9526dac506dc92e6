'use strict';
// A helpdesk API on Fastify with its built-in pino request logging switched on. The admin page shows the latest log
// lines, so the logger's destination is a small in-memory stream: keepForAdmin appends every line pino writes to an
// array, and the admin page reads the last 100. Nothing ever trims the array (the plan was a ring buffer), so every
// request leaves its two log lines (incoming request, request completed) in memory for good.
const Fastify = require('fastify');

const adminLines = [];
const adminLog = {
  write: function keepForAdmin(line) {
    adminLines.push(line);
  },
};

const tickets = [];
for (let i = 0; i < 300; i++) tickets.push({ id: 5000 + i, subject: `Printer ${i % 7} on floor ${i % 5} jams`, status: ['open', 'pending', 'solved'][i % 3], assignee: `agent${i % 12}` });

const app = Fastify({ logger: { level: 'info', stream: adminLog } });
app.get('/tickets/:id', async (request, reply) => {
  const ticket = tickets[Number(request.params.id) - 5000];
  if (!ticket) return reply.code(404).send({ error: 'no such ticket' });
  return ticket;
});
app.get('/admin/log', async () => ({ lines: adminLines.length, latest: adminLines.slice(-100) }));

app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-admin-log-buffer listening on http://127.0.0.1:${app.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  app.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
