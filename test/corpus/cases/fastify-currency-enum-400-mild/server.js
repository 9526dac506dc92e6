'use strict';
// A payments API whose POST /payments route declares a JSON schema for its body, with the currency as an enum of
// upper-case ISO codes ('EUR', 'USD', 'GBP'). One of the shop integrations (a plugin for an older e-commerce
// platform) sends the currency in lower case ("eur"), which the spec the partners were given never forbade; Fastify's
// schema validation rejects those payments with 400 before the handler runs. That plugin's traffic is one request in
// eight, about 12 % of the load; everything else passes.
const fastify = require('fastify')({ logger: false });

const paymentBody = {
  type: 'object',
  required: ['orderId', 'amount', 'currency'],
  properties: {
    orderId: { type: 'string', minLength: 1 },
    amount: { type: 'number', exclusiveMinimum: 0 },
    currency: { type: 'string', enum: ['EUR', 'USD', 'GBP'] },
    method: { type: 'string', enum: ['card', 'sepa', 'paypal'] },
  },
};

let nextId = 1;
function registerPaymentRoutes(app) {
  app.post('/payments', { schema: { body: paymentBody } }, async (request, reply) => {
    const { orderId, amount, currency } = request.body;
    reply.code(201);
    return { id: `pay-${nextId++}`, orderId, amount, currency, status: 'authorised' };
  });
  app.get('/payments/:id', async (request) => ({ id: request.params.id, status: 'authorised' }));
}
registerPaymentRoutes(fastify);

fastify.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' }).then(() => {
  console.log(`fastify-currency-enum-400-mild listening on http://127.0.0.1:${fastify.server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  fastify.close().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
