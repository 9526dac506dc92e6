'use strict';
// A CRM. The contact import route parses its body with express.json({ limit: '16kb' }), a limit copied from an
// example; the mobile app syncs contacts in batches of 100 (about 37 KB of JSON), so body-parser rejects every sync
// with 413 Payload Too Large while the small contact updates pass.
const express = require('express');

const contacts = new Map();

function importContacts(req, res) {
  for (const contact of req.body.contacts || []) contacts.set(contact.id, contact);
  res.json({ imported: (req.body.contacts || []).length, total: contacts.size });
}

const app = express();
app.post('/contacts/import', express.json({ limit: '16kb' }), importContacts);
app.get('/contacts/count', (req, res) => res.json({ total: contacts.size }));
// Answer body-parser's errors as JSON with their status (413 here), without a stack trace on stderr.
app.use((err, req, res, next) => {
  if (res.headersSent) return next(err);
  res.status(err.status || 500).json({ error: err.type || 'internal error' });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-json-limit-413 listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
