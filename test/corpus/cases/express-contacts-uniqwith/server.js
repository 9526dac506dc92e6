'use strict';
// A CRM. The duplicate-contacts screen calls dedupeContacts, which removes exact duplicates from the address book
// with lodash uniqWith(contacts, isEqual) on every request: a quadratic number of deep comparisons, synchronously,
// holding the event loop for tens of milliseconds while the cheap contact reads wait (a Map keyed by a canonical
// string of each contact would find the same duplicates in one pass).
const express = require('express');
const _ = require('lodash');

const contacts = [];
for (let i = 0; i < 350; i++) {
  // Every 50th contact repeats an earlier one (an import that ran twice).
  const n = i % 50 === 49 ? i - 25 : i;
  contacts.push({ name: { first: `First${n % 700}`, last: `Last${n}` }, email: `person${n}@example.com`, phone: `+44 20 7946 ${String(n).padStart(4, '0')}`, tags: ['customer', n % 3 === 0 ? 'vip' : 'regular'] });
}

function dedupeContacts(list) {
  return _.uniqWith(list, _.isEqual);
}

const app = express();
app.get('/contacts/duplicates', (req, res) => {
  const unique = dedupeContacts(contacts);
  res.json({ total: contacts.length, unique: unique.length, duplicates: contacts.length - unique.length });
});
app.get('/contacts/:id', (req, res) => {
  const contact = contacts[Number(req.params.id)];
  if (!contact) return res.status(404).json({ error: 'no such contact' });
  res.json(contact);
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-contacts-uniqwith listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
