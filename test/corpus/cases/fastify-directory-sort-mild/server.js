'use strict';
// A staff directory. sortDirectory copies the 10,000 employees and sorts them by name with String#localeCompare on
// every /directory request, only to return the first page: a synchronous stretch a little over 10 ms per request.
// Sorting once when the list changes (or an Intl.Collator kept around) would avoid it.
const fastify = require('fastify')({ logger: false });

const FIRST = ['Émile', 'Zoë', 'Ana', 'Björn', 'Chloé', 'Dmitri', 'Eva', 'Łukasz', 'Noémie', 'Oscar', 'Çelik', 'Ines'];
const LAST = ['Durand', 'Østergaard', 'Müller', 'García', 'Nakamura', 'Åberg', 'Smith', 'Lefèvre', 'Kowalski', 'Rossi', 'Ängström'];
const employees = [];
for (let i = 0; i < 10000; i++) {
  employees.push({ id: i, name: `${LAST[(i * 7) % LAST.length]} ${FIRST[(i * 5) % FIRST.length]} ${String.fromCharCode(97 + ((i * 13) % 26))}${i % 97}`, team: `team-${i % 40}` });
}

function sortDirectory(locale) {
  return [...employees].sort((a, b) => a.name.localeCompare(b.name, locale));
}

fastify.get('/directory', async (request) => {
  const sorted = sortDirectory(request.query.locale || 'en');
  return { total: sorted.length, page: sorted.slice(0, 25) };
});
fastify.get('/employees/:id', async (request, reply) => {
  const employee = employees[Number(request.params.id)];
  if (!employee) return reply.code(404).send({ error: 'no such employee' });
  return employee;
});

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-directory-sort-mild listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
