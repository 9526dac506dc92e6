'use strict';
// A CRM's contact API on Express. The JSON body parser is set to a 64 KB limit, copied from the API's guidance for
// single-contact edits, but the same parser guards POST /contacts/import, where the mobile app uploads the address
// book in batches of 1,000 contacts (about 115 KB). Every such batch is refused by body-parser (raw-body sees the
// Content-Length over the limit and answers 413 before the handler runs), and the app's error handler turns the
// error into a quiet JSON answer without logging anything. Single-contact updates pass.
const express = require('express');

const contacts = new Map();

function saveContact(c) {
  const email = String(c.email || '').toLowerCase();
  if (!email.includes('@')) return false;
  contacts.set(email, { email, name: String(c.name || ''), phone: String(c.phone || ''), company: String(c.company || ''), updatedAt: new Date().toISOString() });
  return true;
}

const app = express();
app.use(express.json({ limit: '64kb' }));
app.post('/contacts', (req, res) => {
  if (!saveContact(req.body)) return res.status(422).json({ error: 'invalid contact' });
  res.status(201).json({ saved: 1 });
});
app.post('/contacts/import', (req, res) => {
  const batch = Array.isArray(req.body.contacts) ? req.body.contacts : [];
  let saved = 0;
  for (const c of batch) if (saveContact(c)) saved++;
  res.status(201).json({ saved, rejected: batch.length - saved });
});
// Errors become JSON for the mobile app; nothing is logged (the app team removed the console.error as "noise").
app.use((err, req, res, next) => {
  if (res.headersSent) return next(err);
  res.status(err.status || 500).json({ error: err.expose ? err.message : 'internal error' });
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-json-limit-413-contact-import listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
