'use strict';
// A cart-pricing API on Express with pino. POST /cart/quote sums a cart of about 120 lines (cheap) and logs the
// request with the cart attached; the logger's `cart` serializer (cartSerializer) was written for the audit log: it
// deep-copies the cart, builds a new Intl.NumberFormat for every line to print its price in the shopper's locale and
// currency, and masks the customer's e-mail with a regular expression per line. The pricing is microseconds; the log
// line is most of each request's CPU. Logs go to a file (here /dev/null), asynchronously, as pino does.
const express = require('express');
const pino = require('pino');

function cartSerializer(cart) {
  const copy = JSON.parse(JSON.stringify(cart));
  return {
    customer: copy.customer.replace(/^(.).*(@.*)$/, '$1***$2'),
    lines: copy.lines.map((line) => {
      const money = new Intl.NumberFormat(copy.locale, { style: 'currency', currency: copy.currency });
      return { ...line, price: money.format(line.priceCents / 100), total: money.format((line.priceCents * line.qty) / 100), note: String(line.note || '').replace(/[^\w ]/g, '') };
    }),
  };
}

const logger = pino({ level: 'info', serializers: { cart: cartSerializer } }, pino.destination({ dest: process.env.LOG_FILE || '/dev/null', sync: false }));

function quote(cart) {
  let cents = 0;
  for (const line of cart.lines) cents += line.priceCents * line.qty;
  return { lines: cart.lines.length, totalCents: cents, currency: cart.currency };
}

const app = express();
app.use(express.json({ limit: '1mb' }));
app.post('/cart/quote', (req, res) => {
  const result = quote(req.body);
  logger.info({ cart: req.body, totalCents: result.totalCents }, 'cart quoted');
  res.json(result);
});

let server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`express-pino-cart-serializer listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  server.close(() => logger.flush(() => process.exit(0)));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
