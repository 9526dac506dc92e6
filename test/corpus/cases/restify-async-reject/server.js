'use strict';
// An invoicing API. loadInvoice reads the invoice's tax settings, which were moved to a new key in the last release;
// it still parses the old one (now undefined), so JSON.parse throws inside the async handler and restify answers
// 500 for every invoice, one request in three of the load.
const restify = require('restify');

const settings = { taxSettingsV2: '{"rate":0.2,"country":"FR"}' };
const invoices = new Map([['41', { id: '41', net: 100 }], ['42', { id: '42', net: 250 }]]);

async function loadInvoice(id) {
  const invoice = invoices.get(id);
  if (!invoice) return null;
  const tax = JSON.parse(settings.taxSettings);
  return { ...invoice, gross: invoice.net * (1 + tax.rate) };
}

const server = restify.createServer({ name: 'restify-async-reject' });
server.get('/invoices/:id', async (req, res) => {
  const invoice = await loadInvoice(req.params.id);
  if (!invoice) return res.send(404, { error: 'not found' });
  res.send(invoice);
});
server.get('/customers/:id', (req, res, next) => {
  res.send({ id: req.params.id, name: `Customer ${req.params.id}` });
  next();
});
server.get('/health', (req, res, next) => {
  res.send({ ok: true });
  next();
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`restify-async-reject listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
