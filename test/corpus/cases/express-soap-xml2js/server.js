'use strict';
// A price lookup API in front of a supplier that only speaks SOAP. A sync job stores the supplier's raw SOAP catalogue
// response (a 600 KB envelope of 2,500 items) as text, and readSupplierPrice re-parses that whole envelope with
// xml2js on every /prices/:sku request to find one item. xml2js's parseString takes a callback but runs the sax parser
// synchronously, so each lookup holds the event loop for tens of milliseconds while the cheap /status requests wait.
const express = require('express');
const xml2js = require('xml2js');

const ITEMS = 2500;
function supplierEnvelope() {
  const items = [];
  for (let i = 0; i < ITEMS; i++) {
    items.push(
      `<ns2:item><ns2:sku>SKU-${String(i).padStart(5, '0')}</ns2:sku><ns2:name>Fastener assortment ${i}</ns2:name>` +
        `<ns2:price currency="EUR">${((i * 37) % 900) / 10 + 1.5}</ns2:price><ns2:stock>${(i * 13) % 400}</ns2:stock>` +
        `<ns2:leadTimeDays>${(i % 9) + 1}</ns2:leadTimeDays><ns2:warehouse code="W${i % 7}">Hall ${i % 5}</ns2:warehouse></ns2:item>`,
    );
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
    '<soap:Header><ns2:session xmlns:ns2="urn:supplier:catalogue">c0ffee</ns2:session></soap:Header><soap:Body>' +
    `<ns2:GetCatalogueResponse xmlns:ns2="urn:supplier:catalogue"><ns2:items>${items.join('')}</ns2:items></ns2:GetCatalogueResponse>` +
    '</soap:Body></soap:Envelope>'
  );
}
// Refreshed by the sync job (here: once at start-up).
const cachedSoapResponse = supplierEnvelope();

function readSupplierPrice(sku) {
  let found = null;
  xml2js.parseString(cachedSoapResponse, { explicitArray: false }, (err, doc) => {
    if (err) throw err;
    const items = doc['soap:Envelope']['soap:Body']['ns2:GetCatalogueResponse']['ns2:items']['ns2:item'];
    const item = items.find((it) => it['ns2:sku'] === sku);
    if (item) found = { sku, price: Number(item['ns2:price']._), currency: item['ns2:price'].$.currency, stock: Number(item['ns2:stock']) };
  });
  return found;
}

const app = express();
app.get('/prices/:sku', (req, res) => {
  const price = readSupplierPrice(req.params.sku);
  if (!price) return res.status(404).json({ error: 'unknown sku' });
  res.json(price);
});
app.get('/status', (req, res) => res.json({ ok: true, items: ITEMS }));

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-soap-xml2js listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
