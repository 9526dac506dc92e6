'use strict';
// An order API that notifies partners through webhooks. deliverWebhook posts each order event to the partner's
// endpoint (here an in-process stand-in that answers asynchronously); when a delivery fails it queues a retry as a
// closure, () => deliverWebhook(event, attempt + 1), holding the whole event (the order, its lines and a copy of the
// request headers). The queue is drained by a retry worker that only runs when RETRY_WORKER=1, a flag lost in the last
// deployment change, so the closures and their events pile up forever; one partner endpoint is retired and every
// delivery to it fails, so the heap grows by megabytes a second under load.
const express = require('express');

const retryQueue = [];
const PARTNERS = { 'p-warehouse': { retired: false }, 'p-legacy-erp': { retired: true } };

// Stand-in for the partner's HTTP endpoint: answers on a later turn of the event loop; the retired one always fails.
function postToPartner(partnerId) {
  return new Promise((resolve, reject) => setImmediate(() => (PARTNERS[partnerId].retired ? reject(new Error(`${partnerId}: 410 Gone`)) : resolve(202))));
}

async function deliverWebhook(event, attempt = 1) {
  try {
    await postToPartner(event.partner);
    return true;
  } catch (err) {
    retryQueue.push({ due: Date.now() + 2 ** attempt * 1000, error: err.message, run: () => deliverWebhook(event, attempt + 1) });
    return false;
  }
}

if (process.env.RETRY_WORKER === '1') {
  setInterval(() => {
    const now = Date.now();
    for (let i = retryQueue.length - 1; i >= 0; i--) if (retryQueue[i].due <= now && retryQueue[i].run) retryQueue.splice(i, 1)[0].run();
  }, 1000).unref();
}

const app = express();
app.use(express.json());
app.post('/orders', async (req, res) => {
  const order = { id: `o-${Date.now().toString(36)}`, ...req.body, createdAt: new Date().toISOString() };
  const partners = Object.keys(PARTNERS);
  const results = await Promise.all(partners.map((partner) => deliverWebhook({ partner, type: 'order.created', order, headers: { ...req.headers } })));
  res.status(201).json({ id: order.id, notified: results.filter(Boolean).length });
});
app.get('/health', (req, res) => res.json({ ok: true }));

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-webhook-retry-closures listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
